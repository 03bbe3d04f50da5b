// What B2B buyers order with besides the catalogue (issue 37): the company's own material numbers for
// the shop's products, which its buyers type, search and see on every document; and their named
// requisition lists.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { products } from './catalogue.ts';
import { customerUsers, customers } from './customers.ts';

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

/**
 * A buyer's named requisition list (issue 37, item 2): products with quantities and notes to order
 * again and again. It belongs to its owner; `sharing` lets the owner's whole company see it ('read':
 * view and add to the cart) or also change its lines ('edit'). Limits (lists per user, lines per list)
 * are src/lib/requisition-lists/rules.ts.
 */
export const requisitionLists = pgTable(
  'requisition_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => customerUsers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sharing: text('sharing', { enum: ['private', 'read', 'edit'] })
      .notNull()
      .default('private'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('requisition_lists_owner_idx').on(t.ownerId),
    // The lists a colleague sees: the company's shared ones.
    index('requisition_lists_shared_idx')
      .on(t.customerId)
      .where(sql`${t.sharing} <> 'private'`),
    check('requisition_lists_sharing_check', sql`${t.sharing} IN ('private', 'read', 'edit')`),
  ],
);

/** A line of a requisition list: one product once, its quantity and a note, in the order they were added. */
export const requisitionListLines = pgTable(
  'requisition_list_lines',
  {
    id: serial('id').primaryKey(),
    listId: uuid('list_id')
      .notNull()
      .references(() => requisitionLists.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    note: text('note').notNull().default(''),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('requisition_list_lines_product_idx').on(t.listId, t.productId),
    index('requisition_list_lines_position_idx').on(t.listId, t.position),
    index('requisition_list_lines_product_id_idx').on(t.productId),
    check('requisition_list_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);
