// Profile contracts (spec §7 "Update user"; e-mail change by confirmation link), shared by the
// endpoints under src/pages/api/account and the profile page's own form handling. Requests are strict:
// unknown fields are rejected. Name, company and phone take the checkout's address rules, so a value the
// checkout accepts is accepted here and refused with the same message; passwords take the auth rules.
import { z } from 'astro/zod';
import { operation } from '../http/contract.ts';
import { text } from '../http/fields.ts';
import { addressSchema, CHECKOUT_MESSAGES } from '../checkout/address.ts';
import { AUTH_MESSAGES } from '../auth/contract.ts';
import { profileRoutes } from './routes.ts';

export const PROFILE_MESSAGES = {
  ...CHECKOUT_MESSAGES,
  passwordTooShort: AUTH_MESSAGES.passwordTooShort,
  sameEmail: 'This is already your email address',
  passwordMismatch: AUTH_MESSAGES.passwordMismatch,
} as const;

const M = PROFILE_MESSAGES;
const address = addressSchema.shape;

/** The fields the customer edits; what they leave empty (company, phone) is removed. */
const profileRequestSchema = z
  .object({
    firstName: address.firstName,
    lastName: address.lastName,
    company: address.company,
    phone: address.phone,
  })
  .strict();
export type ProfileUpdate = z.output<typeof profileRequestSchema>;

const typedText = (max: number) => text({ max, error: M.required, tooLong: M.tooLong, invalid: M.invalidCharacters });
const currentPassword = typedText(256).min(1, { error: M.required });

const emailChangeRequestSchema = z
  .object({
    /** Compared and stored lower-cased, as registration stores it. */
    newEmail: typedText(254)
      .trim()
      .min(1, { error: M.required })
      .pipe(z.email({ error: M.invalidEmail }))
      .transform((v) => v.toLowerCase()),
    /** Asked again so that a session left open (or stolen) cannot move the account to another address. */
    currentPassword,
  })
  .strict();

const emailChangeConfirmSchema = z
  .object({
    token: typedText(200).min(1, { error: M.required }),
  })
  .strict();

const profileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string(),
  customernum: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

const profileResponseSchema = z.object({ profile: profileSchema });
const okResponseSchema = z.object({ ok: z.literal(true) });
const emailResponseSchema = z.object({ email: z.string() });

export const profileApi = {
  /** The signed-in customer's profile. */
  get: operation({
    ...profileRoutes.get,
    request: z.object({}).strict(),
    response: profileResponseSchema,
    errors: ['UNAUTHENTICATED'],
  }),
  /** Changes name, company and phone of the signed-in customer; answers the profile as stored. */
  update: operation({
    ...profileRoutes.update,
    request: profileRequestSchema,
    response: profileResponseSchema,
    errors: ['PERMISSION_DENIED', 'UNAUTHENTICATED'],
  }),
  /**
   * Mails a confirmation link to the new address (and a notice to the current one). The answer is the
   * same whether or not the address belongs to another account, so it cannot be used to probe addresses.
   */
  requestEmailChange: operation({
    ...profileRoutes.requestEmailChange,
    request: emailChangeRequestSchema,
    response: okResponseSchema,
    errors: ['PERMISSION_DENIED', 'UNAUTHENTICATED', 'TOO_MANY_ATTEMPTS', 'INVALID_PASSWORD', 'ON_BEHALF_REFUSED'],
  }),
  /** Redeems the mailed link: the account's e-mail (and login) becomes the new address. */
  confirmEmailChange: operation({
    ...profileRoutes.confirmEmailChange,
    request: emailChangeConfirmSchema,
    response: emailResponseSchema,
    errors: ['INVALID_TOKEN', 'EMAIL_TAKEN'],
  }),
};
