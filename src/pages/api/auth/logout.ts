// Logout: {} -> { ok: true }. Revokes the login everywhere it is used (its
// refresh-token family) and clears the session cookies and the cart cookie (logout clears the cart).
import { auth } from '#lib/server/auth/index.ts';

export const prerender = false;

export const POST = auth.logout;
