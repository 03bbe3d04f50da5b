// Registration that does not reveal who has an account. Registering (and asking for an account at
// checkout) answers the same whatever the address: the work that differs happens after the answer. A
// new address gets a pending registration (what the account starts with: names, language, currency,
// the argon2 hash; the token stored hashed, single use, valid for 24 hours) and a mailed activation
// link; opening it creates the customer. An address that has an account gets a note to its owner.
//
// Whoever registers an address need not own it, so a pending registration never decides alone which
// password the account gets (else an attacker registers the victim's address with his password, and
// the victim, registering too, opens the attacker's link). Two rules, each enough on its own:
// - registering an address again spends the registrations still waiting for it (their links and
//   passwords are never used), and the new mail says when the address had been registered before;
// - activating asks for the registration's password, checked as a sign-in of the address is (the
//   login rate limits, argon2 verify within the hash gate): a link alone activates nothing.
import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ApiError } from '../http.ts';
import { pendingRegistrations } from '../db/schema.ts';
import { inBackground, sendActivationMail, sendAlreadyRegisteredMail, sendWelcomeMail } from '../mail/index.ts';
import { DEFAULT_LOCALE, isLocale } from '#lib/i18n/locales.ts';
import { randomToken, sha256Hex } from './crypto.ts';
import { createCustomerInTransaction, findAccountByEmail, type CustomerRow, type NewCustomer } from './customers.ts';
import { TooManyAttemptsError } from './errors.ts';
import { verifyPassword } from './passwords.ts';
import { checkLoginAttempt, loginSucceeded } from './rate-limit.ts';
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
  const owner = await findAccountByEmail(db, email);
  if (owner) {
    const { customer, user } = owner;
    await sendAlreadyRegisteredMail({ ...customer, email: user.email, locale: localeFor(customer.locale) }, shop);
    return;
  }
  const token = randomToken();
  const registeredBefore = await db.transaction(async (tx) => {
    // One registration of an address at a time, on every instance: two at once must not both stay waiting.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`registration:${email}`}))`);
    const replaced = await tx
      .update(pendingRegistrations)
      .set({ usedAt: now })
      .where(
        and(
          eq(pendingRegistrations.email, email),
          isNull(pendingRegistrations.usedAt),
          gt(pendingRegistrations.expiresAt, now),
        ),
      )
      .returning({ createdAt: pendingRegistrations.createdAt });
    await tx.insert(pendingRegistrations).values({
      email,
      passwordHash: request.passwordHash,
      firstName: request.firstName,
      lastName: request.lastName,
      locale,
      currency: request.currency,
      orderId: request.orderId ?? null,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(now.getTime() + ACTIVATION_TTL_MS),
      createdAt: now,
    });
    return replaced.reduce<Date | null>((latest, r) => (latest && latest >= r.createdAt ? latest : r.createdAt), null);
  });
  // Expired requests are of no use to anybody; clearing them now and then keeps the table small.
  if (Math.random() < 0.05)
    await db
      .delete(pendingRegistrations)
      .where(lt(pendingRegistrations.expiresAt, now))
      .catch(() => {});
  await sendActivationMail(
    { email, firstName: request.firstName, lastName: request.lastName, locale },
    token,
    shop,
    ACTIVATION_HOURS,
    registeredBefore,
  );
}

/** After the answer was decided: the lookup, the row and the mail never shape it (nor its timing). */
export function requestAccount(db: Db, request: AccountRequest): void {
  inBackground('account request', () => processAccountRequest(db, request));
}

/** Why a link cannot work (any more). */
type LinkRefusal = 'unknown' | 'used' | 'replaced' | 'expired';
/** Why an activation failed: the link, an address that has an account meanwhile, or a wrong password. */
export type ActivationRefusal = LinkRefusal | 'taken' | 'password';

type PendingRegistration = typeof pendingRegistrations.$inferSelect;

async function pendingByToken(db: Db, token: string): Promise<PendingRegistration | undefined> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return undefined;
  const [row] = await db
    .select()
    .from(pendingRegistrations)
    .where(eq(pendingRegistrations.tokenHash, sha256Hex(token)));
  return row;
}

/**
 * Why a registration cannot activate, or null. A spent one was replaced when a newer registration of
 * its address came before it was spent: registering spends the ones waiting (processAccountRequest).
 */
async function refusalOf(db: Db, row: PendingRegistration | undefined, now: Date): Promise<LinkRefusal | null> {
  if (!row) return 'unknown';
  if (row.usedAt) {
    const [newer] = await db
      .select({ id: pendingRegistrations.id })
      .from(pendingRegistrations)
      .where(
        and(
          eq(pendingRegistrations.email, row.email),
          gt(pendingRegistrations.createdAt, row.createdAt),
          lte(pendingRegistrations.createdAt, row.usedAt),
        ),
      )
      .limit(1);
    return newer ? 'replaced' : 'used';
  }
  return row.expiresAt <= now ? 'expired' : null;
}

/** Why a token cannot activate: unknown, used, replaced or expired; null when it still can. */
export async function activationRefusal(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ refusal: LinkRefusal | null; email: string }> {
  const row = await pendingByToken(db, token);
  return { refusal: await refusalOf(db, row, now), email: row?.email ?? '' };
}

/**
 * Is this the password chosen with the registration? Checked as a sign-in is, with the login limits
 * (TOO_MANY_ATTEMPTS past them). The registration is the account they count: this page is the only
 * place its password can be tried, only with its link, and failed logins on the address (which has no
 * account yet) cannot hold its owner back here.
 */
async function registrationPasswordMatches(
  db: Db,
  row: PendingRegistration,
  password: string,
  ip: string,
  now: Date,
): Promise<boolean> {
  const gate = await checkLoginAttempt(db, { account: `registration:${row.id}`, ip }, now);
  if (!gate.allowed) throw new TooManyAttemptsError(gate.retryAfterSeconds);
  if (!(await verifyPassword(row.passwordHash, password))) return false;
  await loginSucceeded(db, gate);
  return true;
}

/** Whatever belongs to the new customer besides the account: the checkout's order and its addresses. */
export type AfterActivation = (tx: Db, customer: CustomerRow, orderId: string) => Promise<void>;

export type Activation = { ok: true; customer: CustomerRow } | { ok: false; refusal: ActivationRefusal };

interface ActivationAttempt {
  /** The token of the mailed link. */
  token: string;
  /** What was typed into the activation page: it must be the password chosen with the registration. */
  password: string;
  /** The client's address, for the login rate limits. */
  ip: string;
}

/**
 * Checks the registration's password, then spends the token and creates the customer in one
 * transaction (the slow verify never holds the row lock). A wrong password spends nothing: the owner
 * may have mistyped. Other pending registrations of the address are spent with it (their links can
 * only fail now). An address that got an account since the request is refused as taken, and the token
 * is spent.
 */
export async function activateRegistration(
  db: Db,
  attempt: ActivationAttempt,
  afterActivation: AfterActivation,
  now = new Date(),
): Promise<Activation> {
  const pending = await pendingByToken(db, attempt.token);
  const refusal = await refusalOf(db, pending, now);
  if (refusal !== null || !pending) return { ok: false, refusal: refusal ?? 'unknown' };
  if (!(await registrationPasswordMatches(db, pending, attempt.password, attempt.ip, now)))
    return { ok: false, refusal: 'password' };
  const result = await db.transaction(async (tx): Promise<Activation> => {
    const [spent] = await tx
      .update(pendingRegistrations)
      .set({ usedAt: now })
      .where(
        and(
          eq(pendingRegistrations.id, pending.id),
          isNull(pendingRegistrations.usedAt),
          gt(pendingRegistrations.expiresAt, now),
        ),
      )
      .returning();
    // Spent or replaced between the check and now.
    if (!spent) return { ok: false, refusal: (await activationRefusal(tx, attempt.token, now)).refusal ?? 'unknown' };
    await tx
      .update(pendingRegistrations)
      .set({ usedAt: now })
      .where(and(sql`lower(${pendingRegistrations.email}) = ${spent.email}`, isNull(pendingRegistrations.usedAt)));
    let customer: CustomerRow;
    try {
      customer = await createCustomerInTransaction(tx, {
        email: spent.email,
        passwordHash: spent.passwordHash,
        firstName: spent.firstName,
        lastName: spent.lastName,
        locale: spent.locale,
        currency: spent.currency,
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
    inBackground('welcome mail', async () =>
      sendWelcomeMail({ ...customer, locale: localeFor(customer.locale) }, await shopTitle(localeFor(customer.locale))),
    );
  }
  return result;
}
