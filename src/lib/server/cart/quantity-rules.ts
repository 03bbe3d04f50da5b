// The order-quantity rule (src/lib/catalog/order-quantity.ts) where a quantity enters a cart line or an
// order. A line's accessories are pieces of their own products, one per piece of the line, so the
// line's quantity must suit their rules too: a refusal names the product or accessory whose rule it breaks.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { quantityProblem, type QuantityRule } from '#lib/catalog/order-quantity.ts';
import { quantityRuleRefused, type QuantityRuleBreak } from './errors.ts';

/** A product (a line's own, or an accessory) with the rule its pieces are ordered by. */
export interface RuledProduct {
  sku: string;
  name: string | null;
  rule: QuantityRule;
  orderUnit: string;
}

/**
 * The rule columns of a products row aliased `p`. The table does not constrain them, and a step of 0
 * would make every quantity off-step: below 1 counts as 1, the rule of a product without one.
 */
export const RULE_COLUMNS = sql`GREATEST(p.min_quantity, 1) AS "minQuantity", GREATEST(p.quantity_step, 1) AS "quantityStep",
  p.order_unit AS "orderUnit"`;
export const RuleColumns = z.object({ minQuantity: z.number(), quantityStep: z.number(), orderUnit: z.string() });
type RuleColumns = z.infer<typeof RuleColumns>;

export const ruledProduct = (row: RuleColumns & { sku: string; name: string | null }): RuledProduct => ({
  sku: row.sku,
  name: row.name,
  rule: { min: row.minQuantity, step: row.quantityStep },
  orderUnit: row.orderUnit,
});

/** The products among `products` whose rule does not allow `quantity`, each with why. */
export function quantityRuleBreaks(products: readonly RuledProduct[], quantity: number): QuantityRuleBreak[] {
  return products.flatMap((product) => {
    const problem = quantityProblem(quantity, product.rule);
    return problem ? [{ ...product, problem }] : [];
  });
}

/** Refuses `quantity` with QUANTITY_RULE unless every product's rule allows it. */
export function assertQuantityRules(products: readonly RuledProduct[], quantity: number): void {
  const breaks = quantityRuleBreaks(products, quantity);
  if (breaks.length > 0) throw quantityRuleRefused(breaks);
}

const RuledRow = RuleColumns.extend({ sku: z.string(), name: z.string().nullable() });

/**
 * The rules a stored line's quantity follows: its product's, then its accessories' (matched by sku
 * as pricing matches them). Empty when the cart has no such line.
 */
export async function storedLineRules(db: Db, cartId: string, lineId: string): Promise<RuledProduct[]> {
  const found = await rows(
    db,
    RuledRow,
    sql`
    SELECT p.sku, (SELECT t.name FROM product_translations t WHERE t.product_id = p.id AND t.locale = 'en') AS name,
      ${RULE_COLUMNS}
    FROM cart_items ci JOIN products p ON p.id = ci.product_id
      OR lower(p.sku) IN (SELECT lower(s.sku) FROM jsonb_array_elements_text(ci.accessory_skus) AS s(sku))
    WHERE ci.id = ${lineId} AND ci.cart_id = ${cartId}
    ORDER BY p.id <> ci.product_id, p.sku`,
  );
  return found.map(ruledProduct);
}
