// Token refresh (spec section 7): {} -> { user }. Renews the user token from the refresh cookie when
// it is missing or expired (rotating the refresh token); 401 UNAUTHENTICATED when neither is valid.
import { json } from '#lib/server/http.ts';
import { emptyRequestSchema, type UserResponse } from '#lib/auth/contract.ts';
import { authEndpoint, readAuthBody } from '#lib/server/auth/http.ts';
import { resolveSession } from '#lib/server/auth/session.ts';
import { toUser } from '#lib/server/auth/customers.ts';
import { unauthenticated } from '#lib/server/auth/errors.ts';

export const prerender = false;

export const POST = authEndpoint(async ({ request, cookies, url }) => {
  await readAuthBody(request, emptyRequestSchema);
  const session = await resolveSession(cookies, { url });
  if (!session) throw unauthenticated();
  return json({ user: toUser(session.customer) } satisfies UserResponse);
});
