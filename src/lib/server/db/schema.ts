// Database schema for the commerce and content engine (spec section 3).
// Money is stored as integer cents so totals are exact; per-locale texts live in
// translation tables (searchable, indexable) while small label maps use jsonb.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';

/** A map from locale code to text, e.g. { de: 'Bohrer', en: 'Drill' }. */
export type LocalizedText = Partial<Record<string, string>>;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- catalogue
export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  /** Materialised path of ids from the root, e.g. "1/4/17": subtree queries without recursion. */
  idPath: text('id_path').notNull(),
  depth: integer('depth').notNull(),
  image: text('image'),
}, (t) => [index('categories_parent_idx').on(t.parentId), index('categories_id_path_idx').on(t.idPath)]);

export const categoryTranslations = pgTable('category_translations', {
  categoryId: integer('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
  locale: text('locale').notNull(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  /** Slug path from the root, e.g. "werkzeuge/bohren/steinbohrer": one lookup per category URL. */
  slugPath: text('slug_path').notNull(),
  description: text('description'),
}, (t) => [
  primaryKey({ columns: [t.categoryId, t.locale] }),
  uniqueIndex('category_translations_slug_path_idx').on(t.locale, t.slugPath),
  index('category_translations_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
]);

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  sku: text('sku').notNull(),
  itemnum: text('itemnum').notNull(),
  /** The id of the parent product this variant was derived from (spec: originalId). */
  originalId: integer('original_id').references((): AnyPgColumn => products.id, { onDelete: 'set null' }),
  /** Variants point at their parent product; parents have null. */
  parentId: integer('parent_id').references((): AnyPgColumn => products.id, { onDelete: 'cascade' }),
  coverImage: text('cover_image'),
  gallery: jsonb('gallery').$type<string[]>().notNull().default([]),
  primaryCategoryId: integer('primary_category_id').references(() => categories.id, { onDelete: 'set null' }),
  isActive: boolean('is_active').notNull().default(true),
  hidePrices: boolean('hide_prices').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('products_sku_lower_idx').on(sql`lower(${t.sku})`),
  index('products_itemnum_lower_idx').on(sql`lower(${t.itemnum})`),
  index('products_itemnum_trgm_idx').using('gin', sql`${t.itemnum} gin_trgm_ops`),
  index('products_parent_idx').on(t.parentId),
  index('products_created_idx').on(t.createdAt),
]);

export const productTranslations = pgTable('product_translations', {
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  locale: text('locale').notNull(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  title: text('title'),
  subtitle: text('subtitle'),
  description: text('description'),
}, (t) => [
  primaryKey({ columns: [t.productId, t.locale] }),
  index('product_translations_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
]);

export const productCategories = pgTable('product_categories', {
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  categoryId: integer('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
  isPrimary: boolean('is_primary').notNull().default(false),
}, (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_categories_cat_idx').on(t.categoryId)]);

/** Attribute definitions (spec: custom_attributes and filter facets). */
export const attributes = pgTable('attributes', {
  code: text('code').primaryKey(),
  /** select | multiselect | boolean | text | number */
  type: text('type').notNull(),
  labels: jsonb('labels').$type<LocalizedText>().notNull(),
  position: integer('position').notNull().default(0),
  /** Where the attribute is shown: header | details | list. */
  location: text('location').notNull().default('details'),
  isFilterable: boolean('is_filterable').notNull().default(false),
  isHtml: boolean('is_html').notNull().default(false),
  unit: text('unit'),
});

export const attributeOptions = pgTable('attribute_options', {
  attributeCode: text('attribute_code').notNull().references(() => attributes.code, { onDelete: 'cascade' }),
  value: text('value').notNull(),
  labels: jsonb('labels').$type<LocalizedText>().notNull(),
  image: text('image'),
  position: integer('position').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.attributeCode, t.value] })]);

export const productAttributes = pgTable('product_attributes', {
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  attributeCode: text('attribute_code').notNull().references(() => attributes.code, { onDelete: 'cascade' }),
  value: text('value').notNull(),
}, (t) => [
  primaryKey({ columns: [t.productId, t.attributeCode, t.value] }),
  index('product_attributes_filter_idx').on(t.attributeCode, t.value),
]);

/** Optional accessories offered with a product (spec: additional products). */
export const productAccessories = pgTable('product_accessories', {
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  accessoryId: integer('accessory_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.productId, t.accessoryId] })]);

/** Items that ship inside a product's box (spec: included). */
export const productIncluded = pgTable('product_included', {
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  itemnum: text('itemnum').notNull(),
  names: jsonb('names').$type<LocalizedText>().notNull(),
  quantity: integer('quantity').notNull().default(1),
  position: integer('position').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.productId, t.itemnum] })]);

export const stock = pgTable('stock', {
  productId: integer('product_id').primaryKey().references(() => products.id, { onDelete: 'cascade' }),
  effectiveStock: integer('effective_stock').notNull().default(0),
  externalStock: integer('external_stock').notNull().default(0),
  markedInStock: boolean('marked_in_stock').notNull().default(false),
  updatedAt: updatedAt(),
});

// ------------------------------------------------------------------- prices
/** A price list; the row with code 'base' is the public list everybody falls back to. */
export const priceLists = pgTable('price_lists', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const prices = pgTable('prices', {
  priceListId: integer('price_list_id').notNull().references(() => priceLists.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  currency: text('currency').notNull(),
  regularCents: integer('regular_cents').notNull(),
  specialCents: integer('special_cents'),
}, (t) => [primaryKey({ columns: [t.priceListId, t.productId, t.currency] })]);

// ---------------------------------------------------------------- customers
export const customers = pgTable('customers', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  customernum: text('customernum').notNull().unique(),
  passwordHash: text('password_hash'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  currency: text('currency').notNull().default('EUR'),
  locale: text('locale').notNull().default('de'),
  excludeTax: boolean('exclude_tax').notNull().default(false),
  priceListId: integer('price_list_id').references(() => priceLists.id),
  activeCartId: uuid('active_cart_id'),
  newsletter: boolean('newsletter').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('customers_email_lower_idx').on(sql`lower(${t.email})`)]);

export const addresses = pgTable('addresses', {
  id: uuid('id').primaryKey().defaultRandom(),
  customerId: uuid('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
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
}, (t) => [index('addresses_customer_idx').on(t.customerId)]);

/** Refresh tokens are stored hashed; a family shares one login so reuse can revoke them all. */
export const refreshTokens = pgTable('refresh_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  customerId: uuid('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  familyId: uuid('family_id').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_customer_idx').on(t.customerId)]);

/** Single-use, expiring password reset / create tokens, stored hashed. */
export const passwordTokens = pgTable('password_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  customerId: uuid('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /** reset | create */
  purpose: text('purpose').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const wishlistItems = pgTable('wishlist_items', {
  customerId: uuid('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  qty: integer('qty').notNull().default(1),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.customerId, t.productId] })]);

// ------------------------------------------------------------ carts, orders
export const carts = pgTable('carts', {
  id: uuid('id').primaryKey().defaultRandom(),
  customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
  currency: text('currency').notNull().default('EUR'),
  couponCode: text('coupon_code'),
  billingAddress: jsonb('billing_address'),
  shippingAddress: jsonb('shipping_address'),
  shippingMethodCode: text('shipping_method_code'),
  newUser: boolean('new_user').notNull().default(false),
  /** Optimistic-concurrency counter: every write bumps it; a write against an old version is refused. */
  version: integer('version').notNull().default(1),
  /** active | ordered | merged */
  status: text('status').notNull().default('active'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('carts_customer_idx').on(t.customerId)]);

export const cartItems = pgTable('cart_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  cartId: uuid('cart_id').notNull().references(() => carts.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id),
  sku: text('sku').notNull(),
  quantity: integer('quantity').notNull(),
  /** Sorted, comma-joined accessory skus: the line identity is (sku, this key). */
  accessoriesKey: text('accessories_key').notNull().default(''),
  accessorySkus: jsonb('accessory_skus').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('cart_items_line_idx').on(t.cartId, t.sku, t.accessoriesKey),
  // Products are deactivated rather than deleted; the index keeps the restrict check cheap.
  index('cart_items_product_idx').on(t.productId),
]);

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
  position: integer('position').notNull().default(0),
});

export const orders = pgTable('orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  transactionnum: text('transactionnum').notNull().unique(),
  customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
  cartId: uuid('cart_id'),
  idempotencyKey: text('idempotency_key').unique(),
  /** pending | confirmed | cancelled */
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
  createdAt: createdAt(),
  lastModified: timestamp('last_modified', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('orders_customer_idx').on(t.customerId, t.createdAt)]);

export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  methodCode: text('method_code').notNull(),
  providerRef: text('provider_ref'),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  /** created | awaiting | succeeded | failed | cancelled */
  status: text('status').notNull().default('created'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerRef)]);

/** Provider webhook events applied once, whatever order or how often they arrive. */
export const webhookEvents = pgTable('webhook_events', {
  provider: text('provider').notNull(),
  eventId: text('event_id').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.provider, t.eventId] })]);

// ------------------------------------------------------------------ content
/**
 * Content service entries (spec: content block). type is 'block' | 'setting' | 'page';
 * locale '' means the entry applies to every locale unless a localized row exists.
 */
export const contentBlocks = pgTable('content_blocks', {
  id: serial('id').primaryKey(),
  type: text('type').notNull(),
  identifier: text('identifier').notNull(),
  locale: text('locale').notNull().default(''),
  content: text('content'),
  script: text('script'),
  config: jsonb('config'),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('content_blocks_key_idx').on(t.type, t.identifier, t.locale)]);

/** Bookkeeping for the demo generator: which seed produced this database. */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

// ============================================================ auth: login rate limiting
/**
 * Fixed-window counters of login attempts, shared by every server instance (see
 * src/lib/server/auth/rate-limit.ts). The key is a SHA-256 of the scope and subject
 * (account, IP or both), so no email address or IP is stored in clear.
 */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  /** End of the current window; a hit after it starts a new window at 1. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('login_attempts_expires_idx').on(t.expiresAt)]);
