// The newsletter subscription with double opt-in, on the database. One row per customer: 'pending'
// from the request until its mailed link is opened, then 'subscribed'; 'unsubscribed' keeps the row as
// the record of consent withdrawn. A confirmation token is 32 random bytes, stored only as its SHA-256,
// valid for NEWSLETTER_LINK_HOURS and usable once; a new request or an unsubscribe spends every open one.
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { NEWSLETTER_LINK_HOURS, type NewsletterStatus } from '#lib/newsletter/contract.ts';
import type { Db } from '../db/client.ts';
import { customers, newsletterSubscriptions, newsletterTokens } from '../db/schema.ts';

const LINK_TTL_MS = NEWSLETTER_LINK_HOURS * 60 * 60 * 1000;
/** Confirmation links one customer may have mailed per window: a few retries, never a mail cannon. */
const LINKS_PER_WINDOW = 5;
const LINK_WINDOW_MS = 15 * 60 * 1000;

// The same token scheme as the password links: 32 random bytes in base64url, only the SHA-256 stored,
// so a leaked table confirms nothing.
const randomToken = () => randomBytes(32).toString('base64url');
const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

type SubscriptionRow = typeof newsletterSubscriptions.$inferSelect;

/** Who the subscription is for: the signed-in customer as the database knows them now. */
export interface Subscriber {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  locale: string;
}

export async function findSubscriber(db: Db, customerId: string): Promise<Subscriber | null> {
  const [row] = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      locale: customers.locale,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row ?? null;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toStatus(row: SubscriptionRow | undefined, currentEmail: string): NewsletterStatus {
  if (!row) {
    return {
      status: 'none',
      email: currentEmail,
      forCurrentEmail: true,
      consentVersion: null,
      requestedAt: null,
      confirmedAt: null,
      unsubscribedAt: null,
    };
  }
  return {
    status: row.status as NewsletterStatus['status'],
    email: row.email,
    forCurrentEmail: sameEmail(row.email, currentEmail),
    consentVersion: row.consentVersion,
    requestedAt: iso(row.requestedAt),
    confirmedAt: iso(row.confirmedAt),
    unsubscribedAt: iso(row.unsubscribedAt),
  };
}

export async function subscriptionStatus(
  db: Db,
  subscriber: Pick<Subscriber, 'id' | 'email'>,
): Promise<NewsletterStatus> {
  const [row] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.customerId, subscriber.id));
  return toStatus(row, subscriber.email);
}

/** The consent text and version stored with the customer's subscription, if there is one. */
export async function recordedConsent(db: Db, customerId: string): Promise<{ text: string; version: string } | null> {
  const [row] = await db
    .select({ text: newsletterSubscriptions.consentText, version: newsletterSubscriptions.consentVersion })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.customerId, customerId));
  return row ?? null;
}

/** The consent the customer was shown: its version and the text itself, word for word. */
export interface Consent {
  version: string;
  text: string;
  locale: string;
}

export type SubscribeResult =
  | { kind: 'link'; token: string; status: NewsletterStatus }
  | { kind: 'already-subscribed'; status: NewsletterStatus }
  /** Too many links mailed lately: try again after this many seconds. */
  | { kind: 'too-many'; retryAfterSeconds: number };

/**
 * Records a subscription request for the customer's current address and issues its link. Already
 * subscribed at that address: nothing changes and no mail goes out. The row is written first, which
 * locks it, so two requests at once queue behind each other and the later one spends the earlier
 * one's link: at most one link is ever open.
 */
export async function requestSubscription(
  db: Db,
  subscriber: Subscriber,
  consent: Consent,
  now = new Date(),
): Promise<SubscribeResult> {
  return db
    .transaction(async (tx): Promise<SubscribeResult> => {
      const [current] = await tx
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.customerId, subscriber.id))
        .for('update');
      if (current?.status === 'subscribed' && sameEmail(current.email, subscriber.email)) {
        return { kind: 'already-subscribed', status: toStatus(current, subscriber.email) };
      }
      const values = {
        email: subscriber.email,
        status: 'pending',
        locale: consent.locale,
        consentVersion: consent.version,
        consentText: consent.text,
        requestedAt: now,
        confirmedAt: null,
        updatedAt: now,
      };
      const [row] = await tx
        .insert(newsletterSubscriptions)
        .values({ customerId: subscriber.id, ...values })
        .onConflictDoUpdate({ target: newsletterSubscriptions.customerId, set: values })
        .returning();
      const [recent] = await tx
        .select({ n: count() })
        .from(newsletterTokens)
        .where(
          and(
            eq(newsletterTokens.customerId, subscriber.id),
            gt(newsletterTokens.createdAt, new Date(now.getTime() - LINK_WINDOW_MS)),
          ),
        );
      if ((recent?.n ?? 0) >= LINKS_PER_WINDOW) {
        // Rolls back the request too: nothing is recorded that no link could confirm.
        throw new TooManyLinks();
      }
      await spendOpenTokens(tx as unknown as Db, subscriber.id, now);
      const token = randomToken();
      await tx.insert(newsletterTokens).values({
        customerId: subscriber.id,
        tokenHash: sha256Hex(token),
        expiresAt: new Date(now.getTime() + LINK_TTL_MS),
        createdAt: now,
      });
      return { kind: 'link', token, status: toStatus(row, subscriber.email) };
    })
    .catch((error: unknown) => {
      if (error instanceof TooManyLinks)
        return { kind: 'too-many' as const, retryAfterSeconds: Math.ceil(LINK_WINDOW_MS / 1000) };
      throw error;
    });
}

class TooManyLinks extends Error {}
class NothingToConfirm extends Error {}

async function spendOpenTokens(db: Db, customerId: string, now: Date): Promise<void> {
  await db
    .update(newsletterTokens)
    .set({ usedAt: now })
    .where(and(eq(newsletterTokens.customerId, customerId), isNull(newsletterTokens.usedAt)));
}

/**
 * Redeems a confirmation link: the subscription it was mailed for becomes 'subscribed'. The token
 * must be known, unused and unexpired, and its subscription still pending for the customer's current
 * address (a link to an address the account has left confirms nothing). Otherwise null, and nothing
 * changes: not even the token is spent. The spending update is the check, so a link opened twice at
 * once confirms once.
 */
export async function confirmSubscription(db: Db, token: string, now = new Date()): Promise<NewsletterStatus | null> {
  if (token.length === 0 || token.length > 200) return null;
  try {
    return await db.transaction(async (tx) => {
      const [spent] = await tx
        .update(newsletterTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(newsletterTokens.tokenHash, sha256Hex(token)),
            isNull(newsletterTokens.usedAt),
            gt(newsletterTokens.expiresAt, now),
          ),
        )
        .returning({ customerId: newsletterTokens.customerId });
      if (!spent) throw new NothingToConfirm();
      const [confirmed] = await tx
        .update(newsletterSubscriptions)
        .set({ status: 'subscribed', confirmedAt: now, unsubscribedAt: null, updatedAt: now })
        .where(
          and(
            eq(newsletterSubscriptions.customerId, spent.customerId),
            eq(newsletterSubscriptions.status, 'pending'),
            sql`lower(${newsletterSubscriptions.email}) = (SELECT lower(${customers.email}) FROM ${customers} WHERE ${customers.id} = ${spent.customerId})`,
          ),
        )
        .returning();
      if (!confirmed) throw new NothingToConfirm();
      return toStatus(confirmed, confirmed.email);
    });
  } catch (error) {
    if (error instanceof NothingToConfirm) return null;
    throw error;
  }
}

/** Whether a link would confirm right now, without spending it (the confirmation page's first look). */
export async function pendingConfirmation(db: Db, token: string, now = new Date()): Promise<{ email: string } | null> {
  if (token.length === 0 || token.length > 200) return null;
  const [row] = await db
    .select({ email: newsletterSubscriptions.email })
    .from(newsletterTokens)
    .innerJoin(newsletterSubscriptions, eq(newsletterSubscriptions.customerId, newsletterTokens.customerId))
    .innerJoin(customers, eq(customers.id, newsletterTokens.customerId))
    .where(
      and(
        eq(newsletterTokens.tokenHash, sha256Hex(token)),
        isNull(newsletterTokens.usedAt),
        gt(newsletterTokens.expiresAt, now),
        eq(newsletterSubscriptions.status, 'pending'),
        sql`lower(${newsletterSubscriptions.email}) = lower(${customers.email})`,
      ),
    );
  return row ?? null;
}

/**
 * Unsubscribes at once, with no confirmation: withdrawing consent must be as easy as giving it. The
 * row stays with the time of withdrawal; open links are spent so an old mail cannot subscribe again.
 * Not subscribed: nothing changes.
 */
export async function unsubscribe(
  db: Db,
  subscriber: Pick<Subscriber, 'id' | 'email'>,
  now = new Date(),
): Promise<NewsletterStatus> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSubscriptions)
      .set({ status: 'unsubscribed', unsubscribedAt: now, updatedAt: now })
      .where(
        and(
          eq(newsletterSubscriptions.customerId, subscriber.id),
          sql`${newsletterSubscriptions.status} IN ('pending', 'subscribed')`,
        ),
      )
      .returning();
    await spendOpenTokens(tx as unknown as Db, subscriber.id, now);
    if (row) return toStatus(row, subscriber.email);
    const [unchanged] = await tx
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.customerId, subscriber.id));
    return toStatus(unchanged, subscriber.email);
  });
}
