// API tokens for outside systems: `vsf_` and 32 random bytes, shown once at creation; the database keeps
// the SHA-256 only. A token carries scopes (src/lib/admin/rules.ts), works until revoked, and can never
// manage staff or tokens.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { apiTokens, staffUsers } from '../db/schema.ts';
import { ApiError } from '../http.ts';
import { randomToken, sha256Hex } from '../auth/index.ts';
import type { TokenRow } from '#lib/admin/contract.ts';
import type { TokenScope } from '#lib/admin/rules.ts';
import { audit, type Actor } from './audit.ts';

const PREFIX = 'vsf_';

type TokenRecord = typeof apiTokens.$inferSelect;

const tokenRow = (t: TokenRecord): TokenRow => ({
  id: t.id,
  name: t.name,
  scopes: t.scopes as TokenScope[],
  createdAt: t.createdAt.toISOString(),
  lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
  revokedAt: t.revokedAt?.toISOString() ?? null,
});

export async function listTokens(db: Db): Promise<TokenRow[]> {
  return (await db.select().from(apiTokens).orderBy(asc(apiTokens.id))).map(tokenRow);
}

export async function createToken(
  db: Db,
  actor: Actor,
  input: { name: string; scopes: TokenScope[] },
): Promise<TokenRow & { token: string }> {
  const token = `${PREFIX}${randomToken()}`;
  const scopes = [...new Set(input.scopes)].sort();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiTokens)
      .values({
        name: input.name,
        scopes,
        tokenHash: sha256Hex(token),
        createdBy: actor.kind === 'staff' ? actor.id : null,
      })
      .returning();
    await audit(tx, actor, {
      action: 'token.create',
      target: `token:${row!.id}`,
      details: { name: input.name, scopes },
    });
    return { ...tokenRow(row!), token };
  });
}

export async function revokeToken(db: Db, actor: Actor, id: number): Promise<TokenRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(apiTokens).where(eq(apiTokens.id, id));
    if (!row) throw new ApiError('TOKEN_NOT_FOUND', 'There is no such API token.', 404);
    if (row.revokedAt) return tokenRow(row);
    const [revoked] = await tx.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, id)).returning();
    await audit(tx, actor, { action: 'token.revoke', target: `token:${id}`, details: { name: row.name } });
    return tokenRow(revoked!);
  });
}

/** The token a bearer header names, if it is live; its creator must still be an active staff account. */
export async function resolveToken(db: Db, bearer: string): Promise<(Actor & { kind: 'token' }) | null> {
  if (!bearer.startsWith(PREFIX) || bearer.length > 80) return null;
  const [row] = await db
    .select({ token: apiTokens, creatorDisabled: staffUsers.disabledAt })
    .from(apiTokens)
    .leftJoin(staffUsers, eq(staffUsers.id, apiTokens.createdBy))
    .where(and(eq(apiTokens.tokenHash, sha256Hex(bearer)), isNull(apiTokens.revokedAt)));
  if (!row || row.creatorDisabled) return null;
  // When it was last used tells an admin which tokens are dead weight; a minute's precision is plenty.
  const last = row.token.lastUsedAt?.getTime() ?? 0;
  if (Date.now() - last > 60_000)
    await db.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, row.token.id));
  return { kind: 'token', id: row.token.id, name: row.token.name, scopes: row.token.scopes };
}
