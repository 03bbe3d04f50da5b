// Stock availability for a wanted quantity (rules and texts: docs/stock.md). Pure: the stock comes from the product or
// cart line, the wanted quantity from the quantity picker.
import type { MessageKey } from '../i18n/messages/en.ts';

export type Availability = 'available' | 'limited' | 'limit-overflow' | 'not-available';

export interface StockInfo {
  /** Units on hand, deliverable within 1-2 days. */
  effectivestock: number;
  /** Units the supplier can deliver, which takes 4-5 days. */
  externalstock: number;
  /** The shop owner vouches for stock regardless of the numbers. */
  markedInStock: boolean;
}

export type AvailabilityMessageKey = `availability.${Availability | 'loading'}`;

/** Vendor payloads can carry NaN or missing numbers; those count as no stock rather than poisoning the sums. */
const units = (n: number): number => (Number.isFinite(n) ? n : 0);

export function availabilityFor(stock: StockInfo | null | undefined, qty: number): Availability {
  if (!stock) return 'not-available';
  if (stock.markedInStock) return 'available';
  const effective = units(stock.effectivestock);
  const total = effective + units(stock.externalstock);
  if (total <= 0) return 'not-available';
  // A picker that is empty or was typed down to 0 still means "one": the shopper is asking about buying it.
  const wanted = Number.isFinite(qty) && qty >= 1 ? qty : 1;
  if (wanted <= effective) return 'available';
  if (wanted <= total) return 'limited';
  return 'limit-overflow';
}

/**
 * Whether a product in this state may go into the cart. Only 'not-available' is refused (buy box, add to
 * cart, order); a quantity beyond the stock on hand is still deliverable, later ('limited', 'limit-overflow').
 */
export function isOrderable(a: Availability): boolean {
  return a !== 'not-available';
}

/**
 * The availability a loaded price-list entry shows, or null when it shows none: hidden prices hide
 * availability too (the server then sends neither price nor stock).
 */
export function entryAvailability(
  entry: { stock: StockInfo | null; priceInfo: unknown },
  qty: number,
): Availability | null {
  if (entry.stock === null && entry.priceInfo === null) return null;
  return availabilityFor(entry.stock, qty);
}

/**
 * Whether a price-list entry says the quantity cannot be ordered: only a loaded entry decides (while
 * it loads, the server's own check still stands behind the button).
 */
export function refusesOrder(
  entry: { state: 'loaded'; stock: StockInfo | null; priceInfo: unknown } | { state: string } | undefined,
  qty: number,
): boolean {
  if (entry?.state !== 'loaded' || !('stock' in entry)) return false;
  const state = entryAvailability(entry, qty);
  return state !== null && !isOrderable(state);
}

export function availabilityMessageKey(a: Availability | 'loading'): AvailabilityMessageKey {
  const key = `availability.${a}` as const;
  // Compile-time proof that every state has a message; a renamed key in en.ts breaks the build here.
  const checked: MessageKey = key;
  return checked as AvailabilityMessageKey;
}
