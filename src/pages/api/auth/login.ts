// Login: { username, password, rememberMe? } -> { user }.
// Logs out whatever session the request carries first, then signs in and sets the session cookies.
import { auth } from '#lib/server/auth/index.ts';

export const prerender = false;

export const POST = auth.login;
