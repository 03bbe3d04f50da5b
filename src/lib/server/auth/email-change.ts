// Changing the account's e-mail address (and with it the login): the customer asks with their current
// password; a single-use link, stored only as a SHA-256 and valid for EMAIL_CHANGE_TTL_MS, goes to the
// new address; the address changes only when that link is redeemed. Whether the new address already
// belongs to another account is never told to the requester: the request is answered the same way, and
// the owner of that address gets a mail saying it is registered already instead of a link.
import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customers, emailChangeTokens } from '../db/schema.ts';
import { ApiError, validationFailed } from '../http.ts';
import { PROFILE_MESSAGES } from '#lib/profile/contract.ts';
import type { CustomerRow, UserRow } from './customers.ts';
import { randomToken, sha256Hex } from './crypto.ts';
import { assertOwnSession, emailTaken, TooManyAttemptsError, wrongCurrentPassword } from './errors.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { verifyPassword } from './passwords.ts';
import { checkLoginAttempt, loginSucceeded } from './rate-limit.ts';
import type { Session } from './session.ts';

/** A day: the new mailbox may be read later than the account page, unlike a password reset. */
const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
/** Requests per customer and hour: each one mails two addresses, so a session must not become a mail cannon. */
const EMAIL_CHANGE_REQUESTS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

export type EmailChangeRequested =
  | { kind: 'link'; customer: CustomerRow; newEmail: string; token: string }
  /** The address is another account's: its owner is told so, the requester learns nothing. */
  | { kind: 'taken'; customer: CustomerRow; newEmail: string; owner: CustomerRow };

/**
 * Checks the current password as a login attempt of the account would be (same rate limits; a wrong
 * one is INVALID_PASSWORD and counts as a failure).
 */
async function checkCurrentPassword(db: Db, user: UserRow, password: string, ip: string): Promise<void> {
  const gate = await checkLoginAttempt(db, { account: `id:${user.id}`, ip });
  if (!gate.allowed) throw new TooManyAttemptsError(gate.retryAfterSeconds);
  if (!(await verifyPassword(user.passwordHash, password))) throw wrongCurrentPassword();
  await loginSucceeded(db, gate);
}

/** `newEmail` comes lower-cased and trimmed from the contract. */
export async function requestEmailChange(
  db: Db,
  session: Session,
  input: { newEmail: string; currentPassword: string },
  ip: string,
  now = new Date(),
): Promise<EmailChangeRequested> {
  assertOwnSession(session);
  const customer = session.customer;
  if (input.newEmail === customer.email.toLowerCase()) {
    throw validationFailed([{ path: 'newEmail', message: PROFILE_MESSAGES.sameEmail }]);
  }
  await checkCurrentPassword(db, session.user, input.currentPassword, ip);
  const [recent] = await db
    .select({ n: count() })
    .from(emailChangeTokens)
    .where(
      and(
        eq(emailChangeTokens.customerId, customer.id),
        gt(emailChangeTokens.createdAt, new Date(now.getTime() - HOUR_MS)),
      ),
    );
  if ((recent?.n ?? 0) >= EMAIL_CHANGE_REQUESTS_PER_HOUR) throw new TooManyAttemptsError(Math.ceil(HOUR_MS / 1000));
  const [owner] = await db
    .select()
    .from(customers)
    .where(and(sql`lower(${customers.email}) = ${input.newEmail}`, ne(customers.id, customer.id)));
  // A row is written either way: the same work and timing for both answers, and the hourly count
  // covers requests for taken addresses too. For a taken address the raw token is never mailed.
  const token = randomToken();
  await db.transaction(async (tx) => {
    // Only the newest link works: an older one still in a mailbox must not switch to an address given up.
    await tx
      .update(emailChangeTokens)
      .set({ usedAt: now })
      .where(and(eq(emailChangeTokens.customerId, customer.id), isNull(emailChangeTokens.usedAt)));
    await tx.insert(emailChangeTokens).values({
      customerId: customer.id,
      newEmail: input.newEmail,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
      createdAt: now,
    });
  });
  return owner
    ? { kind: 'taken', customer, newEmail: input.newEmail, owner }
    : { kind: 'link', customer, newEmail: input.newEmail, token };
}

export type EmailTokenState = { ok: true; newEmail: string } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/** What a link says before it is redeemed: the address it confirms, or why it cannot. */
export async function inspectEmailChangeToken(db: Db, token: string, now = new Date()): Promise<EmailTokenState> {
  if (token.length === 0 || token.length > 200) return { ok: false, reason: 'unknown' };
  const [row] = await db
    .select()
    .from(emailChangeTokens)
    .where(eq(emailChangeTokens.tokenHash, sha256Hex(token)));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.usedAt) return { ok: false, reason: 'used' };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, newEmail: row.newEmail };
}

/** INVALID_TOKEN with the reason, so the page can say whether the link is used, expired or unknown. */
const emailTokenRefused = (reason: 'unknown' | 'used' | 'expired') =>
  new ApiError('INVALID_TOKEN', 'This link is invalid or has expired.', 400, { reason });

export interface EmailChanged {
  customer: CustomerRow;
  previousEmail: string;
}

/**
 * Redeems a link: the token's own customer (whoever opens the link, signed in or not, as whom) gets
 * the new address. Spent, expired and unknown tokens change nothing; an address another account took
 * meanwhile is EMAIL_TAKEN and leaves the link unspent (it can never succeed, but nothing changed).
 */
export async function confirmEmailChange(db: Db, token: string, now = new Date()): Promise<EmailChanged> {
  const state = await inspectEmailChangeToken(db, token, now);
  if (!state.ok) throw emailTokenRefused(state.reason);
  try {
    return await db.transaction(async (tx) => {
      const [spent] = await tx
        .update(emailChangeTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailChangeTokens.tokenHash, sha256Hex(token)),
            isNull(emailChangeTokens.usedAt),
            gt(emailChangeTokens.expiresAt, now),
          ),
        )
        .returning({ customerId: emailChangeTokens.customerId, newEmail: emailChangeTokens.newEmail });
      // Redeemed by a parallel request between the look and the update.
      if (!spent) throw emailTokenRefused('used');
      const [taken] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(sql`lower(${customers.email}) = ${spent.newEmail}`, ne(customers.id, spent.customerId)));
      if (taken) throw emailTaken();
      const [before] = await tx
        .select({ email: customers.email })
        .from(customers)
        .where(eq(customers.id, spent.customerId));
      const [customer] = await tx
        .update(customers)
        .set({ email: spent.newEmail, updatedAt: now })
        .where(eq(customers.id, spent.customerId))
        .returning();
      if (!before || !customer) throw emailTokenRefused('unknown');
      return { customer, previousEmail: before.email };
    });
  } catch (error) {
    // Two accounts confirming the same address at once: the unique index lets one through.
    if (
      isUniqueViolation(error, 'customers_email_lower_idx') ||
      isUniqueViolation(error, 'customer_users_email_lower_idx')
    )
      throw emailTaken();
    throw error;
  }
}
