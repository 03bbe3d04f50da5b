// Workspace sessions: a random token in an HttpOnly, SameSite=Strict cookie (a link from another site
// never arrives signed in, so no cross-site request can act as an editor), its SHA-256 in the database,
// ending after eight hours whatever happens, or when the account is disabled or its password set.
import type { AstroCookies } from 'astro';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { staffSessions, staffUsers } from '../db/schema.ts';
import { randomToken, sha256Hex } from '../auth/index.ts';
import { env } from '../env.ts';
import type { StaffUser } from './staff.ts';

const STAFF_COOKIE = 'vsf-staff';
const SESSION_HOURS = 8;

type Jar = Pick<AstroCookies, 'get' | 'set' | 'delete'>;

/** Browsers refuse Secure cookies over plain http, which is how a shop on localhost is reached. */
const secureFor = (url: URL) => url.protocol === 'https:' || new URL(env().SITE_URL).protocol === 'https:';

export async function startStaffSession(db: Db, user: StaffUser, cookies: Jar, url: URL): Promise<void> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_HOURS * 3_600_000);
  await db.insert(staffSessions).values({ tokenHash: sha256Hex(token), staffId: user.id, expiresAt });
  if (Math.random() < 0.05) await db.delete(staffSessions).where(lt(staffSessions.expiresAt, sql`now()`)).catch(() => {});
  cookies.set(STAFF_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'strict', secure: secureFor(url), expires: expiresAt });
}

/** The signed-in staff member, or null: no cookie, an unknown or expired session, a disabled account. */
export async function resolveStaffSession(db: Db, cookies: Pick<AstroCookies, 'get'>): Promise<StaffUser | null> {
  const token = cookies.get(STAFF_COOKIE)?.value;
  if (!token || token.length > 64) return null;
  const [row] = await db.select({ user: staffUsers }).from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, sha256Hex(token)), gt(staffSessions.expiresAt, sql`now()`), isNull(staffUsers.disabledAt)));
  return row?.user ?? null;
}

export async function endStaffSession(db: Db, cookies: Jar, url: URL): Promise<void> {
  const token = cookies.get(STAFF_COOKIE)?.value;
  if (token) await db.delete(staffSessions).where(eq(staffSessions.tokenHash, sha256Hex(token)));
  cookies.delete(STAFF_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure: secureFor(url) });
}
