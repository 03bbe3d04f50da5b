// Reset password request: { email } (email or customer number) -> { ok: true }.
// The same answer, equally fast, whether or not the account exists: the lookup and the email happen
// after the response. The link is valid for 60 minutes and works once.
import { auth } from '#lib/server/auth/index.ts';

export const prerender = false;

export const POST = auth.resetRequest;
