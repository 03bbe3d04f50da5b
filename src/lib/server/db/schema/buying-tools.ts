// What B2B buyers order with besides the catalogue (issue 37): the company's own material numbers for
// the shop's products, which its buyers type, search and see on every document.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { products } from './catalogue.ts';
import { customers } from './customers.ts';

/**
 * A company's own item number (its material number) for a product: one per product, and a number
 * names one product within the company (case does not count). Searchable in the shop and the quick
 * order; copied onto each order line when the order is placed, so later changes leave orders alone.
 */
export const customerItemNumbers = pgTable(
  'customer_item_numbers',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.productId] }),
    uniqueIndex('customer_item_numbers_number_idx').on(t.customerId, sql`lower(${t.number})`),
    index('customer_item_numbers_product_idx').on(t.productId),
  ],
);
