// Deterministic demo data for a B2B tools shop: the same arguments always give the same database.
import * as schema from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { ATTRIBUTE_DEFS, buildAttributeOptions } from './attributes.ts';
import { buildCategories, categoryDescription } from './categories.ts';
import { buildContentRows } from './content.ts';
import { buildAcmeUsers, buildCustomers, buildStaff } from './customers.ts';
import { buildReviews, REVIEWED_SKUS } from './reviews.ts';
import { DEMO_FIXTURES, FIXTURE_PRODUCT_ROWS } from './fixtures.ts';
import { inArray, sql } from 'drizzle-orm';
import { insertChunked, dataCounts, isSuperuser, syncSequence, truncateAll, type Writer } from './insert.ts';
import { generateProducts, type ProductBundle } from './products.ts';
import { offersEndAfter } from './pricing.ts';
import { DEMO_EPOCH } from './random.ts';
import { COUPONS, PRICE_LISTS, SHIPPING_METHODS } from './shop.ts';
import { LOCALES } from './vocabulary.ts';

export { productImageSvg, categoryImageSvg, attributeOptionImageSvg, parseProductImageName } from './images.ts';

/** Bump when the generator's output changes, so a stored demo database can tell it is stale. */
const DEMO_SEED_VERSION = 4;
export const DEFAULT_DEMO_PRODUCTS = 300;
const MAX_DEMO_PRODUCTS = 1_000_000;
/** Products per insert transaction. */
const BATCH = 1000;

export interface SeedOptions {
  /** Product rows to create, variants included (default 300). */
  products?: number;
  onProgress?: (message: string) => void;
  /** When the seed runs (now): the demo's dated offer ends in the quarter after it (offersEndAfter). */
  seededAt?: Date;
}

export interface SeedSummary {
  products: number;
  categories: number;
  customers: number;
  contentBlocks: number;
  ms: number;
}

/** Refuses counts the generator cannot honour (the fixtures alone need FIXTURE_PRODUCT_ROWS rows). */
export function validateProductCount(count: number): string | null {
  if (!Number.isInteger(count)) return `product count must be a whole number, got ${count}`;
  if (count < FIXTURE_PRODUCT_ROWS)
    return `product count must be at least ${FIXTURE_PRODUCT_ROWS} (the demo fixtures need that many)`;
  if (count > MAX_DEMO_PRODUCTS) return `product count must be at most ${MAX_DEMO_PRODUCTS}`;
  return null;
}

/** True when no shop data (products, categories, customers, content, orders) exists yet. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const counts = await dataCounts(db as Writer);
  return Object.values(counts).every((n) => n === 0);
}

/** Deletes all shop data (the schema and migration journal stay). */
export async function resetDemoData(db: Db): Promise<void> {
  await truncateAll(db as Writer);
}

async function insertProducts(tx: Writer, bundles: ProductBundle[], skipTriggers: boolean): Promise<void> {
  // The generator only references rows it has already written, so per-row foreign-key triggers
  // would just halve the speed; a superuser (always the case with PGlite) may skip them.
  if (skipTriggers)
    await (tx.execute as (q: unknown) => Promise<unknown>).call(tx, sql`SET LOCAL session_replication_role = replica`);
  await insertChunked(
    tx,
    schema.products,
    bundles.map((b) => b.product),
  );
  await insertChunked(
    tx,
    schema.productTranslations,
    bundles.flatMap((b) => b.translations),
  );
  await insertChunked(
    tx,
    schema.productCategories,
    bundles.flatMap((b) => b.categories),
  );
  await insertChunked(
    tx,
    schema.productAttributes,
    bundles.flatMap((b) => b.attributes),
  );
  await insertChunked(
    tx,
    schema.productAccessories,
    bundles.flatMap((b) => b.accessories),
  );
  await insertChunked(
    tx,
    schema.productIncluded,
    bundles.flatMap((b) => b.included),
  );
  await insertChunked(
    tx,
    schema.stock,
    bundles.flatMap((b) => (b.stock ? [b.stock] : [])),
  );
  await insertChunked(
    tx,
    schema.prices,
    bundles.flatMap((b) => b.prices),
  );
  await insertChunked(
    tx,
    schema.priceTiers,
    bundles.flatMap((b) => b.tiers),
  );
}

/** Fills an empty database with the demo shop. Throws when the database already holds data. */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const total = options.products ?? DEFAULT_DEMO_PRODUCTS;
  const problem = validateProductCount(total);
  if (problem) throw new RangeError(problem);
  if (!(await isDatabaseEmpty(db))) throw new Error('the database already holds shop data; reset it before seeding');
  const progress = options.onProgress ?? (() => {});
  const w = db as Writer;
  const transaction = (fn: (tx: Writer) => Promise<void>) =>
    (db.transaction as (f: (tx: Writer) => Promise<void>) => Promise<void>)(fn);

  // Content first: a config that fails its schema stops the seed before anything is written.
  const content = buildContentRows();
  const categories = buildCategories();
  const { customers, addresses } = await buildCustomers();
  const staff = await buildStaff();
  const acmeUsers = await buildAcmeUsers(customers);

  await transaction(async (tx) => {
    await insertChunked(
      tx,
      schema.categories,
      categories.map((c) => ({
        id: c.id,
        parentId: c.parentId,
        position: c.position,
        idPath: c.idPath,
        depth: c.depth,
        image: c.image,
      })),
    );
    await insertChunked(
      tx,
      schema.categoryTranslations,
      categories.flatMap((c) =>
        LOCALES.map((locale) => ({
          categoryId: c.id,
          locale,
          name: c.names[locale],
          slug: c.slugs[locale],
          slugPath: c.slugPaths[locale],
          description: categoryDescription(c.names, locale),
        })),
      ),
    );
    await insertChunked(
      tx,
      schema.attributes,
      ATTRIBUTE_DEFS.map((a, position) => ({
        code: a.code,
        type: a.type,
        labels: a.labels,
        position: position + 1,
        location: a.location,
        isFilterable: a.isFilterable,
        isHtml: a.isHtml ?? false,
        unit: a.unit ?? null,
      })),
    );
    await insertChunked(tx, schema.attributeOptions, buildAttributeOptions());
    await insertChunked(tx, schema.priceLists, PRICE_LISTS);
    await insertChunked(tx, schema.shippingMethods, SHIPPING_METHODS);
    await insertChunked(tx, schema.coupons, COUPONS);
    await insertChunked(
      tx,
      schema.contentBlocks,
      content.map((r) => ({ ...r, updatedAt: new Date(DEMO_EPOCH) })),
    );
    // Each customer's primary user comes with it (the trigger of migration 0023); acme has three more.
    await insertChunked(tx, schema.customers, customers);
    await insertChunked(tx, schema.customerUsers, acmeUsers);
    await insertChunked(tx, schema.addresses, addresses);
    await insertChunked(tx, schema.staffUsers, staff);
  });
  progress(`${categories.length} categories, ${content.length} content blocks, ${customers.length} customers`);

  const superuser = await isSuperuser(w);
  let done = 0;
  let batch: ProductBundle[] = [];
  const flush = async () => {
    const rows = batch;
    batch = [];
    await transaction((tx) => insertProducts(tx, rows, superuser));
    done += rows.length;
    progress(`${done}/${total} products`);
  };
  for (const bundle of generateProducts(total, offersEndAfter(options.seededAt ?? new Date()))) {
    batch.push(bundle);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length) await flush();

  for (const table of ['categories', 'products', 'price_lists']) await syncSequence(w, table);
  const reviewed = await db
    .select({ id: schema.products.id, sku: schema.products.sku })
    .from(schema.products)
    .where(inArray(schema.products.sku, REVIEWED_SKUS));
  const reviews = buildReviews(
    new Map(reviewed.map((p) => [p.sku, p.id])),
    new Map(customers.map((c) => [c.email, c.id!])),
  );
  await insertChunked(w, schema.reviews, reviews);
  const acme = customers.find((c) => c.customernum === DEMO_FIXTURES.customers.acme.customernum)!;
  const numbered = await db
    .select({ id: schema.products.id, sku: schema.products.sku })
    .from(schema.products)
    .where(inArray(schema.products.sku, Object.keys(DEMO_FIXTURES.acmeItemNumbers)));
  await insertChunked(
    w,
    schema.customerItemNumbers,
    numbered.map((p) => ({
      customerId: acme.id!,
      productId: p.id,
      number: DEMO_FIXTURES.acmeItemNumbers[p.sku as keyof typeof DEMO_FIXTURES.acmeItemNumbers],
    })),
  );
  // acme's shared requisition list, owned by its primary user (whose id is the company's).
  const list = DEMO_FIXTURES.acmeSharedList;
  await insertChunked(w, schema.requisitionLists, [
    { id: list.id, customerId: acme.id!, ownerId: acme.id!, name: list.name, sharing: list.sharing },
  ]);
  const listed = await db
    .select({ id: schema.products.id, sku: schema.products.sku })
    .from(schema.products)
    .where(
      inArray(
        schema.products.sku,
        list.lines.map((line) => line.sku),
      ),
    );
  const productOf = new Map(listed.map((p) => [p.sku, p.id]));
  await insertChunked(
    w,
    schema.requisitionListLines,
    list.lines.flatMap((line, i) => {
      const productId = productOf.get(line.sku);
      return productId === undefined
        ? []
        : [{ listId: list.id, productId, quantity: line.quantity, note: line.note, position: i + 1 }];
    }),
  );
  await insertChunked(w, schema.meta, [
    {
      key: 'demo',
      value: { products: total, seedVersion: DEMO_SEED_VERSION, generatedAt: new Date(DEMO_EPOCH).toISOString() },
    },
  ]);
  // PGlite runs no autovacuum, so without this the planner knows nothing about the freshly seeded
  // tables and picks scans that are slow at catalogue scale (see BENCHMARKS.md, search).
  await db.execute(sql`ANALYZE`);
  return {
    products: done,
    categories: categories.length,
    customers: customers.length,
    contentBlocks: content.length,
    ms: Math.round(performance.now() - started),
  };
}
