// Signing staff in and out, each defined once: POST /api/admin/sign-in and /api/admin/sign-out answer
// them as JSON (API clients, the specs), and /admin/sign-in and /admin/sign-out take them as plain forms
// (page.ts): the sign-in page's form and the sign-out button of every workspace page.
import type { AstroCookies } from 'astro';
import { adminApi } from '#lib/admin/contract.ts';
import { getDb } from '../db/index.ts';
import { stateChange } from '../http.ts';
import { clientIp, type ClientContext } from '../client-ip.ts';
import { authenticateStaff } from './staff.ts';
import { endStaffSession, startStaffSession } from './sessions.ts';

interface SessionRequest {
  cookies: AstroCookies;
  url: URL;
}

export const staffSignIn = stateChange(adminApi.signIn, async (body, context: SessionRequest & ClientContext) => {
  const db = await getDb();
  const user = await authenticateStaff(db, body, clientIp(context));
  await startStaffSession(db, user, context.cookies, context.url);
  return { email: user.email, role: user.role };
});

export const staffSignOut = stateChange(adminApi.signOut, async (_body, { cookies, url }: SessionRequest) => {
  await endStaffSession(await getDb(), cookies, url);
  return { ok: true as const };
});
