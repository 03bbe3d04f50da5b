// Stock and prices of demo products. Stock covers every availability case (docs/stock.md);
// prices are integer cents in EUR, GBP and USD, on the public 'base' list and the customer list 'acme'.
import { CURRENCIES, type Currency } from '#lib/shared/currency.ts';
import type { Rng } from './random.ts';

const RATE: Record<Currency, number> = { EUR: 1, GBP: 0.86, USD: 1.09 };

/**
 * The last day of the demo's dated offer: the end of the quarter after the one the seed runs in, so a
 * fresh demo shows it for three to six months, as a merchant's seasonal offer would run. Measured
 * from the seed, not DEMO_EPOCH: that lies in the past, and an offer ended there would never show.
 */
export function offersEndAfter(seededAt: Date): string {
  const nextQuarterEnds = Math.floor(seededAt.getUTCMonth() / 3) * 3 + 6;
  // Day 0 of a month is the last day of the month before it.
  return new Date(Date.UTC(seededAt.getUTCFullYear(), nextQuarterEnds, 0)).toISOString().slice(0, 10);
}

export type StockCase = 'large' | 'medium' | 'small-external' | 'only-external' | 'not-available' | 'marked' | 'none';
export interface StockLevel {
  effectiveStock: number;
  externalStock: number;
  markedInStock: boolean;
}

export function stockFor(kind: StockCase, rng: Rng): StockLevel | null {
  switch (kind) {
    case 'large':
      return { effectiveStock: rng.int(50, 5000), externalStock: rng.int(0, 2000), markedInStock: false };
    case 'medium':
      return { effectiveStock: rng.int(6, 49), externalStock: 0, markedInStock: false };
    case 'small-external':
      return { effectiveStock: rng.int(1, 5), externalStock: rng.int(5, 60), markedInStock: false };
    case 'only-external':
      return { effectiveStock: 0, externalStock: rng.int(10, 200), markedInStock: false };
    case 'not-available':
      return { effectiveStock: 0, externalStock: 0, markedInStock: false };
    case 'marked':
      return { effectiveStock: rng.int(0, 3), externalStock: 0, markedInStock: true };
    case 'none':
      return null;
  }
}

export function randomStockCase(rng: Rng): StockCase {
  return rng.weighted<StockCase>([
    ['large', 55],
    ['medium', 5],
    ['small-external', 15],
    ['only-external', 8],
    ['not-available', 10],
    ['marked', 5],
    ['none', 2],
  ]);
}

/** Shop-style price: whole units minus one cent (19.99), never below 0.99. */
function charmPrice(cents: number): number {
  return Math.max(99, Math.round(cents / 100) * 100 - 1);
}

export interface PriceSet {
  regular: Record<Currency, number>;
  special: Record<Currency, number> | null;
}

/** Prices in all currencies from a EUR amount; `specialFactor` < 1 adds a special (lower) price. */
export function priceSet(eurCents: number, specialFactor: number | null): PriceSet {
  if (eurCents === 0) return { regular: { EUR: 0, GBP: 0, USD: 0 }, special: null };
  const regular = Object.fromEntries(CURRENCIES.map((c) => [c, charmPrice(eurCents * RATE[c])])) as Record<
    Currency,
    number
  >;
  if (specialFactor === null) return { regular, special: null };
  const special = Object.fromEntries(
    CURRENCIES.map((c) => {
      const s = charmPrice(regular[c] * specialFactor);
      return [c, s < regular[c] ? s : regular[c] - 50];
    }),
  ) as Record<Currency, number>;
  return { regular, special };
}

/** A random regular price within a EUR range, in cents. */
export function randomEuroCents(rng: Rng, [min, max]: [number, number]): number {
  // Skewed towards the cheap end, as catalogues are.
  const x = rng.next() ** 1.8;
  return charmPrice(Math.round((min + (max - min) * x) * 100));
}

/** Price breaks of goods sold in packs (screws, plugs, rivets): 5 % off from 10 packs, 10 % off from 40. */
const PACK_BREAKS: readonly (readonly [minQuantity: number, factor: number])[] = [
  [10, 0.95],
  [40, 0.9],
];

/** The pack breaks in every currency, ending in 9 cents; a break that would not undercut the one before is left out. */
export function packTiers(
  regular: Record<Currency, number>,
): { currency: Currency; minQuantity: number; cents: number }[] {
  return CURRENCIES.flatMap((currency) => {
    let last = regular[currency];
    return PACK_BREAKS.flatMap(([minQuantity, factor]) => {
      const cents = Math.round((regular[currency] * factor) / 10) * 10 - 1;
      if (cents <= 0 || cents >= last) return [];
      last = cents;
      return [{ currency, minQuantity, cents }];
    });
  });
}
