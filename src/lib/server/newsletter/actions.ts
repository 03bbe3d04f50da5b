// What subscribing and unsubscribing do, shared by the JSON endpoint and the account page's plain
// form: the consent recorded is the text this shop shows in the request's language (never a text the
// client sends), and the link goes to the account's own address.
import { NEWSLETTER_CONSENT_VERSION, type NewsletterStatus } from '#lib/newsletter/contract.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { Db } from '../db/client.ts';
import { ApiError } from '../http.ts';
import { requestSubscription, unsubscribe, type Consent, type Subscriber } from './subscriptions.ts';

export interface NewsletterDeps {
  db(): Promise<Db>;
  now?(): Date;
  /** The consent text as the account page shows it in `locale` to a customer with this address. */
  consent(locale: Locale, email: string): Promise<Consent>;
  /** Mails the confirmation link (awaited: a link that never left must not read as sent). */
  sendLink(to: Subscriber, token: string, locale: Locale): Promise<void>;
}

/** The consent text of a locale: the shop's message with its name and the customer's address filled in. */
export function consentText(
  shell: { t: (key: 'newsletter.consent', vars: Record<string, string>) => string; branding: { title: string } },
  email: string,
): string {
  return shell.t('newsletter.consent', { shop: shell.branding.title, email });
}

export const consentOf = (locale: Locale, text: string): Consent => ({
  version: NEWSLETTER_CONSENT_VERSION,
  text,
  locale,
});

export type NewsletterAction = 'subscribe' | 'unsubscribe';

/** Subscribes (pending + link mailed) or unsubscribes the customer; too many links is TOO_MANY_ATTEMPTS (429). */
export async function applyNewsletterAction(
  deps: NewsletterDeps,
  subscriber: Subscriber,
  action: NewsletterAction,
  locale: Locale,
): Promise<{ newsletter: NewsletterStatus; linkSent: boolean }> {
  const db = await deps.db();
  const now = deps.now?.() ?? new Date();
  if (action === 'unsubscribe') return { newsletter: await unsubscribe(db, subscriber, now), linkSent: false };
  const result = await requestSubscription(db, subscriber, await deps.consent(locale, subscriber.email), now);
  if (result.kind === 'too-many') {
    const retryAfter = result.retryAfterSeconds;
    throw new ApiError(
      'TOO_MANY_ATTEMPTS',
      'Too many confirmation links. Please try again later.',
      429,
      { retryAfter },
      { 'Retry-After': String(retryAfter) },
    );
  }
  if (result.kind === 'already-subscribed') return { newsletter: result.status, linkSent: false };
  await deps.sendLink({ ...subscriber, locale }, result.token, locale);
  return { newsletter: result.status, linkSent: true };
}
