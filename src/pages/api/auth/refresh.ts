// Token refresh: {} -> { user }. Renews the user token from the refresh cookie when
// it is missing or expired (rotating the refresh token); 401 UNAUTHENTICATED when neither is valid.
import { auth } from '#lib/server/auth/index.ts';

export const prerender = false;

export const POST = auth.refresh;
