// Register: { email, password, firstName, lastName } -> 201 { user }.
// Only while registration is enabled; assigns the next customer number, signs the new customer in
// and sends a welcome email in the shopper's language.
import { auth } from '#lib/server/auth/index.ts';

export const prerender = false;

export const POST = auth.register;
