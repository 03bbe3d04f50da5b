// Price rules: formatting, display state and who may see prices (see docs/prices.md).
// Amounts are major units (12.5 means 12.50); the database keeps cents, converted at the access point.
import type { PriceEntry } from './prices-store.ts';
import type { Currency } from '../shared/currency.ts';

const DEFAULT_CURRENCY: Currency = 'EUR';

export interface PriceInfo {
  regular: number | null;
  special: number | null;
  currency: string;
}

export interface FormatPriceOptions {
  currency?: string;
  locale: string;
  /** The translated 'Free' (message key price.free). */
  freeLabel: string;
}

/** Intl.NumberFormat construction is far slower than format(); a listing formats dozens of prices. */
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, currency: string): Intl.NumberFormat {
  const cacheKey = `${locale}|${currency}`;
  let f = formatters.get(cacheKey);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      // Forced to 2 both ways: prices show 2 decimals even for currencies Intl would show differently.
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(cacheKey, f);
  }
  return f;
}

/** Numbers and numeric strings; '' and whitespace are not 0 here, or a blank field would read 'Free'. */
function toAmount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

export function formatPrice(value: unknown, opts: FormatPriceOptions): string {
  const amount = toAmount(value);
  if (amount === null) return '';
  if (amount === 0) return opts.freeLabel;
  return formatAmount(amount, opts);
}

/** An amount of money as it is, 0 included (a balance, not a price: 0.00 is not 'Free'). */
export function formatAmount(amount: number, opts: Pick<FormatPriceOptions, 'currency' | 'locale'>): string {
  const code = (opts.currency ?? DEFAULT_CURRENCY).toUpperCase();
  // Intl throws on a malformed code; a bad payload must not take the page down, so show euros as the shop default.
  return formatter(opts.locale, /^[A-Z]{3}$/.test(code) ? code : DEFAULT_CURRENCY).format(amount);
}

type PriceDisplayState = 'loading' | 'loaded' | 'hidden';

/** What a live price shows for its entry of the page's price list (undefined: not asked for yet). */
export function priceDisplayState(entry: PriceEntry | undefined): PriceDisplayState {
  if (!entry || entry.state === 'loading') return 'loading';
  // A price that failed to load stays hidden ('not loaded on error'): a price baked into the page at
  // build time may be stale, so it must not show in its place.
  if (entry.state === 'not-loaded') return 'hidden';
  return entry.priceInfo?.regular === null || entry.priceInfo?.regular === undefined ? 'hidden' : 'loaded';
}

export interface DisplayPrices {
  displayRegular: string;
  /** Set only when the special price undercuts the regular one. */
  displaySpecial: string | null;
  hasSpecial: boolean;
}

function hasSpecialPrice(priceInfo: PriceInfo | null | undefined): boolean {
  if (!priceInfo) return false;
  const { regular, special } = priceInfo;
  // A "special" at or above the regular price is not a saving; striking through the regular price would mislead.
  return (
    regular !== null && special !== null && Number.isFinite(regular) && Number.isFinite(special) && special < regular
  );
}

export function displayPrices(
  priceInfo: PriceInfo | null | undefined,
  opts: Omit<FormatPriceOptions, 'currency'>,
): DisplayPrices {
  const hasSpecial = hasSpecialPrice(priceInfo);
  const format = (v: number | null | undefined): string =>
    formatPrice(v, { ...opts, currency: priceInfo?.currency ?? DEFAULT_CURRENCY });
  return {
    displayRegular: format(priceInfo?.regular),
    displaySpecial: hasSpecial ? format(priceInfo?.special) : null,
    hasSpecial,
  };
}

/** Whom a price list is read for: the shopper's currency and price list, and whether they may see prices. */
export interface PriceContext {
  currency: string;
  /** The signed-in customer's price list, if any. */
  priceListId?: number | null | undefined;
  /** False when the shopper may not see prices (guest with isPriceForGuestEnabled off). */
  pricesVisible: boolean;
}

export function canSeePrices({
  loggedIn,
  isPriceForGuestEnabled,
}: {
  loggedIn: boolean;
  isPriceForGuestEnabled: boolean;
}): boolean {
  return loggedIn || isPriceForGuestEnabled;
}
