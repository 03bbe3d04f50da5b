// The buy box's quantity field under a product's quantity rule (order-quantity.ts): what its − and +
// step to, and where a typed quantity the rule does not allow is moved. Pure: the island applies it.
import { orderableAtLeast, quantityProblem, type QuantityProblem, type QuantityRule } from './order-quantity.ts';

/** The largest orderable quantity not above `max`; the minimum when even that is above it. */
export function largestOrderable(rule: QuantityRule, max: number): number {
  return max <= rule.min ? rule.min : rule.min + Math.floor((max - rule.min) / rule.step) * rule.step;
}

/**
 * A whole number the rule does not allow, moved to the next orderable quantity (the largest one when
 * that would pass `max`), with the reason; null when it may be ordered as it is.
 */
export function correctedQuantity(
  quantity: number,
  rule: QuantityRule,
  max: number,
): { quantity: number; problem: QuantityProblem } | null {
  const problem = quantityProblem(quantity, rule);
  if (!problem) return null;
  return { quantity: Math.min(orderableAtLeast(quantity, rule), largestOrderable(rule, max)), problem };
}

/** The quantity − (by -1) or + (by 1) leads to from `quantity`: the next orderable one below or above. */
export function steppedQuantity(quantity: number, by: 1 | -1, rule: QuantityRule, max: number): number {
  const top = largestOrderable(rule, max);
  return by > 0
    ? Math.min(orderableAtLeast(quantity + 1, rule), top)
    : Math.min(largestOrderable(rule, quantity - 1), top);
}
