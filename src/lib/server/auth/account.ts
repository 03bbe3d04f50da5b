// Account flows around the password: change it, and reset or create it by emailed link. A new password
// is hashed only after every cheaper check (token, rate limit, password rules) passed.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customerUsers, passwordTokens } from '../db/schema.ts';
import { findAccountByUsername, setPasswordHash, type Account } from './customers.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { assertPasswordAllowed } from './password-rules.ts';
import { checkLoginAttempt, loginSucceeded } from './rate-limit.ts';
import { issuePasswordToken, redeemPasswordToken, type PasswordTokenPurpose } from './password-tokens.ts';
import { revokeUserFamilies } from './refresh-tokens.ts';
import { assertOwnSession, invalidToken, TooManyAttemptsError, wrongCurrentPassword } from './errors.ts';
import { sha256Hex } from './crypto.ts';
import type { Session } from './session.ts';

/** Needs the current password (rate limited like a login); signs out every other session of the user. */
export async function changePassword(
  db: Db,
  session: Session,
  input: { currentPassword: string; newPassword: string },
  ip: string,
): Promise<void> {
  assertOwnSession(session);
  const { user } = session;
  await assertPasswordAllowed(input.newPassword, user.email, 'newPassword');
  const gate = await checkLoginAttempt(db, { account: `id:${user.id}`, ip });
  if (!gate.allowed) throw new TooManyAttemptsError(gate.retryAfterSeconds);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw wrongCurrentPassword();
  await loginSucceeded(db, gate);
  await setPasswordHash(db, user.id, await hashPassword(input.newPassword));
  await revokeUserFamilies(db, user.id, { except: session.familyId });
}

/**
 * Issues a reset token for the user behind an email or customer number; undefined when none. A disabled
 * user gets none: a new password would not let them in.
 */
export async function createResetToken(
  db: Db,
  username: string,
  now = new Date(),
): Promise<{ account: Account; token: string } | undefined> {
  const account = await findAccountByUsername(db, username.trim());
  if (!account || account.user.status === 'disabled') return undefined;
  return { account, token: await issuePasswordToken(db, account.user.id, 'reset', now) };
}

/**
 * Sets a password from an emailed link. The cheap token check comes first, so junk tokens never
 * cost an argon2 hash; the redeeming update checks again, atomically.
 */
export async function setPasswordWithToken(
  db: Db,
  token: string,
  purpose: PasswordTokenPurpose,
  password: string,
  now = new Date(),
): Promise<string> {
  const [usable] =
    token.length <= 200
      ? await db
          .select({ id: passwordTokens.id, email: customerUsers.email })
          .from(passwordTokens)
          .innerJoin(customerUsers, eq(customerUsers.id, passwordTokens.userId))
          .where(
            and(
              eq(passwordTokens.tokenHash, sha256Hex(token)),
              eq(passwordTokens.purpose, purpose),
              isNull(passwordTokens.usedAt),
              gt(passwordTokens.expiresAt, now),
            ),
          )
      : [];
  if (!usable) throw invalidToken();
  await assertPasswordAllowed(password, usable.email, 'password');
  const userId = await redeemPasswordToken(db, token, purpose, await hashPassword(password), now);
  if (!userId) throw invalidToken();
  return userId;
}
