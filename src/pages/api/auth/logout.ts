// Logout (spec sections 4, 7): {} -> { ok: true }. Revokes the login everywhere it is used (its
// refresh-token family) and clears the session cookies and the cart cookie (logout clears the cart).
import { json } from '#lib/server/http.ts';
import { getDb } from '#lib/server/db/index.ts';
import { emptyRequestSchema } from '#lib/auth/contract.ts';
import { authEndpoint, readAuthBody } from '#lib/server/auth/http.ts';
import { endSession } from '#lib/server/auth/session.ts';

export const prerender = false;

export const POST = authEndpoint(async ({ request, cookies, url }) => {
  await readAuthBody(request, emptyRequestSchema);
  await endSession(await getDb(), cookies, { url, clearCart: true });
  return json({ ok: true });
});
