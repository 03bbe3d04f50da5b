// The prices fingerprint (the cart response's pricesHash). Create order prices the cart again and
// refuses when the fingerprint differs from the one the shopper saw, so a price that moved since they
// looked is never charged unseen. It hashes an explicit list of fields, never a whole internal
// structure: a structure may grow without every fingerprint in flight changing (which would refuse
// every open checkout after a deploy). Changing the list itself bumps PRICES_FINGERPRINT_VERSION.
import { createHash } from 'node:crypto';
import type { CartTotalsCents } from '#lib/cart/rules.ts';

const PRICES_FINGERPRINT_VERSION = 2;

/** The totals that go into the fingerprint, in this order. */
const TOTALS_FIELDS = [
  'subtotal_excl_tax',
  'subtotal_incl_tax',
  'subtotal_with_discount',
  'discount_amount',
  'coupon_amount',
  'coupon_incl_tax',
  'shipping_amount',
  'shipping_incl_tax',
  'tax_amount',
  'grandTotalExclTax',
  'grandTotalIncTax',
] as const satisfies readonly (keyof CartTotalsCents)[];

/** What the fingerprint reads of a priced cart; nothing else can change it. */
export interface FingerprintInput {
  currency: string;
  excludeTax: boolean;
  lines: readonly { id: string; sku: string; quantity: number; unitNetCents: number | null }[];
  totals: Pick<CartTotalsCents, (typeof TOTALS_FIELDS)[number] | 'taxes'>;
}

/** What the shopper pays, in cents: the unit price of every line and every total. */
export function pricesFingerprint(priced: FingerprintInput): string {
  const fields = [
    PRICES_FINGERPRINT_VERSION,
    priced.currency,
    priced.excludeTax,
    priced.lines.map((l) => [l.id, l.sku, l.quantity, l.unitNetCents]),
    TOTALS_FIELDS.map((field) => priced.totals[field]),
    // Version 2: VAT per rate, which decides what the invoice says each rate was charged.
    priced.totals.taxes.map((t) => [t.rate, t.netCents, t.taxCents]),
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('base64url').slice(0, 32);
}

/**
 * The fingerprint a shopper without price permission gets. A hash over a few cents is no secret: a
 * one-line cart's unit price falls out of a brute force over every plausible amount in seconds. Such a
 * shopper cannot order anyway (create order refuses hidden prices first), so nothing needs the real one.
 */
export const HIDDEN_PRICES_FINGERPRINT = 'prices-hidden';
