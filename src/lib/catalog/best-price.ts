// The best-price rule (docs/prices.md): a customer never pays more than the public price of the
// moment. Of the public regular price, the public special price and the customer's own (contract)
// prices, the lowest applies. Pure and unit-agnostic (cents or major units alike); the SQL in
// src/lib/server/cart/pricing.ts implements the same rule and an integration test holds them equal.
// Price breaks join in per list: a list's tier for the quantity bought is that list's price for it.
import { tierUnitCents, type PriceTier } from './price-tiers.ts';

/** One price list's entry for a product; a special at or above the regular price is no saving and is ignored. */
export interface ListPrice {
  regular: number;
  special: number | null;
}

/**
 * Which price the shopper pays: 'regular' (nothing lower), 'special' (the public special price) or
 * 'contract' (the customer's own price list). The page labels it ("Special price", "Your price").
 */
type PriceSource = 'regular' | 'special' | 'contract';

export interface BestPrice {
  /** The price shown as the reference: the public regular price, else the contract's regular price. */
  regular: number;
  /** What is paid when it is lower than `regular`; null when `regular` is what is paid. */
  special: number | null;
  source: PriceSource;
}

const lowest = (p: ListPrice): number => (p.special !== null && p.special < p.regular ? p.special : p.regular);

/** The price that applies; null when neither list has the product. */
export function bestPrice(publicPrice: ListPrice | null, contract: ListPrice | null): BestPrice | null {
  const reference = publicPrice?.regular ?? contract?.regular;
  if (reference === undefined) return null;
  // Ties go to the public price: the guest sees the same amount and the same label.
  const candidates: [number, PriceSource][] = [];
  if (publicPrice)
    candidates.push([
      lowest(publicPrice),
      publicPrice.special !== null && publicPrice.special < publicPrice.regular ? 'special' : 'regular',
    ]);
  if (contract) candidates.push([lowest(contract), 'contract']);
  let [paid, source] = candidates[0]!;
  for (const [amount, from] of candidates.slice(1)) if (amount < paid) [paid, source] = [amount, from];
  return paid < reference
    ? { regular: reference, special: paid, source }
    : { regular: reference, special: null, source: 'regular' };
}

/** A price list's entry with its price breaks (same list, same currency). */
export interface TieredListPrice extends ListPrice {
  tiers: readonly PriceTier[];
}

/**
 * What a list charges a piece when `quantity` pieces are bought: its tier for that quantity counts as
 * the list's special price where it undercuts the list's own lowest price (a tier at or above it is no
 * saving and is ignored, like such a special).
 * @internal Exported for its tests.
 */
export function listPriceFor(list: TieredListPrice, quantity: number): ListPrice {
  const untiered = lowest(list);
  const tier = tierUnitCents(untiered, list.tiers, quantity);
  return { regular: list.regular, special: tier < untiered ? tier : list.special };
}

/** The best-price rule for a line of `quantity` pieces: each list at its price for that quantity, then the lowest. */
export function bestPriceFor(
  publicPrice: TieredListPrice | null,
  contract: TieredListPrice | null,
  quantity: number,
): BestPrice | null {
  return bestPrice(publicPrice && listPriceFor(publicPrice, quantity), contract && listPriceFor(contract, quantity));
}
