// Which tax note the checkout shows for an order, decided by rules (pure, no I/O).
//
// The rules, first match wins:
// 1. ACCOUNT_EXCLUDE        the customer account is flagged excludeTax: no VAT at all.
// 2. (none)                 the goods stay in the shop's country: the ordinary VAT note of the totals.
// 3. FOREIGN                a business buyer with a VAT id in another country (intra-EU delivery with
//                           reverse charge, or an export to a business): delivered tax-free. A shop
//                           outside the EU delivering abroad is an export too.
// 4. ONESTOPSHOP_FOREIGN    a consumer outside the EU, supplied from an EU shop: no VAT (export).
// 5. ONESTOPSHOP_VATMATCH   a consumer in another EU country whose VAT rate equals the shop's:
//                           One-Stop-Shop VAT of the destination, the prices do not change.
// 6. ONESTOPSHOP_EU         a consumer in another EU country with another (or unknown) rate:
//                           the prices carry the destination country's VAT (One-Stop-Shop).
import { DEFAULT_COUNTRY } from './countries.ts';
import { addressValues } from './form.ts';

export type TaxNote = 'ACCOUNT_EXCLUDE' | 'ONESTOPSHOP_VATMATCH' | 'ONESTOPSHOP_EU' | 'ONESTOPSHOP_FOREIGN' | 'FOREIGN';

/** Member states of the European Union (VAT area), ISO 3166-1 alpha-2. */
const EU_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
]);

/** @internal Tested directly; the checkout asks cartTaxNote. */
export function isEuCountry(country: string): boolean {
  return EU_COUNTRIES.has(country.toUpperCase());
}

/** The country the shop sells from (its VAT registration); the shop's default country. */
const SHOP_COUNTRY = DEFAULT_COUNTRY;

/** @internal Tested directly; the checkout asks cartTaxNote. */
export interface TaxNoteInput {
  /** The customer account is flagged excludeTax. */
  excludeTax: boolean;
  shopCountry: string;
  /** The shipping address's country. */
  destination: string;
  /** The buyer is a business with a VAT id (B2B). */
  hasVatId: boolean;
  /** Standard VAT rates in percent, when known; unknown rates count as different. */
  vatRates?: { shop: number; destination: number } | undefined;
}

/**
 * The tax note for the order, or null when the ordinary domestic VAT note applies.
 * @internal Tested directly; the checkout asks cartTaxNote.
 */
export function taxNoteFor(input: TaxNoteInput): TaxNote | null {
  if (input.excludeTax) return 'ACCOUNT_EXCLUDE';
  const shop = input.shopCountry.toUpperCase();
  const destination = input.destination.toUpperCase();
  if (destination === shop) return null;
  if (input.hasVatId || !isEuCountry(shop)) return 'FOREIGN';
  if (!isEuCountry(destination)) return 'ONESTOPSHOP_FOREIGN';
  const rates = input.vatRates;
  return rates && rates.shop === rates.destination ? 'ONESTOPSHOP_VATMATCH' : 'ONESTOPSHOP_EU';
}

/**
 * The note for a cart in checkout: the destination is the shipping address's country, the VAT id
 * is the billing address's (the invoice names the buyer); null until a shipping address exists.
 */
export function cartTaxNote(
  cart: { displayExcludingTaxes: boolean; shippingAddress: unknown; billingAddress: unknown },
  shopCountry: string = SHOP_COUNTRY,
): TaxNote | null {
  if (cart.displayExcludingTaxes) return 'ACCOUNT_EXCLUDE';
  if (!cart.shippingAddress) return null;
  const destination = addressValues(cart.shippingAddress).country;
  const billing = cart.billingAddress ? addressValues(cart.billingAddress) : null;
  return taxNoteFor({ excludeTax: false, shopCountry, destination, hasVatId: Boolean(billing?.vatId.trim()) });
}
