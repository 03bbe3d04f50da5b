// Create password (spec sections 4, 7): { token, password } -> { ok: true }; 400 INVALID_TOKEN for an
// unknown, expired or used link. Success signs the customer out everywhere (all refresh families).
import { json } from '#lib/server/http.ts';
import { getDb } from '#lib/server/db/index.ts';
import { setPasswordRequestSchema } from '#lib/auth/contract.ts';
import { authEndpoint, readAuthBody } from '#lib/server/auth/http.ts';
import { setPasswordWithToken } from '#lib/server/auth/account.ts';
import { clearSessionCookies } from '#lib/server/auth/cookies.ts';

export const prerender = false;

export const POST = authEndpoint(async ({ request, cookies, url }) => {
  const body = await readAuthBody(request, setPasswordRequestSchema);
  await setPasswordWithToken(await getDb(), body.token, 'create', body.password);
  clearSessionCookies(cookies, url);
  return json({ ok: true });
});
