// Customers, their addresses, sessions, password tokens, wishlists and login rate limits.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { priceLists, products } from './catalogue.ts';
import { staffUsers } from './staff.ts';

// ---------------------------------------------------------------- customers
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    customernum: text('customernum').notNull().unique(),
    /**
     * Only an input: a customer inserted with a password hash gets it as its primary user's (the trigger
     * customers_primary_user of migration 0023), which clears it here. Sign-in reads customer_users.
     */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    currency: text('currency').notNull().default('EUR'),
    locale: text('locale').notNull().default('de'),
    excludeTax: boolean('exclude_tax').notNull().default(false),
    priceListId: integer('price_list_id').references(() => priceLists.id),
    phone: text('phone'),
    company: text('company'),
    /**
     * The customer's own order caps (src/lib/server/orders/limits.ts): the largest order total in cents of
     * the order's currency, and the most open unpaid orders. Null: the shop's customer default; 0: no cap.
     */
    maxOrderTotalCents: integer('max_order_total_cents'),
    maxOpenOrders: integer('max_open_orders'),
    /**
     * Payment on account: the most the company may owe on unpaid invoice orders, in cents of its currency
     * (src/lib/server/orders/credit.ts). Null: no limit.
     */
    creditLimitCents: integer('credit_limit_cents'),
    /** The company's monthly budget in cents (src/lib/account/approval.ts); null: none. */
    monthlyBudgetCents: integer('monthly_budget_cents'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_email_lower_idx').on(sql`lower(${t.email})`),
    check('customers_order_limits_positive', sql`${t.maxOrderTotalCents} >= 0 AND ${t.maxOpenOrders} >= 0`),
    check('customers_credit_limit_positive', sql`${t.creditLimitCents} >= 0`),
    check('customers_monthly_budget_positive', sql`${t.monthlyBudgetCents} >= 0`),
  ],
);

/**
 * The users of a company (a customer), each with their own sign-in and a role (src/lib/account/roles.ts).
 * The primary user, made by the trigger customers_primary_user when the customer is created, has the
 * customer's id and e-mail and is an admin. E-mail addresses are unique over all users of all companies.
 */
export const customerUsers = pgTable(
  'customer_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** Null while invited: the activation link sets it. */
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    /** admin | buyer | approver | viewer */
    role: text('role').notNull(),
    /** active | invited | disabled */
    status: text('status').notNull().default('active'),
    /**
     * The user's cart (carts are per user, migration 0025): the cart a request of this user reads and
     * writes while it is active and theirs (src/lib/server/cart/queries.ts); null until they add.
     */
    activeCartId: uuid('active_cart_id'),
    /** The user's language for mails (migration 0024); null: the company's (customers.locale). */
    locale: text('locale'),
    /** Largest order total in cents this user places without approval (src/lib/account/approval.ts); null: none. */
    orderLimitCents: integer('order_limit_cents'),
    /** What this user spends per calendar month without approval, in cents; null: none. */
    monthlyBudgetCents: integer('monthly_budget_cents'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customer_users_email_lower_idx').on(sql`lower(${t.email})`),
    index('customer_users_customer_idx').on(t.customerId),
    check('customer_users_role_known', sql`${t.role} IN ('admin', 'buyer', 'approver', 'viewer')`),
    check('customer_users_status_known', sql`${t.status} IN ('active', 'invited', 'disabled')`),
    check('customer_users_budgets_positive', sql`${t.orderLimitCents} >= 0 AND ${t.monthlyBudgetCents} >= 0`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company'),
    street: text('street').notNull(),
    streetName: text('street_name'),
    apartment: text('apartment'),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    region: text('region'),
    country: text('country').notNull(),
    phone: text('phone'),
    email: text('email'),
    vatId: text('vat_id'),
    taxId: text('tax_id'),
    isBilling: boolean('is_billing').notNull().default(false),
    isShipping: boolean('is_shipping').notNull().default(false),
    isDefaultBilling: boolean('is_default_billing').notNull().default(false),
    isDefaultShipping: boolean('is_default_shipping').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_customer_idx').on(t.customerId)],
);

/** Refresh tokens are stored hashed; a family shares one login so reuse can revoke them all. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => customerUsers.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/**
 * A login a sales staff member opened for a company user from the workspace (ordering on behalf,
 * docs/accounts.md): the refresh-token family it is, who opened it and for whom. The session lives
 * while this row is open, before `expires_at`, and while its staff member may still sell; every state
 * change made in it goes into the audit log under both names.
 */
export const onBehalfSessions = pgTable(
  'on_behalf_sessions',
  {
    familyId: uuid('family_id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => customerUsers.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('on_behalf_sessions_staff_idx').on(t.staffId, t.startedAt)],
);

/** Single-use, expiring password reset / create tokens, stored hashed. */
export const passwordTokens = pgTable('password_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => customerUsers.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /** reset | create */
  purpose: text('purpose').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Single-use, expiring links that confirm a new e-mail address (the change takes effect only when the
 * link sent to the new address is opened), stored hashed.
 */
export const emailChangeTokens = pgTable(
  'email_change_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_change_tokens_customer_idx').on(t.customerId)],
);

/**
 * A registration waiting for its e-mail address to be confirmed: registering (and asking for an account
 * at checkout) creates no customer until the link mailed to the address is opened, so the answer is
 * the same whether or not the address has an account already. Holds what the account starts with
 * (the argon2 hash, never the password); the token is stored hashed, single use, valid for 24 hours.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    locale: text('locale').notNull(),
    currency: text('currency').notNull(),
    /**
     * The guest order placed with the request (checkout), given to the new customer on activation. No
     * foreign key: orders live in commerce.ts, which imports this module; a deleted order attaches nothing.
     */
    orderId: uuid('order_id'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('pending_registrations_expires_idx').on(t.expiresAt)],
);

/**
 * A customer's newsletter subscription with its double opt-in: 'pending' until the link mailed to
 * them is opened, then 'subscribed'; 'unsubscribed' keeps the row as the record of consent withdrawn.
 * The consent shown (its text version and the text itself) and when it was given are kept as proof.
 */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  /** pending | subscribed | unsubscribed */
  status: text('status').notNull(),
  locale: text('locale').notNull(),
  consentVersion: text('consent_version').notNull(),
  consentText: text('consent_text').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** Single-use, expiring double opt-in links for the newsletter, stored hashed. */
export const newsletterTokens = pgTable(
  'newsletter_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('newsletter_tokens_customer_idx').on(t.customerId)],
);

/**
 * Product reviews by customers who bought the product: one per customer and product, shown on the
 * product page once moderated to 'published' (pending | published | rejected); editing sends it back
 * to 'pending'.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    locale: text('locale').notNull(),
    status: text('status').notNull().default('pending'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    /** Why moderation rejected it (required then; cleared when it is published or edited). */
    rejectionReason: text('rejection_reason'),
    /** The shop's answer, shown with the review on the product page once it is published. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_product_customer_idx').on(t.productId, t.customerId),
    index('reviews_product_status_idx').on(t.productId, t.status),
    index('reviews_customer_idx').on(t.customerId),
    // The moderation queue: one status, oldest change first.
    index('reviews_status_updated_idx').on(t.status, t.updatedAt),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_status_known', sql`${t.status} IN ('pending', 'published', 'rejected')`),
  ],
);

/** A user's wishlist: each user of a company keeps their own (migration 0025). */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => customerUsers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

// ============================================================ auth: login rate limiting
/**
 * Fixed-window counters of login attempts, shared by every server instance (see
 * src/lib/server/auth/rate-limit.ts). The key is a SHA-256 of the scope and subject
 * (account, IP or both), so no email address or IP is stored in clear.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    /** End of the current window; a hit after it starts a new window at 1. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_attempts_expires_idx').on(t.expiresAt)],
);
