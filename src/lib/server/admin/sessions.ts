// Workspace sessions: a random token in an HttpOnly, SameSite=Strict cookie (a link from another site
// never arrives signed in, so no cross-site request can act as an editor), its SHA-256 in the database,
// ending after eight hours whatever happens, or when the account is disabled or its password set.
// A session may carry an editor's preview (src/lib/server/preview.ts): the preview cookie's token is
// kept hashed on the session row, so it ends with the session and when the editor leaves it, on the
// server, whatever copies of the cookie exist.
import type { AstroCookies } from 'astro';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { staffSessions, staffUsers } from '../db/schema.ts';
import { randomToken, sha256Hex } from '../auth/index.ts';
import { env } from '../env.ts';
import type { StaffUser } from './staff.ts';
import { PREVIEW_COOKIE } from '#lib/admin/preview-cookie.ts';

const STAFF_COOKIE = 'vsf-staff';
const SESSION_HOURS = 8;

type Jar = Pick<AstroCookies, 'get' | 'set' | 'delete'>;

/** Browsers refuse Secure cookies over plain http, which is how a shop on localhost is reached. */
const secureFor = (url: URL) => url.protocol === 'https:' || new URL(env().SITE_URL).protocol === 'https:';

export async function startStaffSession(db: Db, user: StaffUser, cookies: Jar, url: URL): Promise<void> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_HOURS * 3_600_000);
  await db.insert(staffSessions).values({ tokenHash: sha256Hex(token), staffId: user.id, expiresAt });
  if (Math.random() < 0.05)
    await db
      .delete(staffSessions)
      .where(lt(staffSessions.expiresAt, sql`now()`))
      .catch(() => {});
  cookies.set(STAFF_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: secureFor(url),
    expires: expiresAt,
  });
}

/** The signed-in staff member, or null: no cookie, an unknown or expired session, a disabled account. */
export async function resolveStaffSession(db: Db, cookies: Pick<AstroCookies, 'get'>): Promise<StaffUser | null> {
  const token = cookies.get(STAFF_COOKIE)?.value;
  if (!token || token.length > 64) return null;
  const [row] = await db
    .select({ user: staffUsers })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, sha256Hex(token)),
        gt(staffSessions.expiresAt, sql`now()`),
        isNull(staffUsers.disabledAt),
      ),
    );
  return row?.user ?? null;
}

export async function endStaffSession(db: Db, cookies: Jar, url: URL): Promise<void> {
  const token = cookies.get(STAFF_COOKIE)?.value;
  // The row takes its preview with it; the browser's preview cookie goes too, as it names nothing now.
  if (token) await db.delete(staffSessions).where(eq(staffSessions.tokenHash, sha256Hex(token)));
  cookies.delete(STAFF_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure: secureFor(url) });
  cookies.delete(PREVIEW_COOKIE, { path: '/' });
}

/**
 * Starts the preview of the browser's live session (a later one replaces it): a new random token, its
 * SHA-256 and end on the session row. The token, or null when the browser has no live session.
 */
export async function startSessionPreview(
  db: Db,
  cookies: Pick<AstroCookies, 'get'>,
  minutes: number,
): Promise<string | null> {
  const session = cookies.get(STAFF_COOKIE)?.value;
  if (!session || session.length > 64) return null;
  const token = randomToken();
  const started = await db
    .update(staffSessions)
    .set({ previewHash: sha256Hex(token), previewExpiresAt: new Date(Date.now() + minutes * 60_000) })
    .where(and(eq(staffSessions.tokenHash, sha256Hex(session)), gt(staffSessions.expiresAt, sql`now()`)))
    .returning({ staffId: staffSessions.staffId });
  return started.length > 0 ? token : null;
}

/** The staff member previewing with this token: its preview and session live, the account not disabled; else null. */
export async function previewingSession(db: Db, token: string): Promise<number | null> {
  const [row] = await db
    .select({ staffId: staffSessions.staffId })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.previewHash, sha256Hex(token)),
        gt(staffSessions.previewExpiresAt, sql`now()`),
        gt(staffSessions.expiresAt, sql`now()`),
        isNull(staffUsers.disabledAt),
      ),
    );
  return row?.staffId ?? null;
}

/** Ends the preview this token belongs to: every copy of its cookie stops working, the session stays. */
export async function endSessionPreview(db: Db, token: string): Promise<void> {
  await db
    .update(staffSessions)
    .set({ previewHash: null, previewExpiresAt: null })
    .where(eq(staffSessions.previewHash, sha256Hex(token)));
}
