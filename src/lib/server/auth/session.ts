// Who is signed in: a valid user token says so; when it is missing or expired, a
// valid refresh cookie silently renews it (rotating the refresh token) and sets fresh cookies.
import { and, eq, exists, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { getDb } from '../db/index.ts';
import { customerUsers, customers, onBehalfSessions, refreshTokens, staffUsers } from '../db/schema.ts';
import { STAFF_ROLES, staffMay } from '#lib/admin/rules.ts';
import {
  clearSessionCookies,
  REFRESH_COOKIE,
  setSessionCookies,
  USER_TOKEN_COOKIE,
  type CookieJar,
} from './cookies.ts';
import {
  familyOfToken,
  revokeFamily,
  rotateRefreshToken,
  startRefreshFamily,
  type IssuedRefresh,
} from './refresh-tokens.ts';
import { signUserToken, verifyUserToken } from './user-token.ts';
import { userRow, type CustomerRow, type UserRow } from './customers.ts';
import { closeOnBehalf } from './on-behalf-log.ts';

export interface Session {
  /** The company: its prices, addresses, orders. */
  customer: CustomerRow;
  /** Who signed in: their e-mail, password and role. */
  user: UserRow;
  /** The login this session belongs to (refresh-token family). */
  familyId: string;
  /** The staff member who opened this session from the workspace (ordering on behalf), else null. */
  onBehalf: { staffId: number; staffEmail: string } | null;
}

/** The staff roles that may act for a customer: a session opened by one who lost the role ends with it. */
const SELLING_ROLES = STAFF_ROLES.filter((role) => staffMay(role, 'sales'));

export interface SessionOptions {
  /** The request URL: decides the Secure flag of renewed cookies (not on localhost). */
  url?: URL;
  db?: Db;
  now?: Date;
}

/**
 * The user and their company, provided the login (family) has not been revoked and the user is still
 * active: logout and disabling act at once, not in 15 minutes. A login opened on behalf of the user
 * also needs its staff member: still enabled, still in a selling role, the session not ended or expired.
 */
async function loadSession(db: Db, userId: string, familyId: string, now: Date): Promise<Session | null> {
  const alive = db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)),
    );
  const [row] = await db
    .select({ user: customerUsers, customer: customers, staffId: staffUsers.id, staffEmail: staffUsers.email })
    .from(customerUsers)
    .innerJoin(customers, eq(customers.id, customerUsers.customerId))
    .leftJoin(onBehalfSessions, eq(onBehalfSessions.familyId, familyId))
    .leftJoin(staffUsers, eq(staffUsers.id, onBehalfSessions.staffId))
    .where(
      and(
        eq(customerUsers.id, userId),
        eq(customerUsers.status, 'active'),
        exists(alive),
        or(
          isNull(onBehalfSessions.familyId),
          and(
            eq(onBehalfSessions.userId, userId),
            isNull(onBehalfSessions.endedAt),
            gt(onBehalfSessions.expiresAt, now),
            isNull(staffUsers.disabledAt),
            inArray(staffUsers.role, SELLING_ROLES),
          ),
        ),
      ),
    );
  if (!row) return null;
  const onBehalf =
    row.staffId === null || row.staffEmail === null ? null : { staffId: row.staffId, staffEmail: row.staffEmail };
  return { customer: row.customer, user: userRow(row.user), familyId, onBehalf };
}

/** Creates a login: a new refresh family and a user token for it. */
export async function startSession(
  db: Db,
  userId: string,
  remember: boolean,
  now = new Date(),
): Promise<{ userToken: string; refresh: IssuedRefresh }> {
  const refresh = await startRefreshFamily(db, userId, remember, now);
  return { userToken: signUserToken(userId, refresh.familyId, now), refresh };
}

async function resolve(cookies: CookieJar, options: SessionOptions): Promise<Session | null> {
  const token = cookies.get(USER_TOKEN_COOKIE)?.value;
  const refresh = cookies.get(REFRESH_COOKIE)?.value;
  if (!token && !refresh) return null;
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  if (token) {
    const claims = verifyUserToken(token, now);
    const session = claims ? await loadSession(db, claims.sub, claims.fam, now) : null;
    if (session) return session;
  }
  if (refresh) {
    const rotated = await rotateRefreshToken(db, refresh, now);
    if (rotated.ok) {
      const session = await loadSession(db, rotated.refresh.userId, rotated.refresh.familyId, now);
      if (session) {
        setSessionCookies(
          cookies,
          { userToken: signUserToken(session.user.id, session.familyId, now), refresh: rotated.refresh },
          options.url,
          now,
        );
        return session;
      }
    }
  }
  clearSessionCookies(cookies, options.url);
  return null;
}

// One resolution per request: currentShopper may be asked several times while a request is served,
// and a second rotation of the same refresh token would only waste a row.
const perRequest = new WeakMap<object, Promise<Session | null>>();

export function resolveSession(cookies: CookieJar, options: SessionOptions = {}): Promise<Session | null> {
  let pending = perRequest.get(cookies);
  if (!pending) {
    pending = resolve(cookies, options);
    perRequest.set(cookies, pending);
  }
  return pending;
}

/**
 * The session this request resolved, if any part of it asked (a state change always does); undefined
 * when nothing did. Asks nothing itself, so a request that never needed the session costs nothing.
 */
export function sessionResolvedIn(cookies: CookieJar): Promise<Session | null> | undefined {
  return perRequest.get(cookies);
}

/** Forgets the memoised answer after the session changed within the request (login, logout). */
function forgetSession(cookies: CookieJar): void {
  perRequest.delete(cookies);
}

/**
 * Logs out whatever session the request carries: revokes its refresh family (found from the refresh
 * cookie, else from the user token) and clears the session cookies.
 */
export async function endSession(db: Db, cookies: CookieJar, options: { url?: URL; now?: Date } = {}): Promise<void> {
  const families = new Set<string>();
  const refresh = cookies.get(REFRESH_COOKIE)?.value;
  if (refresh) {
    const family = await familyOfToken(db, refresh);
    if (family) families.add(family);
  }
  const token = cookies.get(USER_TOKEN_COOKIE)?.value;
  // An expired token still names its family; its signature is what matters here.
  const claims = token ? verifyUserToken(token, new Date(0)) : null;
  if (claims) families.add(claims.fam);
  for (const family of families) {
    await revokeFamily(db, family, options.now);
    await closeOnBehalf(db, family, options.now);
  }
  clearSessionCookies(cookies, options.url);
  forgetSession(cookies);
}
