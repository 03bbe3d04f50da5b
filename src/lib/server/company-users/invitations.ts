// Invitation links of company users: a password link (password_tokens, purpose 'invite': 32 random bytes,
// stored only as SHA-256, valid for 7 days like the shop's other unasked-for create links, usable once).
// A new link spends the user's earlier ones, so only the newest mail works. Following it the invitee
// chooses a password and becomes active; a link whose user is no longer invited (disabled meanwhile, or
// accepted) works no more.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customerUsers, passwordTokens } from '../db/schema.ts';
import { accountUnlocked, issuePasswordToken, sha256Hex } from '../auth/index.ts';

/** Spends the user's open invitation links and issues a new one; the token, for the mail only. */
export async function issueInvitation(db: Db, userId: string, now = new Date()): Promise<string> {
  await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.userId, userId), eq(passwordTokens.purpose, 'invite'), isNull(passwordTokens.usedAt)));
  return issuePasswordToken(db, userId, 'invite', now);
}

/** The open invitation a token names: who was invited (for the page and the password rules), or null. */
export async function openInvitation(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ userId: string; email: string; name: string } | null> {
  if (token.length === 0 || token.length > 200) return null;
  const [row] = await db
    .select({ userId: customerUsers.id, email: customerUsers.email, name: customerUsers.name })
    .from(passwordTokens)
    .innerJoin(customerUsers, eq(customerUsers.id, passwordTokens.userId))
    .where(
      and(
        eq(passwordTokens.tokenHash, sha256Hex(token)),
        eq(passwordTokens.purpose, 'invite'),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, now),
        eq(customerUsers.status, 'invited'),
      ),
    );
  return row ?? null;
}

/**
 * Spends the token and makes its user active with the password hash (hashed by the caller, so a slow
 * hash holds no lock), in one transaction; the user's id, or null when the token is no longer open or
 * its user no longer invited (a second click racing the first finds it spent).
 */
export async function redeemInvitation(
  db: Db,
  token: string,
  passwordHash: string,
  now = new Date(),
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordTokens.tokenHash, sha256Hex(token)),
          eq(passwordTokens.purpose, 'invite'),
          isNull(passwordTokens.usedAt),
          gt(passwordTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordTokens.userId });
    if (!spent) return null;
    const [activated] = await tx
      .update(customerUsers)
      .set({ passwordHash, status: 'active', updatedAt: now })
      .where(and(eq(customerUsers.id, spent.userId), eq(customerUsers.status, 'invited')))
      .returning({ id: customerUsers.id });
    if (!activated) {
      // Disabled meanwhile: the link is spent, nothing else changes.
      return null;
    }
    await accountUnlocked(tx as unknown as Db, `id:${spent.userId}`);
    return spent.userId;
  });
}
