// What the cart UI shows, without I/O: which message a server error becomes,
// which total and tax note the sidebar shows, and how a line's properties read as text.
import type { Cart, CartItem } from './contract.ts';
import type { MessageKey } from '../i18n/messages/en.ts';

/** Server error codes the cart turns into their own messages; anything else is the generic one. */
const CART_ERROR_CODES = [
  'INVALID_QUANTITY',
  'COUPON_NOT_FOUND',
  'COUPON_EXPIRED',
  'COUPON_MIN_SUBTOTAL',
  'COUPON_EXHAUSTED',
  'COUPON_CURRENCY',
  'ACCESSORY_NOT_ALLOWED',
  'PRODUCT_NOT_PURCHASABLE',
  'PRODUCT_NOT_AVAILABLE',
  'PRODUCT_NOT_FOUND',
  'CART_LINE_NOT_FOUND',
  'CART_TOO_MANY_LINES',
  'CART_VALUE_LIMIT',
  'QUANTITY_RULE',
] as const;
type CartErrorCode = (typeof CART_ERROR_CODES)[number];

export type CartMessageKey =
  `cart.error.${CartErrorCode}` | 'cart.error.generic' | 'cart.outdated' | 'server.NETWORK_ERROR';

/** Codes after which the cart on screen is not the one on the server any more: it is read again. */
const STALE_CODES = new Set(['CART_OUTDATED_ERROR', 'CART_NOT_FOUND', 'CART_LINE_NOT_FOUND']);

export function isStaleCartError(code: string): boolean {
  return STALE_CODES.has(code);
}

export function cartErrorKey(code: string): CartMessageKey {
  if (code === 'CART_OUTDATED_ERROR' || code === 'CART_NOT_FOUND') return 'cart.outdated';
  if (code === 'NETWORK_ERROR') return 'server.NETWORK_ERROR';
  if ((CART_ERROR_CODES as readonly string[]).includes(code)) {
    const key = `cart.error.${code as CartErrorCode}` as const;
    // Compile-time proof that every mapped code has a message in en.ts.
    const checked: MessageKey = key;
    return checked as CartMessageKey;
  }
  return 'cart.error.generic';
}

/** Every key cartErrorKey can return, so an island can hand the store exactly these strings. */
export const CART_MESSAGE_KEYS: readonly CartMessageKey[] = [
  ...CART_ERROR_CODES.map((c) => `cart.error.${c}` as const),
  'cart.error.generic',
  'cart.outdated',
  'server.NETWORK_ERROR',
];

export type CartMessages = Record<CartMessageKey, string>;

type TaxNoteKey = 'cart.plusShipping' | 'cart.excludedFromTax' | 'cart.plusShippingNoVat';

export interface TotalsView {
  /** Net, before the coupon. */
  subtotal: number;
  /** Positive net amount taken off; 0 without a coupon. */
  discount: number;
  /** VAT; 0 for customers excluded from taxation. */
  tax: number;
  /** VAT per rate where any is charged (one row per rate); an order from before rates were split has none. */
  taxes: { ratePercent: number; tax: number }[];
  total: number;
  taxNote: TaxNoteKey;
}

/** The regimes that charge no VAT at all (exports, intra-Community supplies): the total must not say "incl. VAT". */
const VAT_FREE_NOTES: ReadonlySet<string> = new Set(['FOREIGN', 'ONESTOPSHOP_FOREIGN', 'REVERSE_CHARGE']);

/**
 * Catalogue prices are net. A shopper who pays VAT sees the total with VAT, so only shipping is still
 * to come ('plus shipping'); a customer excluded from taxation pays the net total and is told why
 * there is no tax: that note replaces the tax note.
 */
export function totalsView(
  cart: Pick<Cart, 'totals' | 'pricesVisible' | 'displayExcludingTaxes'> & { taxNote?: Cart['taxNote'] },
): TotalsView | null {
  const { totals } = cart;
  if (!cart.pricesVisible || !totals) return null;
  const excluded = cart.displayExcludingTaxes;
  return {
    subtotal: totals.subtotal_excl_tax,
    // Net like the subtotal, so subtotal - discount (+ shipping) + tax is the total to the cent.
    discount: totals.coupon_amount,
    tax: excluded ? 0 : totals.tax_amount,
    taxes: excluded
      ? []
      : totals.taxes.filter((line) => line.tax > 0).map(({ ratePercent, tax }) => ({ ratePercent, tax })),
    total: excluded ? totals.grandTotalExclTax : totals.grandTotalIncTax,
    taxNote: excluded
      ? 'cart.excludedFromTax'
      : cart.taxNote && VAT_FREE_NOTES.has(cart.taxNote)
        ? 'cart.plusShippingNoVat'
        : 'cart.plusShipping',
  };
}

/**
 * The shipping row of the totals: once a method is chosen its net cost is already in the total, so it
 * shows as a row and the note no longer says 'plus shipping'. Null before a method is chosen.
 */
export function shippingRow(
  cart: Pick<Cart, 'totals'> & { shippingMethod?: { methodCode: string } | null },
): number | null {
  return cart.shippingMethod && cart.totals ? cart.totals.shipping_amount : null;
}

/**
 * The note under the total: with shipping in it a VAT payer reads 'incl. VAT', not 'plus shipping',
 * and a buyer who pays no VAT (an export, an intra-Community supply) reads 'no VAT'.
 */
export function totalsNoteKey(
  view: TotalsView,
  shipped: boolean,
): TaxNoteKey | 'checkout.totals.inclTax' | 'cart.noVat' {
  if (!shipped) return view.taxNote;
  if (view.taxNote === 'cart.plusShipping') return 'checkout.totals.inclTax';
  return view.taxNote === 'cart.plusShippingNoVat' ? 'cart.noVat' : view.taxNote;
}

/**
 * Why a line cannot be ordered as it stands, or null: no longer sold (inactive, no price), by the
 * stock rule not available, or its quantity breaks a quantity rule that changed since. Shown on the
 * line at once, so 'Place order' is not where the shopper learns it.
 */
export function lineProblemKey(
  item: Pick<CartItem, 'purchasable' | 'availability' | 'quantityProblem'>,
): 'cart.notPurchasable' | 'cart.lineNotAvailable' | 'cart.lineQuantityRule' | null {
  if (!item.purchasable) return 'cart.notPurchasable';
  if (item.availability === 'not-available') return 'cart.lineNotAvailable';
  return item.quantityProblem ? 'cart.lineQuantityRule' : null;
}

/** A line's 'Product Properties': label and plain text, in position order (HTML values lose their tags). */
export function lineProperties(item: Pick<CartItem, 'custom_attributes'>): { label: string; value: string }[] {
  return [...item.custom_attributes]
    .sort((a, b) => a.position - b.position)
    .map((a) => ({
      label: a.label,
      value: a.html
        ? a.valueLabel
            .replace(/<[^>]*>/g, ' ')
            .replace(/\s+/g, ' ')
            .trim()
        : a.valueLabel,
    }))
    .filter((p) => p.value !== '');
}

/** The selected accessories of a line, in a stable order. */
export function lineAccessories(item: Pick<CartItem, 'selectedAddtionalProducts'>) {
  return Object.entries(item.selectedAddtionalProducts)
    .map(([sku, a]) => ({ sku, ...a }))
    .sort((a, b) => a.itemnum.localeCompare(b.itemnum));
}

/** Quantity typed into a line's field: a whole number 0..max, or null when it is not one. */
export function parseLineQuantity(raw: string, max: number): number | null {
  const trimmed = raw.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n <= max ? n : null;
}

/** Quantity wanted on a product page: a whole number 1..max, or null (nothing is added then). */
export function parseWantedQuantity(raw: string, max: number): number | null {
  const n = parseLineQuantity(raw, max);
  return n !== null && n >= 1 ? n : null;
}

/** 'Coupon applied' or why the stored coupon gives no discount any more. */
export function couponProblemKey(cart: Pick<Cart, 'couponCode' | 'couponStatus'>): CartMessageKey | null {
  if (!cart.couponCode || !cart.couponStatus || cart.couponStatus === 'applied') return null;
  return cartErrorKey(cart.couponStatus);
}

/**
 * Where a line's name leads. Cart lines carry no product id or slug, so the link searches the sku,
 * which matches exactly one product (the search answers an exact sku match alone).
 */
export function cartItemPath(sku: string): string {
  return `/search-details?term=${encodeURIComponent(sku)}`;
}

/** The texts a quoted line's note is made of ({{number}}, {{date}}). */
export interface QuoteNoteStrings {
  'cart.quoted': string;
  'cart.quoteLapsed': string;
}

/**
 * What a line put in from an accepted quote says: the quote and its last day while its price applies,
 * else that the list price is charged. The server writes it into the cart line (in the cart's
 * language), so no page carries these texts for the rare quoted line.
 */
export function quoteNote(
  quote: { number: string; validUntil: string | null; applies: boolean },
  strings: QuoteNoteStrings,
  intlLocale: string,
): string {
  const date = quote.validUntil
    ? new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${quote.validUntil}T00:00:00Z`),
      )
    : '';
  const text = quote.applies ? strings['cart.quoted'] : strings['cart.quoteLapsed'];
  return text.replace('{{number}}', quote.number).replace('{{date}}', date);
}
