// Price breaks: from a quantity on, one order unit costs less (BMEcat LOWER_BOUND). The price of
// quantity 1 is the product's price; a tier applies from its minimum quantity up to the next tier's.

export interface PriceTier {
  minQuantity: number;
  cents: number;
}

/** The unit price for `quantity`: the tier with the highest minimum not above it, else `baseCents`. */
export function tierUnitCents(baseCents: number, tiers: readonly PriceTier[], quantity: number): number {
  let best: PriceTier | undefined;
  for (const tier of tiers)
    if (tier.minQuantity <= quantity && (!best || tier.minQuantity > best.minQuantity)) best = tier;
  return best && best.cents < baseCents ? best.cents : baseCents;
}
