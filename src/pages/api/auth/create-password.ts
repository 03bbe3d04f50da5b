// Create password: { token, password } -> { ok: true }; 400 INVALID_TOKEN for an
// unknown, expired or used link. Success signs the customer out everywhere (all refresh families).
import { auth } from '#lib/server/auth/index.ts';

export const prerender = false;

export const POST = auth.createPassword;
