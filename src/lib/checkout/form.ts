// Address forms of the checkout without I/O: the address fields, validation with the same
// zod contract as the server (plus the shop's own rules: company required, email for guests), server
// 400 details mapped back to fields, and an address as display lines.
import { addressSchema, CHECKOUT_MESSAGES, type Address } from './address.ts';
import { countryLabel, DEFAULT_COUNTRY, isCountryCode } from './countries.ts';
import type { Locale } from '../i18n/locales.ts';

export const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'company',
  'street',
  'streetName',
  'apartment',
  'postalCode',
  'city',
  'region',
  'country',
  'phone',
  'email',
  'vatId',
  'taxId',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
/** What the form holds: every field as text ('' when empty). */
export type AddressValues = Record<AddressField, string>;

type ValidationName = keyof typeof CHECKOUT_MESSAGES | 'invalid';
type ValidationKey = `checkout.validation.${ValidationName}`;
export type AddressErrors = Partial<Record<AddressField, ValidationKey>>;

export interface AddressRules {
  /** features.companyRequired */
  companyRequired: boolean;
  /** A guest's billing address carries the email the confirmation goes to. */
  emailRequired: boolean;
}

const byText = new Map<string, ValidationName>(
  Object.entries(CHECKOUT_MESSAGES).map(([name, text]) => [text, name as ValidationName]),
);

/** The message key of one of the contract's validation texts; anything else is the generic one. */
function validationKey(message: string): ValidationKey {
  return `checkout.validation.${byText.get(message) ?? 'invalid'}`;
}

const isAddressField = (value: string): value is AddressField => (ADDRESS_FIELDS as readonly string[]).includes(value);

export type AddressValidation = { ok: true; address: Address } | { ok: false; errors: AddressErrors };

export function validateAddress(values: AddressValues, rules: AddressRules, id?: string): AddressValidation {
  const errors: AddressErrors = {};
  const result = addressSchema.safeParse({ ...(id ? { id } : {}), ...values });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (isAddressField(field) && !errors[field]) errors[field] = validationKey(issue.message);
    }
  }
  if (rules.companyRequired && values.company.trim() === '') errors.company = 'checkout.validation.required';
  if (rules.emailRequired && values.email.trim() === '') errors.email = 'checkout.validation.required';
  if (!result.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, address: result.data };
}

/**
 * The server's 400 details ([{ path: 'shippingAddress.postalCode', message }]) as field errors of the
 * address sent under `prefix`; an empty object when none of them names a field of it.
 */
export function addressErrorsFromDetails(details: unknown, prefix: string): AddressErrors {
  const errors: AddressErrors = {};
  if (!Array.isArray(details)) return errors;
  for (const detail of details as { path?: unknown; message?: unknown }[]) {
    if (typeof detail?.path !== 'string' || !detail.path.startsWith(`${prefix}.`)) continue;
    const field = detail.path.slice(prefix.length + 1);
    if (isAddressField(field) && !errors[field]) errors[field] = validationKey(String(detail.message ?? ''));
  }
  return errors;
}

/** Form values from a stored or saved address (unknown shape: the cart keeps it as JSON). */
export function addressValues(source: unknown, defaultCountry: string = DEFAULT_COUNTRY): AddressValues {
  const record = (source && typeof source === 'object' ? source : {}) as Record<string, unknown>;
  const values = Object.fromEntries(
    ADDRESS_FIELDS.map((f) => {
      const v = record[f];
      return [f, typeof v === 'string' ? v : ''];
    }),
  ) as AddressValues;
  if (!isCountryCode(values.country)) values.country = isCountryCode(defaultCountry) ? defaultCountry : DEFAULT_COUNTRY;
  return values;
}

/** The id of a saved address the stored one came from, if any. */
export function addressId(source: unknown): string | undefined {
  const id = source && typeof source === 'object' ? (source as Record<string, unknown>).id : undefined;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** An address as the lines a letter would show (country by its name in the locale). */
export function addressLines(source: unknown, locale: Locale): string[] {
  if (!source || typeof source !== 'object') return [];
  const a = addressValues(source);
  const join = (...parts: string[]) =>
    parts
      .map((p) => p.trim())
      .filter(Boolean)
      .join(' ');
  return [
    a.company,
    join(a.firstName, a.lastName),
    // Addresses that keep the street's name apart repeat it in `street` ('Hauptstraße 1' / 'Hauptstraße').
    a.street.includes(a.streetName.trim()) ? a.street : join(a.street, a.streetName),
    a.apartment,
    join(a.postalCode, a.city),
    a.region,
    a.country ? countryLabel(a.country, locale) : '',
    a.phone,
    a.email,
    a.vatId,
    a.taxId,
  ]
    .map((l) => l.trim())
    .filter(Boolean);
}
