// Current user: GET, or POST {} for the typed client -> { user };
// 401 UNAUTHENTICATED for guests. A refresh cookie alone renews the session on the way.
import { auth } from '#lib/server/auth/index.ts';

export const prerender = false;

export const GET = auth.meByQuery;
export const POST = auth.me;
