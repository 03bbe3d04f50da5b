// Refresh tokens: random 32 bytes, stored only as SHA-256, rotated on every use.
//
// A family is one login; every rotation adds a row to it. Presenting a used token again means either
// parallel requests at expiry (they all carry the same old cookie) or a stolen token being replayed:
//  - within REFRESH_GRACE_MS of its first use it yields the SAME successor, so every parallel request
//    succeeds and sets the same cookie. The successor is derived from the old token with an HMAC
//    (key from AUTH_SECRET), so it can be handed out again without ever storing a raw token;
//  - later, the whole family is revoked (every session of that login) and the caller gets nothing.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { refreshTokens } from '../db/schema.ts';
import { hmac, randomToken, sha256Hex } from './crypto.ts';
import { derivedKey } from './secret.ts';

const REFRESH_GRACE_MS = 30_000;
const REMEMBER_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

export interface IssuedRefresh {
  token: string;
  /** The company user whose login this is (src/lib/server/db/schema/customers.ts, customerUsers). */
  userId: string;
  familyId: string;
  expiresAt: Date;
  /** Remember-me: the cookie persists for the token's lifetime instead of the browser session. */
  remember: boolean;
}

export type RotateResult =
  { ok: true; refresh: IssuedRefresh } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const ttl = (remember: boolean) => (remember ? REMEMBER_TTL_MS : SESSION_TTL_MS);
/** The rows keep no flag; a lifetime longer than a session's tells a remember-me family. */
const isRemember = (row: { createdAt: Date; expiresAt: Date }) =>
  row.expiresAt.getTime() - row.createdAt.getTime() > 2 * SESSION_TTL_MS;
const successorOf = (token: string) => hmac(derivedKey('refresh-successor'), token).toString('base64url');
const iso = (d: Date) => d.toISOString();

/** Starts a new family (a login) and returns its first token. */
export async function startRefreshFamily(
  db: Db,
  userId: string,
  remember: boolean,
  now = new Date(),
): Promise<IssuedRefresh> {
  const token = randomToken();
  const familyId = randomUUID();
  const expiresAt = new Date(now.getTime() + ttl(remember));
  await db.insert(refreshTokens).values({ userId, familyId, tokenHash: sha256Hex(token), expiresAt, createdAt: now });
  if (Math.random() < 0.02) await pruneRefreshTokens(db, now).catch(() => {});
  return { token, userId, familyId, expiresAt, remember };
}

export async function rotateRefreshToken(db: Db, token: string, now = new Date()): Promise<RotateResult> {
  if (!TOKEN_PATTERN.test(token)) return { ok: false, reason: 'unknown' };
  const tokenHash = sha256Hex(token);
  return db.transaction(async (tx) => {
    // The UPDATE takes the row lock: parallel presenters queue here, the first stamps used_at and
    // commits its successor before the next one reads the row, so nobody sees a half-done rotation.
    const [row] = await tx
      .update(refreshTokens)
      .set({ usedAt: sql`coalesce(${refreshTokens.usedAt}, ${iso(now)}::timestamptz)` })
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .returning();
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revokedAt) return { ok: false, reason: 'revoked' } as const;
    if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' } as const;
    if (now.getTime() - row.usedAt!.getTime() > REFRESH_GRACE_MS) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      return { ok: false, reason: 'reused' } as const;
    }
    const remember = isRemember(row);
    const successor = successorOf(token);
    const successorHash = sha256Hex(successor);
    await tx
      .insert(refreshTokens)
      .values({
        userId: row.userId,
        familyId: row.familyId,
        tokenHash: successorHash,
        expiresAt: new Date(now.getTime() + ttl(remember)),
        createdAt: now,
      })
      .onConflictDoNothing({ target: refreshTokens.tokenHash });
    const [next] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, successorHash));
    if (!next || next.revokedAt) return { ok: false, reason: 'revoked' } as const;
    return {
      ok: true,
      refresh: {
        token: successor,
        userId: row.userId,
        familyId: row.familyId,
        expiresAt: next.expiresAt,
        remember,
      },
    } as const;
  });
}

/** The family a presented token belongs to (used or not), for logout. */
export async function familyOfToken(db: Db, token: string): Promise<string | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256Hex(token)));
  return row?.familyId;
}

export async function revokeFamily(db: Db, familyId: string, now = new Date()): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Signs a user out everywhere, optionally keeping the session that asked for it. */
export async function revokeUserFamilies(
  db: Db,
  userId: string,
  options: { except?: string; now?: Date } = {},
): Promise<void> {
  const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (options.except) conditions.push(ne(refreshTokens.familyId, options.except));
  await db
    .update(refreshTokens)
    .set({ revokedAt: options.now ?? new Date() })
    .where(and(...conditions));
}

/** Rows past expiry can no longer be used or replayed meaningfully; a day of slack keeps reuse detection honest. */
async function pruneRefreshTokens(db: Db, now = new Date()): Promise<void> {
  await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, new Date(now.getTime() - SESSION_TTL_MS)));
}
