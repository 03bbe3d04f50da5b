// Account flows around the password: change it, and reset or create it by emailed link. A new password
// is hashed only after every cheaper check (token, rate limit, password rules) passed.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customers, passwordTokens } from '../db/schema.ts';
import { findCustomerByUsername, setPasswordHash, type CustomerRow } from './customers.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { assertPasswordAllowed } from './password-rules.ts';
import { checkLoginAttempt, loginSucceeded } from './rate-limit.ts';
import { issuePasswordToken, redeemPasswordToken, type PasswordTokenPurpose } from './password-tokens.ts';
import { revokeCustomerFamilies } from './refresh-tokens.ts';
import { invalidToken, TooManyAttemptsError, wrongCurrentPassword } from './errors.ts';
import { sha256Hex } from './crypto.ts';
import type { Session } from './session.ts';

/** Needs the current password (rate limited like a login); signs out every other session of the customer. */
export async function changePassword(
  db: Db,
  session: Session,
  input: { currentPassword: string; newPassword: string },
  ip: string,
): Promise<void> {
  await assertPasswordAllowed(input.newPassword, session.customer.email, 'newPassword');
  const gate = await checkLoginAttempt(db, { account: `id:${session.customer.id}`, ip });
  if (!gate.allowed) throw new TooManyAttemptsError(gate.retryAfterSeconds);
  if (!(await verifyPassword(session.customer.passwordHash, input.currentPassword))) throw wrongCurrentPassword();
  await loginSucceeded(db, gate);
  await setPasswordHash(db, session.customer.id, await hashPassword(input.newPassword));
  await revokeCustomerFamilies(db, session.customer.id, { except: session.familyId });
}

/** Issues a reset token for the account behind an email or customer number; undefined when none. */
export async function createResetToken(
  db: Db,
  username: string,
  now = new Date(),
): Promise<{ customer: CustomerRow; token: string } | undefined> {
  const customer = await findCustomerByUsername(db, username.trim());
  if (!customer) return undefined;
  return { customer, token: await issuePasswordToken(db, customer.id, 'reset', now) };
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
          .select({ id: passwordTokens.id, email: customers.email })
          .from(passwordTokens)
          .innerJoin(customers, eq(customers.id, passwordTokens.customerId))
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
  const customerId = await redeemPasswordToken(db, token, purpose, await hashPassword(password), now);
  if (!customerId) throw invalidToken();
  return customerId;
}
