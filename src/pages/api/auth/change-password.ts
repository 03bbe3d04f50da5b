// Change password (spec section 7): { currentPassword, newPassword } -> { ok: true }.
// Needs a session; signs out every other session of the customer, keeps this one.
import { json } from '#lib/server/http.ts';
import { getDb } from '#lib/server/db/index.ts';
import { changePasswordRequestSchema } from '#lib/auth/contract.ts';
import { authEndpoint, readAuthBody } from '#lib/server/auth/http.ts';
import { resolveSession } from '#lib/server/auth/session.ts';
import { changePassword } from '#lib/server/auth/account.ts';
import { clientIp } from '#lib/server/auth/client-ip.ts';
import { unauthenticated } from '#lib/server/auth/errors.ts';

export const prerender = false;

export const POST = authEndpoint(async (context) => {
  const { request, cookies, url } = context;
  const body = await readAuthBody(request, changePasswordRequestSchema);
  const db = await getDb();
  const session = await resolveSession(cookies, { url, db });
  if (!session) throw unauthenticated();
  await changePassword(db, session, body, clientIp(context));
  return json({ ok: true });
});
