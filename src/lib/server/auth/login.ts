// Login by a user's email or the company's customer number (its primary user), rate limited per user, per
// IP and per user+IP (see rate-limit.ts). Only an active user signs in: an invited one has no password
// yet, a disabled one is refused exactly like a wrong password.
import type { Db } from '../db/client.ts';
import { logger } from '../log.ts';
import { checkLoginAttempt, loginSucceeded } from './rate-limit.ts';
import { findAccountByUsername, setPasswordHash, type Account } from './customers.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { invalidCredentials, TooManyAttemptsError } from './errors.ts';

export interface Credentials {
  /** Trimmed email address or customer number. */
  username: string;
  password: string;
}

/** Checks credentials; throws INVALID_CREDENTIALS (401) or TOO_MANY_ATTEMPTS (429). */
export async function authenticate(db: Db, credentials: Credentials, ip: string, now = new Date()): Promise<Account> {
  const account = await findAccountByUsername(db, credentials.username);
  const user = account?.user;
  // The user's id when it exists, so its email and its customer number share one budget.
  const key = user ? `id:${user.id}` : `name:${credentials.username.toLowerCase()}`;
  const gate = await checkLoginAttempt(db, { account: key, ip }, now);
  if (!gate.allowed) throw new TooManyAttemptsError(gate.retryAfterSeconds);
  // Unknown users are verified against a dummy hash: same work, same time, same answer.
  const valid = await verifyPassword(user?.passwordHash, credentials.password);
  if (!account || !user || !valid || user.status !== 'active') throw invalidCredentials();
  await loginSucceeded(db, gate);
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    await setPasswordHash(db, user.id, await hashPassword(credentials.password)).catch((error: unknown) => {
      logger.error({ err: error, userId: user.id }, 'could not upgrade a password hash');
    });
  }
  return account;
}
