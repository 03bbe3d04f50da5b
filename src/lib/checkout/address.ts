// Address fields and their validation, shared by the checkout contract (src/lib/checkout/contract.ts),
// the address forms and the server. Validation messages are English keys the UI translates.
import { z } from 'astro/zod';
import { COUNTRY_CODES } from './countries.ts';
import { text } from '../http/fields.ts';
import { checkVatId, isEuVatCountry } from '../tax/vat-id.ts';

export const CHECKOUT_MESSAGES = {
  required: 'This field is required',
  invalidEmail: 'Invalid email',
  tooLong: 'This value is too long',
  invalidCharacters: 'This value contains invalid characters',
  invalidCountry: 'Please select a country',
  invalidPostalCode: 'Please enter a valid postal code',
  invalidPhone: 'Please enter a valid phone number',
  invalidVatId: 'Please enter a valid VAT ID',
  passwordTooShort: 'Password must be at least 8 characters',
} as const;

const M = CHECKOUT_MESSAGES;

/**
 * Control characters would break the address in emails, invoices and the provider's records; line
 * breaks are for the texts typed in a text area (an order's comment and feedback).
 */
const fieldText = (max: number, multiline: boolean) =>
  text({ max, multiline, error: M.required, tooLong: M.tooLong, invalid: M.invalidCharacters }).trim();
export const requiredText = (max: number, { multiline = false } = {}) =>
  fieldText(max, multiline).refine((v) => v.length > 0, { error: M.required });
/** Optional text: blank becomes undefined, so '' and a missing field mean the same. */
export const optionalText = (max: number, { multiline = false } = {}) =>
  fieldText(max, multiline)
    .optional()
    .transform((v) => (v === '' ? undefined : v));

export const countryCodeSchema = z.enum(COUNTRY_CODES, { error: M.invalidCountry });

/** A country prefix and the number as people write it (dots, dashes, blanks: CHE-123.456.788 MWST). */
const VAT_ID_SHAPE = /^[A-Za-z]{2}[A-Za-z0-9 +*.-]{2,18}$/;

/** The fields of an address, without the rules across fields (for schemas derived from it). */
export const addressFieldsSchema = z
  .object({
    id: z.string().uuid().optional(),
    firstName: requiredText(100),
    lastName: requiredText(100),
    company: optionalText(150),
    street: requiredText(150),
    streetName: optionalText(150),
    apartment: optionalText(50),
    city: requiredText(100),
    postalCode: requiredText(12).refine((v) => /^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/.test(v), {
      error: M.invalidPostalCode,
    }),
    region: optionalText(100),
    country: countryCodeSchema,
    phone: optionalText(30).refine((v) => v === undefined || /^\+?[0-9 ()/.-]{5,30}$/.test(v), {
      error: M.invalidPhone,
    }),
    email: optionalText(254).pipe(z.email({ error: M.invalidEmail }).optional()),
    vatId: optionalText(20).refine((v) => v === undefined || VAT_ID_SHAPE.test(v), {
      error: M.invalidVatId,
    }),
    taxId: optionalText(30),
  })
  .strict();

/**
 * A VAT id decides whether an EU business pays VAT (src/lib/tax/regime.ts): in a member state it must
 * pass that country's format and check digits, so a typo is caught at the address, not on the invoice.
 */
export function refineVatId(address: { vatId?: string | undefined; country: string }, context: z.RefinementCtx) {
  const { vatId } = address;
  // One message per field: an id of the wrong shape is already refused by the field's own rule.
  if (vatId && VAT_ID_SHAPE.test(vatId) && isEuVatCountry(address.country) && !checkVatId(vatId, address.country).ok) {
    context.addIssue({ code: 'custom', path: ['vatId'], message: M.invalidVatId });
  }
}

/** A shipping or billing address. `id` refers to a saved address of the signed-in customer. */
export const addressSchema = addressFieldsSchema.superRefine(refineVatId);
export type Address = z.infer<typeof addressSchema>;

/** A saved address as the account and the checkout list it. */
export const savedAddressSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  street: z.string(),
  streetName: z.string().nullable(),
  apartment: z.string().nullable(),
  city: z.string(),
  postalCode: z.string(),
  region: z.string().nullable(),
  country: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  vatId: z.string().nullable(),
  taxId: z.string().nullable(),
  isBilling: z.boolean(),
  isShipping: z.boolean(),
  isDefaultBilling: z.boolean(),
  isDefaultShipping: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;
