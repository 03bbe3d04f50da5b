// Ordering on behalf (issue 36, docs/accounts.md): a sales staff member opens a company user's session
// from the workspace. It is an ordinary login of that user (same prices, permissions, budgets and
// approval), marked in on_behalf_sessions with who opened it, ending after ON_BEHALF_HOURS, when the
// staff member ends it, signs out of it, is disabled or loses the sales role (session.ts checks on
// every request). Every state change made in it is written to the audit log under both names.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customerUsers, customers, onBehalfSessions } from '../db/schema.ts';
import { ApiError, rawEndpoint } from '../http.ts';
import { getDb } from '../db/index.ts';
import { DEFAULT_LOCALE, isLocale } from '#lib/i18n/locales.ts';
import { localePath } from '#lib/site/paths.ts';
import { setOnBehalfMarker, setSessionCookies, type CookieJar } from './cookies.ts';
import { endSession, resolveSession, sessionResolvedIn, startSession } from './session.ts';
import { auditOnBehalf } from './on-behalf-log.ts';
import { changesState } from '../request-reads.ts';

/** How long a session opened on behalf lasts at most: a working day, as a workspace session does. */
export const ON_BEHALF_HOURS = 8;

const noSuchUser = () => new ApiError('COMPANY_USER_NOT_FOUND', 'There is no active company user with this id.', 404);

/**
 * Opens `userId`'s session in the staff member's browser (ending whatever customer session it had) and
 * answers where the shop continues: the home page in the user's language.
 */
export async function startOnBehalf(
  db: Db,
  staff: { id: number },
  userId: string,
  context: { cookies: CookieJar; url: URL },
  now = new Date(),
): Promise<{ ok: true; location: string }> {
  const [row] = await db
    .select({ user: customerUsers, customer: customers })
    .from(customerUsers)
    .innerJoin(customers, eq(customers.id, customerUsers.customerId))
    .where(and(eq(customerUsers.id, userId), eq(customerUsers.status, 'active')));
  if (!row) throw noSuchUser();
  await endSession(db, context.cookies, { url: context.url, now });
  const session = await db.transaction(async (tx) => {
    const started = await startSession(tx, userId, false, now);
    await tx.insert(onBehalfSessions).values({
      familyId: started.refresh.familyId,
      staffId: staff.id,
      userId,
      startedAt: now,
      expiresAt: new Date(now.getTime() + ON_BEHALF_HOURS * 3_600_000),
    });
    await auditOnBehalf(tx, started.refresh.familyId, {
      action: 'on-behalf.start',
      details: { user: row.user.name, company: row.customer.company ?? '' },
    });
    return started;
  });
  setSessionCookies(context.cookies, session, context.url, now);
  const company = row.customer.company ?? row.customer.customernum;
  setOnBehalfMarker(context.cookies, `${row.user.name} (${row.user.email}), ${company}`, context.url);
  const locale = row.user.locale ?? row.customer.locale;
  return { ok: true, location: localePath(isLocale(locale) ? locale : DEFAULT_LOCALE, '/') };
}

/**
 * After a request: a state change (request-reads.ts) made in a session opened on behalf gets its audit
 * row, with the address and the answer's status, refused ones included. Only a request that resolved
 * its session is looked at, and every state change of a shopper does.
 */
export async function recordOnBehalfAction(
  db: () => Promise<Db>,
  request: { request: Request; path: string; cookies: CookieJar },
  status: number,
): Promise<void> {
  if (!changesState(request.request)) return;
  const session = await sessionResolvedIn(request.cookies);
  if (!session?.onBehalf) return;
  await auditOnBehalf(await db(), session.familyId, {
    action: 'on-behalf.request',
    details: { method: request.request.method, path: request.path, status },
  });
}

/** Where ending a session opened on behalf leads: back to the workspace's customers. */
const ON_BEHALF_HOME = '/admin/customers';

/**
 * The banner's end button, a plain form (no script needed): ends the session opened on behalf in this
 * browser (with its audit row, session.ts: endSession) and goes back to the workspace. A customer's own
 * session is no business of this button and stays. A cross-site form cannot end anything: the session
 * cookies are SameSite=Lax, so such a post arrives signed out.
 */
export const endOnBehalf = rawEndpoint(async ({ cookies, url }) => {
  const db = await getDb();
  const session = await resolveSession(cookies, { url, db });
  if (session?.onBehalf) await endSession(db, cookies, { url });
  return new Response(null, { status: 303, headers: { location: ON_BEHALF_HOME } });
});
