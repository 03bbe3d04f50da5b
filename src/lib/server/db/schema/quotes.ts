// Quote requests (issue 37, item 1): a buyer asks for prices on lines of the cart, staff answer in the
// workspace with a price per line, a validity date and a message, and may revise; the buyer asks again,
// accepts (the lines go into the cart at the quoted prices, docs/accounts.md) or declines. Every step
// is one row of quote_messages, the quote's history.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgSequence, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { products } from './catalogue.ts';
import { customerUsers, customers } from './customers.ts';
import { staffUsers } from './staff.ts';

/** Quote numbers the buyer sees (Q1001, …), like order numbers from a sequence. */
export const quoteNumberSeq = pgSequence('quote_number_seq', { startWith: 1001 });

export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Who asked; null once that user is deleted (the company keeps the quote). */
    userId: uuid('user_id').references(() => customerUsers.id, { onDelete: 'set null' }),
    /** requested | answered | accepted | declined | ordered (src/lib/quotes/rules.ts). */
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    /** The buyer's language for the quote's mails and PDF. */
    locale: text('locale').notNull(),
    /** The last day the quoted prices may be ordered; set by the staff's answer. */
    validUntil: date('valid_until', { mode: 'string' }),
    /** Every change bumps it; a buyer's or staff's decision names the version it was made on. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('quotes_customer_idx').on(t.customerId, t.createdAt),
    index('quotes_status_idx').on(t.status, t.updatedAt),
    check('quotes_status_check', sql`${t.status} IN ('requested', 'answered', 'accepted', 'declined', 'ordered')`),
  ],
);

export const quoteLines = pgTable(
  'quote_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    sku: text('sku').notNull(),
    accessoriesKey: text('accessories_key').notNull().default(''),
    accessorySkus: jsonb('accessory_skus').$type<string[]>().notNull().default([]),
    quantity: integer('quantity').notNull(),
    /** Net cents per piece of the line (accessories included), as staff quoted it; null until answered. */
    unitNetCents: integer('unit_net_cents'),
    position: integer('position').notNull(),
  },
  (t) => [
    index('quote_lines_quote_idx').on(t.quoteId, t.position),
    index('quote_lines_product_idx').on(t.productId),
    check('quote_lines_quantity_check', sql`${t.quantity} > 0`),
    check('quote_lines_price_check', sql`${t.unitNetCents} IS NULL OR ${t.unitNetCents} >= 0`),
  ],
);

export const quoteMessages = pgTable(
  'quote_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    /** request | answer | ask | accept | decline */
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => customerUsers.id, { onDelete: 'set null' }),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** The name shown beside the step, kept as it was when written. */
    author: text('author').notNull(),
    body: text('body').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('quote_messages_quote_idx').on(t.quoteId, t.createdAt)],
);
