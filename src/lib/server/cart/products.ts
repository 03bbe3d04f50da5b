// What may go into a cart line: an active, priced, available product (not a variant parent) and only
// the accessories the catalogue offers for it, in a quantity their order-quantity rules allow. Skus
// match case-insensitively and are stored canonical.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { normaliseAccessories } from '#lib/cart/rules.ts';
import { availabilityFor, type StockInfo } from '#lib/catalog/availability.ts';
import {
  accessoryNotAllowed,
  isLineError,
  productNotAvailable,
  productNotFound,
  productNotPurchasable,
  type LineError,
} from './errors.ts';
import { priceLateral, type PricingContext } from './pricing.ts';
import { rows } from '../db/index.ts';
import { assertQuantityRules, RULE_COLUMNS, RuleColumns, ruledProduct, type RuledProduct } from './quantity-rules.ts';

export interface ResolvedLine {
  productId: number;
  sku: string;
  /** Canonical accessory skus, sorted and distinct. */
  accessorySkus: string[];
  /** The product's and the accessories' quantity rules: the line's quantity must suit each, also after a sum. */
  rules: RuledProduct[];
}

/** The columns of CHECK_COLUMNS, read for a line's product and each of its accessories. */
const AccessoryRow = RuleColumns.extend({
  id: z.number(),
  sku: z.string(),
  regular: z.number().nullable(),
  name: z.string().nullable(),
  effective: z.number().nullable(),
  external: z.number().nullable(),
  marked: z.boolean().nullable(),
});
type AccessoryRow = z.infer<typeof AccessoryRow>;

const ProductRow = AccessoryRow.extend({ isActive: z.boolean(), hidePrices: z.boolean(), hasVariants: z.boolean() });

const stockOf = (r: Pick<AccessoryRow, 'effective' | 'external' | 'marked'>): StockInfo | null =>
  r.effective === null
    ? null
    : { effectivestock: r.effective, externalstock: r.external ?? 0, markedInStock: r.marked ?? false };

/** Columns a line's product and accessories are checked with; the name is in English (error texts). */
const CHECK_COLUMNS = sql`price.regular, s.effective_stock AS effective, s.external_stock AS external, s.marked_in_stock AS marked,
      (SELECT t.name FROM product_translations t WHERE t.product_id = p.id AND t.locale = 'en') AS name, ${RULE_COLUMNS}`;

/** The products rows of `skus` (matched without regard to case), by lower-case sku, in one statement. */
async function readLineProducts(db: Db, skus: readonly string[], pricing: PricingContext) {
  const wanted = [...new Set(skus.map((sku) => sku.toLowerCase()))];
  if (wanted.length === 0) return new Map<string, ProductRow>();
  const found = await rows(
    db,
    ProductRow,
    sql`
    SELECT p.id, p.sku, p.is_active AS "isActive", p.hide_prices AS "hidePrices", ${CHECK_COLUMNS},
      EXISTS (SELECT 1 FROM products v WHERE v.parent_id = p.id AND v.is_active) AS "hasVariants"
    FROM products p LEFT JOIN stock s ON s.product_id = p.id ${priceLateral(pricing)}
    WHERE lower(p.sku) IN (${sql.join(
      wanted.map((sku) => sql`${sku}`),
      sql`, `,
    )})`,
  );
  return new Map(found.map((row) => [row.sku.toLowerCase(), row]));
}

type ProductRow = z.infer<typeof ProductRow>;

/** The line's product, unless it is unknown, inactive, a variant parent or priced on request. */
function orderable(product: ProductRow | undefined, input: { sku: string }): ProductRow {
  if (!product || !product.isActive) throw productNotFound(input.sku);
  if (product.hasVariants) throw productNotPurchasable(product.sku, 'choose one of its variants.');
  if (product.hidePrices) throw productNotPurchasable(product.sku, 'its price is on request.');
  return product;
}

/** Refuses the line, with the error a single add gives, unless it may go into a cart as asked. */
function checkedLine(
  product: ProductRow,
  accessories: AccessoryRow[],
  input: { sku: string; quantity: number },
  pricing: PricingContext,
): ResolvedLine {
  if (product.regular === null) throw productNotPurchasable(product.sku, `it has no price in ${pricing.currency}.`);
  const unpriced = accessories.filter((a) => a.regular === null);
  if (unpriced.length > 0) throw productNotPurchasable(unpriced[0]!.sku, `it has no price in ${pricing.currency}.`);
  // Only 'not-available' is refused: a larger quantity than on hand is still deliverable later (docs/stock.md).
  const gone = [product, ...accessories].find((r) => availabilityFor(stockOf(r), input.quantity) === 'not-available');
  if (gone) throw productNotAvailable(gone.sku, gone.name ?? gone.sku);
  const rules = [product, ...accessories].map(ruledProduct);
  assertQuantityRules(rules, input.quantity);
  return {
    productId: product.id,
    sku: product.sku,
    accessorySkus: normaliseAccessories(accessories.map((a) => a.sku)),
    rules,
  };
}

export async function resolveLine(
  db: Db,
  input: { sku: string; quantity: number; accessories?: readonly string[] | undefined },
  pricing: PricingContext,
): Promise<ResolvedLine> {
  const product = orderable((await readLineProducts(db, [input.sku], pricing)).get(input.sku.toLowerCase()), input);
  const wanted = [...new Set((input.accessories ?? []).map((s) => s.toLowerCase()))];
  let accessories: AccessoryRow[] = [];
  if (wanted.length > 0) {
    accessories = await rows(
      db,
      AccessoryRow,
      sql`
      SELECT p.id, p.sku, ${CHECK_COLUMNS}
      FROM product_accessories pa JOIN products p ON p.id = pa.accessory_id
        LEFT JOIN stock s ON s.product_id = p.id ${priceLateral(pricing)}
      WHERE pa.product_id = ${product.id} AND p.is_active AND NOT p.hide_prices
        AND lower(p.sku) IN (${sql.join(
          wanted.map((s) => sql`${s}`),
          sql`, `,
        )})`,
    );
    const allowed = new Set(accessories.map((a) => a.sku.toLowerCase()));
    const refused = (input.accessories ?? []).filter((s) => !allowed.has(s.toLowerCase()));
    if (refused.length > 0) throw accessoryNotAllowed([...new Set(refused)]);
  }
  return checkedLine(product, accessories, input, pricing);
}

/**
 * Lines without accessories (a quick order, My Items' rows) checked as resolveLine checks each, with
 * one statement for all of them: each is its resolved line or the error a single add would give.
 */
export async function resolvePlainLines(
  db: Db,
  inputs: readonly { sku: string; quantity: number }[],
  pricing: PricingContext,
): Promise<(ResolvedLine | LineError)[]> {
  const products = await readLineProducts(
    db,
    inputs.map((input) => input.sku),
    pricing,
  );
  return inputs.map((input) => {
    try {
      return checkedLine(orderable(products.get(input.sku.toLowerCase()), input), [], input, pricing);
    } catch (error) {
      if (isLineError(error)) return error;
      throw error;
    }
  });
}
