// Password reset, create and invitation tokens: random 32 bytes, stored hashed, single use. A reset link
// is valid for 60 minutes (the customer just asked for it); a create link for 7 days, as it comes unasked
// with an account made for the customer (an import's invitation) and may wait in a mailbox over a
// weekend; so does a company user's invitation (src/lib/server/company-users/invitations.ts).
// Redeeming one sets the password and signs the customer out everywhere.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customerUsers, passwordTokens } from '../db/schema.ts';
import { randomToken, sha256Hex } from './crypto.ts';
import { revokeUserFamilies } from './refresh-tokens.ts';
import { accountUnlocked } from './rate-limit.ts';

const PASSWORD_TOKEN_TTL_MS: Record<'reset' | 'create' | 'invite', number> = {
  reset: 60 * 60 * 1000,
  create: 7 * 24 * 60 * 60 * 1000,
  invite: 7 * 24 * 60 * 60 * 1000,
};
export type PasswordTokenPurpose = 'reset' | 'create';

export async function issuePasswordToken(
  db: Db,
  userId: string,
  purpose: PasswordTokenPurpose | 'invite',
  now = new Date(),
): Promise<string> {
  const token = randomToken();
  await db.insert(passwordTokens).values({
    userId,
    purpose,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(now.getTime() + PASSWORD_TOKEN_TTL_MS[purpose]),
    createdAt: now,
  });
  return token;
}

/**
 * Spends a token and sets the new password in one transaction; the user id, or null when the
 * token is unknown, of the other purpose, expired or already used. The password is hashed by the
 * caller beforehand, so a slow hash never holds the row lock.
 */
export async function redeemPasswordToken(
  db: Db,
  token: string,
  purpose: PasswordTokenPurpose,
  passwordHash: string,
  now = new Date(),
): Promise<string | null> {
  if (token.length > 200) return null;
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordTokens.tokenHash, sha256Hex(token)),
          eq(passwordTokens.purpose, purpose),
          isNull(passwordTokens.usedAt),
          gt(passwordTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordTokens.userId });
    if (!spent) return null;
    await tx.update(customerUsers).set({ passwordHash, updatedAt: now }).where(eq(customerUsers.id, spent.userId));
    // Other links still in a mailbox must not undo this password later.
    await tx
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordTokens.userId, spent.userId), isNull(passwordTokens.usedAt)));
    await revokeUserFamilies(tx as unknown as Db, spent.userId, { now });
    // The mailbox's owner set it: failures of an attack on the account no longer hold the owner back.
    await accountUnlocked(tx as unknown as Db, `id:${spent.userId}`);
    return spent.userId;
  });
}
