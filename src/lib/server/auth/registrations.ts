// Registration that does not reveal who has an account. Registering (and asking for an account at
// checkout) answers the same whatever the address: the work that differs happens after the answer. A
// new address gets a pending registration (what the account starts with: names, language, currency,
// the argon2 hash; the token stored hashed, single use, valid for 24 hours) and a mailed activation
// link; opening it creates the customer. An address that has an account gets a note to its owner.
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ApiError } from '../http.ts';
import { pendingRegistrations } from '../db/schema.ts';
import { inBackground, sendActivationMail, sendAlreadyRegisteredMail, sendWelcomeMail } from '../mail/index.ts';
import { DEFAULT_LOCALE, isLocale } from '#lib/i18n/locales.ts';
import { randomToken, sha256Hex } from './crypto.ts';
import { createCustomerInTransaction, findCustomerByEmail, type CustomerRow, type NewCustomer } from './customers.ts';
import { shopTitle } from './site.ts';

const ACTIVATION_HOURS = 24;
const ACTIVATION_TTL_MS = ACTIVATION_HOURS * 60 * 60 * 1000;
/** Tokens are 43 characters; anything much longer is not one of ours and not worth a query. */
const MAX_TOKEN_LENGTH = 200;

/** The customer to be, its passwordHash made before the answer whatever the address. */
export interface AccountRequest extends NewCustomer {
  /** The guest order placed with the request at checkout: it becomes the new customer's on activation. */
  orderId?: string | null;
}

const localeFor = (value: string) => (isLocale(value) ? value : DEFAULT_LOCALE);

/**
 * Stores the pending registration and mails the link, or mails the owner of a known address.
 * @internal Exported for tests, which call it with another `now`; the shop goes through requestAccount.
 */
export async function processAccountRequest(db: Db, request: AccountRequest, now = new Date()): Promise<void> {
  const email = request.email.trim().toLowerCase();
  const locale = localeFor(request.locale);
  const shop = await shopTitle(locale);
  const owner = await findCustomerByEmail(db, email);
  if (owner) {
    await sendAlreadyRegisteredMail({ ...owner, locale: localeFor(owner.locale) }, shop);
    return;
  }
  const token = randomToken();
  await db.insert(pendingRegistrations).values({
    email, passwordHash: request.passwordHash, firstName: request.firstName, lastName: request.lastName, locale,
    currency: request.currency, orderId: request.orderId ?? null, tokenHash: sha256Hex(token),
    expiresAt: new Date(now.getTime() + ACTIVATION_TTL_MS), createdAt: now,
  });
  // Expired requests are of no use to anybody; clearing them now and then keeps the table small.
  if (Math.random() < 0.05) await db.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, now)).catch(() => {});
  await sendActivationMail({ email, firstName: request.firstName, lastName: request.lastName, locale }, token, shop, ACTIVATION_HOURS);
}

/** After the answer was decided: the lookup, the row and the mail never shape it (nor its timing). */
export function requestAccount(db: Db, request: AccountRequest): void {
  inBackground('account request', () => processAccountRequest(db, request));
}

export type ActivationRefusal = 'unknown' | 'used' | 'expired' | 'taken';

/** Why a token cannot activate: unknown, used or expired; null when it still can. */
export async function activationRefusal(db: Db, token: string, now = new Date()): Promise<{ refusal: ActivationRefusal | null; email: string }> {
  const [row] = token && token.length <= MAX_TOKEN_LENGTH
    ? await db.select({ email: pendingRegistrations.email, usedAt: pendingRegistrations.usedAt, expiresAt: pendingRegistrations.expiresAt })
      .from(pendingRegistrations).where(eq(pendingRegistrations.tokenHash, sha256Hex(token)))
    : [];
  if (!row) return { refusal: 'unknown', email: '' };
  if (row.usedAt) return { refusal: 'used', email: row.email };
  if (row.expiresAt <= now) return { refusal: 'expired', email: row.email };
  return { refusal: null, email: row.email };
}

/** Whatever belongs to the new customer besides the account: the checkout's order and its addresses. */
export type AfterActivation = (tx: Db, customer: CustomerRow, orderId: string) => Promise<void>;

export type Activation = { ok: true; customer: CustomerRow } | { ok: false; refusal: ActivationRefusal };

/**
 * Spends the token and creates the customer in one transaction. Other pending registrations of the
 * address are spent with it (their links can only fail now). An address that got an account since the
 * request (registered twice, two links) is refused as taken, and the token is spent.
 */
export async function activateRegistration(db: Db, token: string, afterActivation: AfterActivation, now = new Date()): Promise<Activation> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return { ok: false, refusal: 'unknown' };
  const result = await db.transaction(async (tx): Promise<Activation> => {
    const [spent] = await tx.update(pendingRegistrations).set({ usedAt: now })
      .where(and(
        eq(pendingRegistrations.tokenHash, sha256Hex(token)), isNull(pendingRegistrations.usedAt), gt(pendingRegistrations.expiresAt, now),
      ))
      .returning();
    if (!spent) return { ok: false, refusal: (await activationRefusal(tx, token, now)).refusal ?? 'unknown' };
    await tx.update(pendingRegistrations).set({ usedAt: now })
      .where(and(sql`lower(${pendingRegistrations.email}) = ${spent.email}`, isNull(pendingRegistrations.usedAt)));
    let customer: CustomerRow;
    try {
      customer = await createCustomerInTransaction(tx, {
        email: spent.email, passwordHash: spent.passwordHash, firstName: spent.firstName, lastName: spent.lastName,
        locale: spent.locale, currency: spent.currency,
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') return { ok: false, refusal: 'taken' };
      throw error;
    }
    if (spent.orderId) await afterActivation(tx, customer, spent.orderId);
    return { ok: true, customer };
  });
  if (result.ok) {
    const customer = result.customer;
    inBackground('welcome mail', async () => sendWelcomeMail({ ...customer, locale: localeFor(customer.locale) }, await shopTitle(localeFor(customer.locale))));
  }
  return result;
}
