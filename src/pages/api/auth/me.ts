// Current user (spec section 7: load current user): GET, or POST {} for the typed client -> { user };
// 401 UNAUTHENTICATED for guests. A refresh cookie alone renews the session on the way.
import type { APIContext } from 'astro';
import { json } from '#lib/server/http.ts';
import { emptyRequestSchema, type UserResponse } from '#lib/auth/contract.ts';
import { authEndpoint, readAuthBody } from '#lib/server/auth/http.ts';
import { resolveSession } from '#lib/server/auth/session.ts';
import { toUser } from '#lib/server/auth/customers.ts';
import { unauthenticated } from '#lib/server/auth/errors.ts';

export const prerender = false;

async function currentUser({ cookies, url }: APIContext): Promise<Response> {
  const session = await resolveSession(cookies, { url });
  if (!session) throw unauthenticated();
  return json({ user: toUser(session.customer) } satisfies UserResponse);
}

export const GET = authEndpoint(currentUser);

export const POST = authEndpoint(async (context) => {
  await readAuthBody(context.request, emptyRequestSchema);
  return currentUser(context);
});
