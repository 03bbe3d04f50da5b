// Who is signed in: a valid user token says so; when it is missing or expired, a
// valid refresh cookie silently renews it (rotating the refresh token) and sets fresh cookies.
import { and, eq, exists, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { getDb } from '../db/index.ts';
import { customers, refreshTokens } from '../db/schema.ts';
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
import type { CustomerRow } from './customers.ts';

export interface Session {
  customer: CustomerRow;
  /** The login this session belongs to (refresh-token family). */
  familyId: string;
}

export interface SessionOptions {
  /** The request URL: decides the Secure flag of renewed cookies (not on localhost). */
  url?: URL;
  db?: Db;
  now?: Date;
}

/** The customer, provided the login (family) has not been revoked: logout acts at once, not in 15 minutes. */
async function loadSession(db: Db, customerId: string, familyId: string): Promise<Session | null> {
  const alive = db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        eq(refreshTokens.customerId, customerId),
        isNull(refreshTokens.revokedAt),
      ),
    );
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), exists(alive)));
  return customer ? { customer, familyId } : null;
}

/** Creates a login: a new refresh family and a user token for it. */
export async function startSession(
  db: Db,
  customerId: string,
  remember: boolean,
  now = new Date(),
): Promise<{ userToken: string; refresh: IssuedRefresh }> {
  const refresh = await startRefreshFamily(db, customerId, remember, now);
  return { userToken: signUserToken(customerId, refresh.familyId, now), refresh };
}

async function resolve(cookies: CookieJar, options: SessionOptions): Promise<Session | null> {
  const token = cookies.get(USER_TOKEN_COOKIE)?.value;
  const refresh = cookies.get(REFRESH_COOKIE)?.value;
  if (!token && !refresh) return null;
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  if (token) {
    const claims = verifyUserToken(token, now);
    const session = claims ? await loadSession(db, claims.sub, claims.fam) : null;
    if (session) return session;
  }
  if (refresh) {
    const rotated = await rotateRefreshToken(db, refresh, now);
    if (rotated.ok) {
      const session = await loadSession(db, rotated.refresh.customerId, rotated.refresh.familyId);
      if (session) {
        setSessionCookies(
          cookies,
          { userToken: signUserToken(session.customer.id, session.familyId, now), refresh: rotated.refresh },
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
  for (const family of families) await revokeFamily(db, family, options.now);
  clearSessionCookies(cookies, options.url);
  forgetSession(cookies);
}
