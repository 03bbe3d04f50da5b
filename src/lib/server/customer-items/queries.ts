// A company's own item numbers for the shop's products (issue 37, item 3; table customer_item_numbers):
// what its buyers call the products. Read where a line is shown for the company (the cart, the quick
// order) and where a buyer types one (the quick order, the search). Matched without regard to case.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';

/**
 * The company's number of the product aliased `p`, as a column named "customerItemNumber" (null for a
 * guest, whose customer id is null, and for a product without one): one index lookup per row.
 */
export const customerNumberColumn = (customerId: string | null) =>
  sql`(SELECT c.number FROM customer_item_numbers c WHERE c.customer_id = ${customerId} AND c.product_id = p.id) AS "customerItemNumber"`;

const MatchRow = z.object({ number: z.string(), sku: z.string() });

/** The products the company's numbers among `refs` name, by the number in lower case (none for a guest). */
export async function productsByCustomerNumber(
  db: Db,
  customerId: string | null,
  refs: readonly string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(refs.map((ref) => ref.trim().toLowerCase()))].filter(Boolean);
  if (customerId === null || wanted.length === 0) return new Map();
  const found = await rows(
    db,
    MatchRow,
    sql`SELECT c.number, p.sku FROM customer_item_numbers c JOIN products p ON p.id = c.product_id
    WHERE c.customer_id = ${customerId} AND lower(c.number) IN (${sql.join(
      wanted.map((ref) => sql`${ref}`),
      sql`, `,
    )})`,
  );
  return new Map(found.map((row) => [row.number.toLowerCase(), row.sku]));
}
