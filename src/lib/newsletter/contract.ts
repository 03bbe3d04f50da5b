// Newsletter contracts: the signed-in customer's subscription (read it, subscribe, unsubscribe) and the
// double opt-in confirmation by the emailed link. A subscription is 'pending' until its link is
// opened, then 'subscribed'; unsubscribing acts at once and keeps the row as the record.
import { z } from 'astro/zod';
import { localeSchema } from '../content/schemas.ts';
import { operation } from '../http/contract.ts';
import { text } from '../http/fields.ts';
import { newsletterRoutes } from './routes.ts';

/**
 * The version of the consent text (message key newsletter.consent in every locale). A subscription
 * records it with the exact text shown; change it whenever the wording of any locale changes, so the
 * record says which text a customer agreed to.
 */
export const NEWSLETTER_CONSENT_VERSION = '2026-11';

/** How long a confirmation link stays valid. */
export const NEWSLETTER_LINK_HOURS = 72;

const NEWSLETTER_STATUSES = ['none', 'pending', 'subscribed', 'unsubscribed'] as const;

const timestamp = z.iso.datetime({ offset: true }).nullable();

/** A customer's subscription as the account shows it ('none': never subscribed). */
const newsletterStatusSchema = z.object({
  status: z.enum(NEWSLETTER_STATUSES),
  /** The address the subscription is for; the account's current address when there is none yet. */
  email: z.string(),
  /** False when the subscription is for an address the account no longer has (it then needs a new opt-in). */
  forCurrentEmail: z.boolean(),
  consentVersion: z.string().nullable(),
  requestedAt: timestamp,
  confirmedAt: timestamp,
  unsubscribedAt: timestamp,
});
export type NewsletterStatus = z.infer<typeof newsletterStatusSchema>;

const statusResponseSchema = z.object({ newsletter: newsletterStatusSchema });

/**
 * Subscribing states the consent version the shopper was shown: a page older than the current text
 * is refused (VALIDATION_FAILED on consentVersion) instead of recording consent to a text nobody saw.
 */
const newsletterUpdateRequestSchema = z.discriminatedUnion('action', [
  z
    .object({
      action: z.literal('subscribe'),
      consentVersion: z.literal(NEWSLETTER_CONSENT_VERSION),
      locale: localeSchema.optional(),
    })
    .strict(),
  z.object({ action: z.literal('unsubscribe'), locale: localeSchema.optional() }).strict(),
]);

const updateResponseSchema = statusResponseSchema.extend({
  /** True when this request mailed a confirmation link. */
  linkSent: z.boolean(),
});

/** Tokens are 32 random bytes in base64url (43 characters); anything much longer is not one. */
const newsletterConfirmRequestSchema = z.object({ token: text({ max: 200 }).min(1) }).strict();

export const newsletterApi = {
  /** The signed-in customer's subscription. */
  status: operation({
    ...newsletterRoutes.status,
    request: z.object({}).strict(),
    response: statusResponseSchema,
    errors: ['UNAUTHENTICATED', 'CUSTOMER_NOT_FOUND'],
  }),
  /**
   * subscribe: 'pending' with the consent recorded and a confirmation link mailed to the account's
   * address (a new link spends every older one); already subscribed at that address, nothing changes.
   * unsubscribe: 'unsubscribed' at once, open links spent. At most 5 links per 15 minutes.
   */
  update: operation({
    ...newsletterRoutes.update,
    request: newsletterUpdateRequestSchema,
    response: updateResponseSchema,
    errors: ['UNAUTHENTICATED', 'CUSTOMER_NOT_FOUND', 'TOO_MANY_ATTEMPTS'],
  }),
  /**
   * Redeems a confirmation link; the link is the capability, so no session is needed. It confirms only
   * the subscription it was mailed for. Unknown, expired or used: INVALID_TOKEN, and nothing changes.
   */
  confirm: operation({
    ...newsletterRoutes.confirm,
    request: newsletterConfirmRequestSchema,
    response: statusResponseSchema,
    errors: ['INVALID_TOKEN'],
  }),
};
