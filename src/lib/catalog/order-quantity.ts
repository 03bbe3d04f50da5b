// What quantities of a product may be ordered: at least its minimum, then in its steps (BMEcat
// QUANTITY_MIN and QUANTITY_INTERVAL: a minimum of 2 and a step of 2 allow 2, 4, 6 …). Quantities
// count order units (a pack of 100 screws is one). Pure: the buy box, the cart, quick order and the
// server apply the one rule.

export interface QuantityRule {
  min: number;
  step: number;
}

export const ANY_QUANTITY: QuantityRule = { min: 1, step: 1 };

export type QuantityProblem = 'below-minimum' | 'off-step';

/** Why the quantity may not be ordered, or null when it may. */
export function quantityProblem(quantity: number, rule: QuantityRule): QuantityProblem | null {
  if (quantity < rule.min) return 'below-minimum';
  return (quantity - rule.min) % rule.step === 0 ? null : 'off-step';
}

/** The smallest orderable quantity at or above `quantity` (the minimum for anything below it). */
export function orderableAtLeast(quantity: number, rule: QuantityRule): number {
  if (quantity <= rule.min) return rule.min;
  return rule.min + Math.ceil((quantity - rule.min) / rule.step) * rule.step;
}
