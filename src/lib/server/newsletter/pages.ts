// The pages of this domain: /my-account/my-newsletter (status, consent text, subscribe and unsubscribe as
// plain forms that post to the page itself and come back with 303, so they work before any script),
// /newsletter/confirm (the double opt-in link) and /my-account/loyalty-card. The forms post the JSON
// endpoints' own state changes (handlers.ts) through submitForm.
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { NEWSLETTER_CONSENT_VERSION, NEWSLETTER_LINK_HOURS, type NewsletterStatus } from '#lib/newsletter/contract.ts';
import { code128Svg, isCode128B } from '#lib/account/barcode.ts';
import type { MessageKey } from '#lib/i18n/messages/en.ts';
import type { ClientContext } from '../client-ip.ts';
import { getDb } from '../db/index.ts';
import { addresses, customers } from '../db/schema.ts';
import type { ApiError } from '../http.ts';
import { formAction, formField, submitPostedForm } from '../http-form.ts';
import { logger } from '../log.ts';
import type { AccountContext, AccountLoad } from '../account/index.ts';
import { consentText, type NewsletterDeps } from './actions.ts';
import type { NewsletterChanges } from './handlers.ts';
import { findSubscriber, pendingConfirmation, recordedConsent, subscriptionStatus } from './subscriptions.ts';

/** The form holds an action and a version string; anything much bigger is not our form. */
const MAX_FORM_BYTES = 2 * 1024;
const PAGE = '/my-account/my-newsletter';
const NOTICES = ['sent', 'unsubscribed'] as const;
type Notice = (typeof NOTICES)[number];

export interface NewsletterPageData {
  status: NewsletterStatus;
  consent: { text: string; version: string };
  /** The consent text recorded with a pending or active subscription, as the customer agreed to it. */
  consentGiven: { text: string; version: string } | null;
  /** What the last form post did (from the redirect's ?notice=). */
  notice: Notice | null;
  /** Why the form post just made failed, already translated; the page answers with `httpStatus`. */
  error: string | null;
  httpStatus: number;
  linkHours: number;
}

/** Subscribing states the consent version the page showed; a stale one is refused on that field. */
const updateFields = { action: formField.text('action'), consentVersion: formField.optional('consentVersion') };

/** The form was made from an older consent text than the shop's (the schema refused consentVersion). */
const staleConsent = (error: ApiError): boolean =>
  error.code === 'VALIDATION_FAILED' &&
  Array.isArray(error.details) &&
  (error.details as { path?: unknown }[]).some((issue) => issue.path === 'consentVersion');

/**
 * /my-account/my-newsletter: GET shows the subscription; POST (the page's own forms) subscribes or
 * unsubscribes and redirects back with a notice, or shows the page again with the error and its status.
 */
export function newsletterPage(deps: NewsletterDeps, changes: NewsletterChanges) {
  const update = formAction(changes.update, updateFields);
  return async ({ request, shopper, locale, shell }: AccountContext): Promise<AccountLoad<NewsletterPageData>> => {
    const db = await deps.db();
    const subscriber = await findSubscriber(db, shopper.customerId);
    if (!subscriber) return { notFound: true };
    let error: string | null = null;
    let httpStatus = 200;
    if (request.request.method === 'POST') {
      try {
        const outcome = await submitPostedForm(update, request, MAX_FORM_BYTES, { locale });
        if (outcome.ok) {
          const notice =
            outcome.input.action === 'unsubscribe' ? 'unsubscribed' : outcome.result.linkSent ? 'sent' : null;
          return { redirectTo: notice ? `${PAGE}?notice=${notice}` : PAGE };
        }
        const failure = outcome.error;
        httpStatus = staleConsent(failure) ? 409 : failure.status;
        const key: MessageKey =
          failure.code === 'TOO_MANY_ATTEMPTS'
            ? 'newsletter.error.tooMany'
            : httpStatus === 409
              ? 'newsletter.error.consentChanged'
              : 'newsletter.error.failed';
        error = shell.t(key, { minutes: 15 });
      } catch (failure) {
        logger.error({ err: failure }, 'newsletter form failed');
        httpStatus = 500;
        error = shell.t('newsletter.error.failed');
      }
    }
    const notice = request.url.searchParams.get('notice');
    const status = await subscriptionStatus(db, subscriber);
    return {
      status,
      consentGiven:
        status.status === 'pending' || status.status === 'subscribed' ? await recordedConsent(db, subscriber.id) : null,
      consent: { text: consentText(shell, subscriber.email), version: NEWSLETTER_CONSENT_VERSION },
      notice: error === null && (NOTICES as readonly string[]).includes(notice ?? '') ? (notice as Notice) : null,
      error,
      httpStatus,
      linkHours: NEWSLETTER_LINK_HOURS,
    };
  };
}

export type ConfirmPageState = { kind: 'ask'; token: string; email: string } | { kind: 'done' } | { kind: 'invalid' };

/**
 * /newsletter/confirm. Opening the link (GET) only looks at the token and asks for a click; the
 * confirming is a POST. Mail security scanners and link previews fetch every link in a mail with GET,
 * which would otherwise confirm subscriptions nobody asked for, defeating the double opt-in. A valid
 * POST redirects (303) to ?confirmed=1, so reloading the answer does not post again; that address
 * says only "confirmed" and reveals nothing.
 */
export function confirmPage(deps: Pick<NewsletterDeps, 'db'>, changes: NewsletterChanges) {
  const confirm = formAction(changes.confirm, { token: formField.text('token') });
  return async (
    context: { request: Request; url: URL } & ClientContext,
  ): Promise<{ state: ConfirmPageState; redirect?: string; httpStatus: number }> => {
    const { request, url } = context;
    if (request.method === 'POST') {
      const outcome = await submitPostedForm(confirm, context, MAX_FORM_BYTES);
      // Unknown, expired, used or no token at all: the same page, which says nothing more.
      return outcome.ok
        ? { state: { kind: 'done' }, redirect: '/newsletter/confirm?confirmed=1', httpStatus: 303 }
        : { state: { kind: 'invalid' }, httpStatus: outcome.error.status };
    }
    const token = url.searchParams.get('token');
    if (token === null && url.searchParams.get('confirmed') === '1')
      return { state: { kind: 'done' }, httpStatus: 200 };
    const pending = token ? await pendingConfirmation(await deps.db(), token) : null;
    return pending
      ? { state: { kind: 'ask', token: token!, email: pending.email }, httpStatus: 200 }
      : { state: { kind: 'invalid' }, httpStatus: 400 };
  };
}

export interface LoyaltyCardData {
  customernum: string;
  name: string;
  company: string | null;
  /** The customer number as a Code 128 SVG; null for a number the symbology cannot hold. */
  barcodeSvg: string | null;
}

/**
 * /my-account/loyalty-card: the customer number as a barcode with the name and company. The company is
 * the account's own, else that of the default billing address (where the checkout keeps it).
 */
export async function loyaltyCardView({ shopper, shell }: AccountContext): Promise<AccountLoad<LoyaltyCardData>> {
  const db = await getDb();
  const [customer] = await db
    .select({
      customernum: customers.customernum,
      firstName: customers.firstName,
      lastName: customers.lastName,
      company: customers.company,
    })
    .from(customers)
    .where(eq(customers.id, shopper.customerId));
  if (!customer) return { notFound: true };
  let company = customer.company?.trim() || null;
  if (!company) {
    const [billing] = await db
      .select({ company: addresses.company })
      .from(addresses)
      .where(
        and(eq(addresses.customerId, shopper.customerId), isNotNull(addresses.company), eq(addresses.isBilling, true)),
      )
      .orderBy(desc(addresses.isDefaultBilling), addresses.createdAt)
      .limit(1);
    company = billing?.company?.trim() || null;
  }
  const number = customer.customernum;
  return {
    customernum: number,
    name: `${customer.firstName} ${customer.lastName}`.trim(),
    company,
    barcodeSvg: isCode128B(number)
      ? code128Svg(number, { label: shell.t('loyalty.barcodeLabel', { number }), className: 'loyalty-barcode' })
      : null,
  };
}
