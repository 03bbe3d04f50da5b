// Login by email or customer number, rate limited per account, per IP and
// per account+IP (see rate-limit.ts).
import type { Db } from '../db/client.ts';
import { logger } from '../log.ts';
import { checkLoginAttempt, loginSucceeded } from './rate-limit.ts';
import { findCustomerByUsername, setPasswordHash, type CustomerRow } from './customers.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { invalidCredentials, TooManyAttemptsError } from './errors.ts';

export interface Credentials {
  /** Trimmed email address or customer number. */
  username: string;
  password: string;
}

/** Checks credentials; throws INVALID_CREDENTIALS (401) or TOO_MANY_ATTEMPTS (429). */
export async function authenticate(
  db: Db,
  credentials: Credentials,
  ip: string,
  now = new Date(),
): Promise<CustomerRow> {
  const customer = await findCustomerByUsername(db, credentials.username);
  // The account's id when it exists, so its email and its customer number share one budget.
  const account = customer ? `id:${customer.id}` : `name:${credentials.username.toLowerCase()}`;
  const gate = await checkLoginAttempt(db, { account, ip }, now);
  if (!gate.allowed) throw new TooManyAttemptsError(gate.retryAfterSeconds);
  // Unknown users are verified against a dummy hash: same work, same time, same answer.
  const valid = await verifyPassword(customer?.passwordHash, credentials.password);
  if (!customer || !valid) throw invalidCredentials();
  await loginSucceeded(db, gate);
  if (customer.passwordHash && needsRehash(customer.passwordHash)) {
    await setPasswordHash(db, customer.id, await hashPassword(credentials.password)).catch((error: unknown) => {
      logger.error({ err: error, customerId: customer.id }, 'could not upgrade a password hash');
    });
  }
  return customer;
}
