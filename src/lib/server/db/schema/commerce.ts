// Carts, coupons, shipping methods, orders, payments and provider webhook events.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, type LocalizedText } from './columns.ts';
import { products } from './catalogue.ts';
import { customerUsers, customers } from './customers.ts';
import { quoteLines } from './quotes.ts';

// ------------------------------------------------------------ carts, orders
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The company whose prices, price list and tax settings the cart is priced with; null for a guest. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /**
     * The company user whose cart it is (carts are per user, migration 0025); null for a guest. A deleted
     * user's cart keeps its company but nobody's id, so no colleague's request ever reaches it.
     */
    userId: uuid('user_id').references(() => customerUsers.id, { onDelete: 'set null' }),
    currency: text('currency').notNull().default('EUR'),
    couponCode: text('coupon_code'),
    billingAddress: jsonb('billing_address'),
    shippingAddress: jsonb('shipping_address'),
    shippingMethodCode: text('shipping_method_code'),
    newUser: boolean('new_user').notNull().default(false),
    /** argon2id hash of the password a guest chose for the account created with the order; never clear text. */
    newUserPasswordHash: text('new_user_password_hash'),
    /** Optimistic-concurrency counter: every write bumps it; a write against an old version is refused. */
    version: integer('version').notNull().default(1),
    /** active | ordered | merged */
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('carts_customer_idx').on(t.customerId), index('carts_user_idx').on(t.userId)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    /** Sorted, comma-joined accessory skus: the line identity is (sku, this key). */
    accessoriesKey: text('accessories_key').notNull().default(''),
    accessorySkus: jsonb('accessory_skus').$type<string[]>().notNull().default([]),
    /**
     * The accepted quote's line this cart line was put in from: its quoted price applies while the quote
     * is accepted and valid and the quantity is the quoted one (src/lib/server/quotes/cart-prices.ts).
     */
    quoteLineId: uuid('quote_line_id').references(() => quoteLines.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_items_line_idx').on(t.cartId, t.sku, t.accessoriesKey),
    // Products are deactivated rather than deleted; the index keeps the restrict check cheap.
    index('cart_items_product_idx').on(t.productId),
  ],
);

export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  /** percent | fixed */
  kind: text('kind').notNull(),
  /** Percent (e.g. 10) or cents, depending on kind. */
  value: integer('value').notNull(),
  minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
  maxRedemptions: integer('max_redemptions'),
  redemptions: integer('redemptions').notNull().default(0),
  validFrom: timestamp('valid_from', { withTimezone: true }),
  validTo: timestamp('valid_to', { withTimezone: true }),
  isActive: boolean('is_active').notNull().default(true),
});

export const shippingMethods = pgTable('shipping_methods', {
  code: text('code').primaryKey(),
  labels: jsonb('labels').$type<LocalizedText>().notNull(),
  /** ISO country codes this method serves. */
  countries: jsonb('countries').$type<string[]>().notNull(),
  priceCents: integer('price_cents').notNull(),
  freeFromCents: integer('free_from_cents'),
  /**
   * Prices in other currencies than the shop's ({ GBP: { priceCents, freeFromCents } }); priceCents and
   * freeFromCents above are in the shop currency. A method without a price in the cart's currency is
   * not offered for that cart.
   */
  currencyPrices: jsonb('currency_prices')
    .$type<Record<string, { priceCents: number; freeFromCents: number | null }>>()
    .notNull()
    .default({}),
  position: integer('position').notNull().default(0),
});

/** Order numbers (transactionnum): gap-free is not promised, unique and increasing is. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 100001 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionnum: text('transactionnum').notNull().unique(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The company's user who placed it (null for guest orders). */
    userId: uuid('user_id').references(() => customerUsers.id, { onDelete: 'set null' }),
    cartId: uuid('cart_id'),
    idempotencyKey: text('idempotency_key').unique(),
    /** awaiting_approval | pending | confirmed | cancelled */
    status: text('status').notNull().default('pending'),
    /** open | awaiting | paid | failed | refunded */
    paymentStatus: text('payment_status').notNull().default('open'),
    paymentMethodCode: text('payment_method_code').notNull().default('paypal'),
    confirmed: boolean('confirmed').notNull().default(false),
    email: text('email').notNull(),
    locale: text('locale').notNull().default('de'),
    currency: text('currency').notNull(),
    grandTotalCents: integer('grand_total_cents').notNull(),
    /** Snapshot of the cart with server-computed lines and totals at order time. */
    cartInfo: jsonb('cart_info').notNull(),
    orderReference: text('order_reference'),
    comment: text('comment'),
    feedback: text('feedback'),
    /** Set once the confirmation email went out, so a retry or a restart never sends it twice. */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    /**
     * SHA-256 of the guest's order secret (a random token given once: as an HttpOnly cookie at checkout
     * and in the confirmation mail's link). A guest order is reachable only with id and secret; null for
     * a registered customer's order, which only its signed-in owner reaches.
     */
    accessSecretHash: text('access_secret_hash'),
    /**
     * SHA-256 (hex) of the address the order was placed from, as the rate limits see it (an IPv6 /64):
     * open unpaid orders are capped per address (src/lib/server/orders/limits.ts) without keeping the
     * address itself. Null when the address was not known.
     */
    clientKey: text('client_key'),
    /** The coupon the order redeemed, given back when the unpaid order expires (orders/expiry.ts). */
    couponCode: text('coupon_code'),
    /**
     * The terms the buyer accepted with the order button: the terms page's language and published
     * version, e.g. 'de@4' (src/lib/server/orders/terms.ts). Null for orders placed before it was kept.
     */
    termsVersion: text('terms_version'),
    /**
     * Why the order needed a company approver's decision (src/lib/account/approval.ts: 'orderLimit',
     * 'userBudget', 'companyBudget'); null when it never did. While status is awaiting_approval nothing of
     * it goes to the ERP, the outbox or a payment provider.
     */
    approvalReasons: jsonb('approval_reasons').$type<string[]>(),
    /** approved | rejected | expired (no decision within APPROVAL_HOLD_HOURS); null while waiting. */
    approvalDecision: text('approval_decision'),
    approvalDecidedBy: uuid('approval_decided_by').references(() => customerUsers.id, { onDelete: 'set null' }),
    approvalDecidedAt: timestamp('approval_decided_at', { withTimezone: true }),
    approvalComment: text('approval_comment'),
    createdAt: createdAt(),
    lastModified: timestamp('last_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_user_idx').on(t.userId),
    // The open-order caps count only unpaid, uncancelled orders, per address and per e-mail.
    index('orders_open_client_idx')
      .on(t.clientKey, t.createdAt)
      .where(sql`${t.status} <> 'cancelled' AND ${t.paymentStatus} <> 'paid'`),
    index('orders_open_email_idx')
      .on(sql`lower(${t.email})`, t.createdAt)
      .where(sql`${t.status} <> 'cancelled' AND ${t.paymentStatus} <> 'paid'`),
    // A company's open balance on account sums these (src/lib/server/orders/credit.ts).
    index('orders_open_invoice_idx')
      .on(t.customerId, t.currency)
      .where(sql`${t.paymentMethodCode} = 'invoice' AND ${t.status} <> 'cancelled' AND ${t.paymentStatus} <> 'paid'`),
    // The expiry job walks pending orders oldest first.
    index('orders_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // The Approvals page lists a company's waiting orders; the approval expiry walks them oldest first.
    index('orders_awaiting_approval_idx')
      .on(t.customerId, t.createdAt)
      .where(sql`${t.status} = 'awaiting_approval'`),
    // The monthly spend of a company and its users (src/lib/server/approvals/spend.ts).
    index('orders_customer_spend_idx')
      .on(t.customerId, t.createdAt)
      .where(sql`${t.status} <> 'cancelled'`),
    check('orders_approval_decision_known', sql`${t.approvalDecision} IN ('approved', 'rejected', 'expired')`),
    // The ERP export pages through orders by when they last changed (src/lib/server/order-export).
    index('orders_modified_idx').on(t.lastModified, t.id),
  ],
);

/**
 * What an order took out of stock, per product: effective and external pieces apart, so an unpaid order
 * that expires gives back exactly what it took (orders/expiry.ts). Products marked in stock take nothing
 * and have no row. Deleted when the pieces go back.
 */
export const orderStockHolds = pgTable(
  'order_stock_holds',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    effective: integer('effective').notNull(),
    external: integer('external').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.productId] }),
    // Products are deactivated rather than deleted; the index keeps the restrict check cheap.
    index('order_stock_holds_product_idx').on(t.productId),
    check('order_stock_holds_positive', sql`${t.effective} >= 0 AND ${t.external} >= 0`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    methodCode: text('method_code').notNull(),
    providerRef: text('provider_ref'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** created | awaiting | succeeded | failed | cancelled */
    status: text('status').notNull().default('created'),
    /** The provider's last word on why it failed, shown to the shopper. */
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerRef),
    index('payments_order_idx').on(t.orderId),
  ],
);

/** Provider webhook events applied once, whatever order or how often they arrive. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
