// A product's price breaks as the page lists them ("from 1: €12.50 · from 10: €11.90"): the quantities
// at which the unit price changes, each with the price that then applies, by the rule the cart charges
// (price-tiers.ts) and only at quantities that may be ordered (order-quantity.ts). Pure: the product
// page and its structured data render the same rows.
import { orderableAtLeast, type QuantityRule } from './order-quantity.ts';
import { tierUnitCents, type PriceTier } from './price-tiers.ts';

export interface PriceBreak {
  /** From this quantity of order units on … */
  minQuantity: number;
  /** … one order unit costs this, in cents. */
  cents: number;
}

/**
 * The rows of the price-break table: the least orderable quantity with the price that applies there
 * (the price from 1, `baseCents`, unless a tier below the minimum undercuts it), then every orderable
 * quantity up to `max` from which a tier changes the price. None when no tier changes what the
 * product costs: a product without breaks shows no table.
 */
export function priceBreaks(
  baseCents: number,
  tiers: readonly PriceTier[],
  rule: QuantityRule,
  max: number,
): PriceBreak[] {
  // A tier from a quantity that cannot be ordered applies from the next one that can.
  const starts = [rule.min, ...tiers.map((t) => orderableAtLeast(t.minQuantity, rule))]
    .filter((q) => q <= max)
    .sort((a, b) => a - b);
  const rows: PriceBreak[] = [];
  for (const minQuantity of new Set(starts)) {
    const cents = tierUnitCents(baseCents, tiers, minQuantity);
    if (rows.at(-1)?.cents !== cents) rows.push({ minQuantity, cents });
  }
  return rows.some((row) => row.cents !== baseCents) ? rows : [];
}
