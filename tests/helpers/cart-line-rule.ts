// The cart's line rule as plain code: the reference model the login merge's one SQL statement
// (src/lib/server/cart/merge.ts) is proven against in tests/integration/cart-merge-rule.test.ts.
import { accessoriesKey, fitMergedQuantity, normaliseAccessories } from '#lib/cart/rules.ts';
import { ANY_QUANTITY, type QuantityRule } from '#lib/catalog/order-quantity.ts';

interface LineIdentity {
  sku: string;
  accessories: readonly string[];
}

export interface MergeableLine extends LineIdentity {
  quantity: number;
}

/** Same sku and the same set of selected accessories is the same line. */
export function sameLine(a: LineIdentity, b: LineIdentity): boolean {
  return a.sku === b.sku && accessoriesKey(a.accessories) === accessoriesKey(b.accessories);
}

/**
 * Folds lines into one per identity, summing quantities; the first occurrence fixes the order.
 * Sums above MAX_QUANTITY are capped and fitted to the product's quantity rule (a merge must not fail a
 * login; the shopper sees the fitted line).
 */
export function mergeLines<L extends MergeableLine>(
  lines: readonly L[],
  ruleOf: (sku: string) => QuantityRule = () => ANY_QUANTITY,
): L[] {
  const byKey = new Map<string, L>();
  for (const line of lines) {
    const key = `${line.sku}\u0000${accessoriesKey(line.accessories)}`;
    const existing = byKey.get(key);
    if (existing)
      byKey.set(key, { ...existing, quantity: fitMergedQuantity(existing.quantity + line.quantity, ruleOf(line.sku)) });
    else byKey.set(key, { ...line, accessories: normaliseAccessories(line.accessories) });
  }
  return [...byKey.values()];
}
