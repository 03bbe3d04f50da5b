// What may go into a cart line: an active, priced product (not a variant parent) and only the
// accessories the catalogue offers for it. Skus match case-insensitively and are stored canonical.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { normaliseAccessories } from '#lib/cart/rules.ts';
import { accessoryNotAllowed, productNotFound, productNotPurchasable } from './errors.ts';
import { priceLateral, type PricingContext } from './pricing.ts';
import { rows } from '../db/index.ts';

export interface ResolvedLine {
  productId: number;
  sku: string;
  /** Canonical accessory skus, sorted and distinct. */
  accessorySkus: string[];
}

interface ProductRow {
  id: number;
  sku: string;
  isActive: boolean;
  hidePrices: boolean;
  hasVariants: boolean;
  regular: number | null;
}

export async function resolveLine(
  db: Db,
  input: { sku: string; accessories?: readonly string[] | undefined },
  pricing: PricingContext,
): Promise<ResolvedLine> {
  const [product] = await rows<ProductRow>(db, sql`
    SELECT p.id, p.sku, p.is_active AS "isActive", p.hide_prices AS "hidePrices", price.regular,
      EXISTS (SELECT 1 FROM products v WHERE v.parent_id = p.id AND v.is_active) AS "hasVariants"
    FROM products p ${priceLateral(pricing)}
    WHERE lower(p.sku) = lower(${input.sku})`);
  if (!product || !product.isActive) throw productNotFound(input.sku);
  if (product.hasVariants) throw productNotPurchasable(product.sku, 'choose one of its variants.');
  if (product.hidePrices) throw productNotPurchasable(product.sku, 'its price is on request.');

  const wanted = [...new Set((input.accessories ?? []).map((s) => s.toLowerCase()))];
  let accessories: { id: number; sku: string; regular: number | null }[] = [];
  if (wanted.length > 0) {
    accessories = await rows<{ id: number; sku: string; regular: number | null }>(db, sql`
      SELECT p.id, p.sku, price.regular
      FROM product_accessories pa JOIN products p ON p.id = pa.accessory_id ${priceLateral(pricing)}
      WHERE pa.product_id = ${product.id} AND p.is_active AND NOT p.hide_prices
        AND lower(p.sku) IN (${sql.join(wanted.map((s) => sql`${s}`), sql`, `)})`);
    const allowed = new Set(accessories.map((a) => a.sku.toLowerCase()));
    const refused = (input.accessories ?? []).filter((s) => !allowed.has(s.toLowerCase()));
    if (refused.length > 0) throw accessoryNotAllowed([...new Set(refused)]);
  }

  if (product.regular === null) throw productNotPurchasable(product.sku, `it has no price in ${pricing.currency}.`);
  const unpriced = accessories.filter((a) => a.regular === null);
  if (unpriced.length > 0) throw productNotPurchasable(unpriced[0]!.sku, `it has no price in ${pricing.currency}.`);

  return { productId: product.id, sku: product.sku, accessorySkus: normaliseAccessories(accessories.map((a) => a.sku)) };
}
