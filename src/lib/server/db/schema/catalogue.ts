// Catalogue and prices: categories, products and their texts, attributes, accessories, stock, price lists.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, type LocalizedText } from './columns.ts';
import { foldSql } from '#lib/search/fold.ts';

// ---------------------------------------------------------------- catalogue
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /** Materialised path of ids from the root, e.g. "1/4/17": subtree queries without recursion. */
    idPath: text('id_path').notNull(),
    depth: integer('depth').notNull(),
    image: text('image'),
    /** The merchant's catalogue group id (BMEcat GROUP_ID), which imports match on; null for the shop's own. */
    externalId: text('external_id'),
  },
  (t) => [
    index('categories_parent_idx').on(t.parentId),
    index('categories_id_path_idx').on(t.idPath),
    uniqueIndex('categories_external_idx').on(t.externalId),
  ],
);

export const categoryTranslations = pgTable(
  'category_translations',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** Slug path from the root, e.g. "werkzeuge/bohren/steinbohrer": one lookup per category URL. */
    slugPath: text('slug_path').notNull(),
    description: text('description'),
    /** The name folded for keyword search (lower case, umlauts spelled out); kept by the database. */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs(sql.raw(foldSql('name'))),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.locale] }),
    uniqueIndex('category_translations_slug_path_idx').on(t.locale, t.slugPath),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    sku: text('sku').notNull(),
    itemnum: text('itemnum').notNull(),
    /** The id of the parent product this variant was derived from (the API's originalId). */
    originalId: integer('original_id').references((): AnyPgColumn => products.id, { onDelete: 'set null' }),
    /** Variants point at their parent product; parents have null. */
    parentId: integer('parent_id').references((): AnyPgColumn => products.id, { onDelete: 'cascade' }),
    coverImage: text('cover_image'),
    gallery: jsonb('gallery').$type<string[]>().notNull().default([]),
    primaryCategoryId: integer('primary_category_id').references(() => categories.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    hidePrices: boolean('hide_prices').notNull().default(false),
    gtin: text('gtin'),
    manufacturerName: text('manufacturer_name'),
    manufacturerPid: text('manufacturer_pid'),
    /** UN/ECE Recommendation 20 code of what one ordered quantity is: C62 a piece, PK a pack. */
    orderUnit: text('order_unit').notNull().default('C62'),
    /** What a pack holds, e.g. 100 (unitsPerOrderUnit) C62; null when the order unit is a piece. */
    contentUnit: text('content_unit'),
    unitsPerOrderUnit: doublePrecision('units_per_order_unit'),
    /** The least a line may order, and the step above it (BMEcat QUANTITY_MIN, QUANTITY_INTERVAL). */
    minQuantity: integer('min_quantity').notNull().default(1),
    quantityStep: integer('quantity_step').notNull().default(1),
    /** Working days until dispatch. */
    deliveryDays: integer('delivery_days'),
    taxPercent: doublePrecision('tax_percent'),
    /** ETIM or ECLASS class the features follow. */
    classification: jsonb('classification').$type<{ system: string; version?: string; classId: string }>(),
    /** Data sheets and manuals: stored file names with their titles per language. */
    documents: jsonb('documents').$type<{ file: string; title: LocalizedText }[]>().notNull().default([]),
    /** Digest of the record an import last wrote, so the same file again changes and publishes nothing. */
    importDigest: text('import_digest'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_sku_lower_idx').on(sql`lower(${t.sku})`),
    index('products_itemnum_lower_idx').on(sql`lower(${t.itemnum})`),
    index('products_parent_idx').on(t.parentId),
    index('products_created_idx').on(t.createdAt),
    // An all-digit search term also matches the originalId exactly.
    index('products_original_idx').on(t.originalId),
  ],
);

export const productTranslations = pgTable(
  'product_translations',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    title: text('title'),
    subtitle: text('subtitle'),
    description: text('description'),
    /** Search terms beside the name (BMEcat KEYWORD), space separated. */
    keywords: text('keywords'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.locale] })],
);

/**
 * Product names folded for keyword search (#lib/search/fold.ts), one narrow row per product and
 * locale, kept by triggers on product_translations (migrations 0005, 0006), so every writer of names
 * keeps them folded the one way the database defines. The search index is built from these rows.
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    searchName: text('search_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.locale] })],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_categories_cat_idx').on(t.categoryId)],
);

/** Attribute definitions (the API's custom_attributes and filter facets). */
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

export const attributeOptions = pgTable(
  'attribute_options',
  {
    attributeCode: text('attribute_code')
      .notNull()
      .references(() => attributes.code, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    labels: jsonb('labels').$type<LocalizedText>().notNull(),
    image: text('image'),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.attributeCode, t.value] })],
);

export const productAttributes = pgTable(
  'product_attributes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attributeCode: text('attribute_code')
      .notNull()
      .references(() => attributes.code, { onDelete: 'cascade' }),
    value: text('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.attributeCode, t.value] }),
    index('product_attributes_filter_idx').on(t.attributeCode, t.value),
  ],
);

/** Optional accessories offered with a product (a cart line's selectedAddtionalProducts). */
export const productAccessories = pgTable(
  'product_accessories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    accessoryId: integer('accessory_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.accessoryId] })],
);

/** Items that ship inside a product's box ('Included'). */
export const productIncluded = pgTable(
  'product_included',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    itemnum: text('itemnum').notNull(),
    names: jsonb('names').$type<LocalizedText>().notNull(),
    quantity: integer('quantity').notNull().default(1),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.itemnum] })],
);

export const stock = pgTable(
  'stock',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    effectiveStock: integer('effective_stock').notNull().default(0),
    externalStock: integer('external_stock').notNull().default(0),
    markedInStock: boolean('marked_in_stock').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Orders reserve stock with a guarded UPDATE; this makes "never negative" a database fact as well.
    check('stock_not_negative', sql`${t.effectiveStock} >= 0 AND ${t.externalStock} >= 0`),
  ],
);

// ------------------------------------------------------------------- prices
/** A price list; the row with code 'base' is the public list everybody falls back to. */
export const priceLists = pgTable('price_lists', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const prices = pgTable(
  'prices',
  {
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    regularCents: integer('regular_cents').notNull(),
    specialCents: integer('special_cents'),
    /**
     * The last day the special price applies (a UTC calendar date, inclusive); null: until further
     * notice. An ended special stays in the row but is no longer charged or shown (special-price.ts).
     */
    specialUntil: date('special_until'),
  },
  // Read by product alone (the price index, the cart): the key starts with the price list.
  (t) => [
    primaryKey({ columns: [t.priceListId, t.productId, t.currency] }),
    index('prices_product_idx').on(t.productId),
  ],
);

/** Price breaks: from minQuantity order units on, one unit costs cents (the price row covers 1 and up). */
export const priceTiers = pgTable(
  'price_tiers',
  {
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    minQuantity: integer('min_quantity').notNull(),
    cents: integer('cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.productId, t.currency, t.minQuantity] }),
    index('price_tiers_product_idx').on(t.productId),
    check('price_tiers_valid', sql`${t.minQuantity} > 1 AND ${t.cents} >= 0`),
  ],
);
