import { verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from '#lib/server/db/client.ts';
import { contentConfigSchemas, pageConfigSchema } from '#lib/content/schemas.ts';
import {
  isDatabaseEmpty,
  parseProductImageName,
  productImageSvg,
  categoryImageSvg,
  attributeOptionImageSvg,
  resetDemoData,
  seedDemoData,
  validateProductCount,
} from '#lib/server/demo/index.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { offersEndAfter } from '#lib/server/demo/pricing.ts';
import { slugify } from '#lib/server/demo/vocabulary.ts';

const COUNT = 60;
const LOCALES = ['de', 'en', 'fr', 'es', 'it'];

type Row = Record<string, unknown>;
async function rows(database: Database, query: string): Promise<Row[]> {
  const result = (await database.db.execute(sql.raw(query))) as unknown as { rows: Row[] };
  return result.rows;
}

const TABLES = [
  'products',
  'product_translations',
  'product_attributes',
  'prices',
  'price_tiers',
  'stock',
  'product_accessories',
  'product_included',
  'categories',
  'category_translations',
  'content_blocks',
  'customers',
  'addresses',
];

let a: Database;

// One in-memory database: booting and migrating PGlite costs more than seeding 60 products.
beforeAll(async () => {
  a = await openDatabase({ dataDir: 'memory://' });
  await a.migrate();
  await seedDemoData(a.db, { products: COUNT });
});

afterAll(async () => {
  await a?.close();
});

describe('seedDemoData', () => {
  test('gives identical data for identical arguments, also after a reset', async () => {
    const snapshot = async () => Promise.all(TABLES.map((table) => rows(a, `SELECT * FROM ${table} ORDER BY 1, 2`)));
    const first = await snapshot();
    await expect(seedDemoData(a.db, { products: COUNT })).rejects.toThrow(/already holds/);
    await resetDemoData(a.db);
    expect(await isDatabaseEmpty(a.db)).toBe(true);
    await seedDemoData(a.db, { products: COUNT });
    const second = await snapshot();
    TABLES.forEach((table, i) => expect(second[i], table).toEqual(first[i]));
    // Sequences continue after the explicit ids, so the shop can add rows.
    const [next] = await rows(a, "SELECT nextval(pg_get_serial_sequence('products', 'id'))::int AS id");
    expect(next?.id).toBe(COUNT + 1);
  });

  test('creates exactly the requested number of products', async () => {
    expect(await rows(a, 'SELECT COUNT(*)::int AS n FROM products')).toEqual([{ n: COUNT }]);
  });

  test('builds a category tree at least three levels deep with slug and id paths', async () => {
    const cats = await rows(
      a,
      `SELECT c.id, c.parent_id, c.depth, c.id_path, t.locale, t.slug, t.slug_path
      FROM categories c JOIN category_translations t ON t.category_id = c.id`,
    );
    expect(Math.max(...cats.map((c) => Number(c.depth)))).toBeGreaterThanOrEqual(2);
    const byKey = new Map(cats.map((c) => [`${c.id}:${c.locale}`, c]));
    for (const c of cats) {
      expect(c.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      const parent = c.parent_id === null ? undefined : byKey.get(`${c.parent_id}:${c.locale}`);
      expect(c.slug_path).toBe(parent ? `${parent.slug_path}/${c.slug}` : c.slug);
      expect(c.id_path).toBe(parent ? `${parent.id_path}/${c.id}` : String(c.id));
      expect(c.depth).toBe(parent ? Number(parent.depth) + 1 : 0);
    }
    expect(cats.filter((c) => c.locale === 'de').length * 5).toBe(cats.length);
  });

  test('transliterates umlauts and strips accents in slugs', () => {
    expect(slugify('Schraubstöcke & Zubehör')).toBe('schraubstoecke-zubehoer');
    expect(slugify('Fußmatte')).toBe('fussmatte');
    expect(slugify("Équipement d'atelier")).toBe('equipement-d-atelier');
    expect(slugify('Herramientas eléctricas')).toBe('herramientas-electricas');
  });

  test('translates every product into all five languages with distinct names', async () => {
    const tr = await rows(a, 'SELECT product_id, locale, name, slug, description FROM product_translations');
    const byProduct = new Map<unknown, Row[]>();
    for (const r of tr) byProduct.set(r.product_id, [...(byProduct.get(r.product_id) ?? []), r]);
    expect(byProduct.size).toBe(COUNT);
    for (const [id, list] of byProduct) {
      expect(list.map((r) => r.locale).sort(), `product ${id}`).toEqual([...LOCALES].sort());
      for (const r of list) {
        expect(String(r.name).trim()).not.toBe('');
        expect(r.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(String(r.description)).toMatch(/^<p>/);
      }
      expect(new Set(list.map((r) => r.name)).size, `names of product ${id}`).toBe(5);
    }
  });

  test('gives select attributes only values that have a labelled option', async () => {
    const orphans = await rows(
      a,
      `SELECT pa.attribute_code, pa.value FROM product_attributes pa
      JOIN attributes at ON at.code = pa.attribute_code
      LEFT JOIN attribute_options o ON o.attribute_code = pa.attribute_code AND o.value = pa.value
      WHERE at.type IN ('select', 'multiselect') AND o.value IS NULL`,
    );
    expect(orphans).toEqual([]);
    const labels = await rows(a, 'SELECT labels FROM attributes UNION ALL SELECT labels FROM attribute_options');
    for (const { labels: l } of labels) expect(Object.keys(l as object).sort()).toEqual([...LOCALES].sort());
    expect(
      await rows(a, "SELECT COUNT(*)::int AS n FROM attribute_options WHERE image LIKE '/images/attr/%.svg'"),
    ).toEqual([{ n: expect.any(Number) }]);
  });

  test('stores content whose every config parses with its schema', async () => {
    const blocks = await rows(a, 'SELECT type, identifier, locale, content, config FROM content_blocks');
    const keys = new Set(blocks.map((r) => `${r.type}:${r.identifier}`));
    for (const key of Object.keys(contentConfigSchemas)) expect(keys, key).toContain(key);
    for (const block of blocks) {
      const schema =
        block.type === 'page'
          ? pageConfigSchema
          : contentConfigSchemas[`${block.type}:${block.identifier}` as keyof typeof contentConfigSchemas];
      expect(schema, `${block.type}:${block.identifier}`).toBeDefined();
      expect(() => schema.parse(block.config), `${block.type}:${block.identifier}:${block.locale}`).not.toThrow();
    }
    const menu = blocks.find((r) => r.identifier === 'menu') as {
      config: { entries: { kind: string; titles: unknown[]; visibility: string }[] };
    };
    expect(menu.config.entries[0]?.kind).toBe('container');
    // Every top-level entry speaks all five languages (an untranslated "Profi-Angebote" showed German in en/fr/es/it).
    expect(menu.config.entries.every((e) => e.titles.length === LOCALES.length)).toBe(true);
    expect(new Set(menu.config.entries.map((e) => e.visibility))).toEqual(new Set(['all', 'desktop', 'mobile']));
    for (const id of ['agb', 'impressum', 'versand', 'kontakt']) {
      expect(
        blocks
          .filter((r) => r.type === 'page' && r.identifier === id)
          .map((r) => r.locale)
          .sort(),
      ).toEqual([...LOCALES].sort());
    }
    const unsafe = blocks.find((r) => r.type === 'page' && r.identifier === DEMO_FIXTURES.unsafeContentPage);
    expect(String(unsafe?.content)).toMatch(/<script>[\s\S]*onclick=|onclick=[\s\S]*<script>/);
  });

  test('covers every availability case of the spec', async () => {
    const stock = await rows(
      a,
      `SELECT p.sku, s.effective_stock AS e, s.external_stock AS x, s.marked_in_stock AS m, s.product_id IS NULL AS missing
      FROM products p LEFT JOIN stock s ON s.product_id = p.id`,
    );
    const has = (pred: (r: Row) => boolean) => stock.some(pred);
    const num = (v: unknown) => Number(v);
    expect(
      has((r) => r.m === true),
      'marked in stock',
    ).toBe(true);
    expect(
      has((r) => r.missing === true),
      'no stock row',
    ).toBe(true);
    expect(
      has((r) => r.m === false && num(r.e) + num(r.x) === 0),
      'not available',
    ).toBe(true);
    expect(
      has((r) => r.m === false && num(r.e) >= 50),
      'available with large stock',
    ).toBe(true);
    expect(
      has((r) => r.m === false && num(r.e) > 0 && num(r.e) <= 5 && num(r.x) > 0),
      'limited / limit overflow',
    ).toBe(true);
    expect(
      has((r) => r.m === false && num(r.e) === 0 && num(r.x) > 0),
      'only external stock',
    ).toBe(true);
  });

  test('creates the documented fixtures', async () => {
    const f = DEMO_FIXTURES.products;
    const skus = [
      f.available,
      ...f.accessories,
      f.notAvailable,
      f.limited,
      f.onlyExternal,
      f.markedInStock,
      f.noStock,
      f.variantParent,
      ...f.variants,
      f.colourVariantParent,
      ...f.colourVariants,
      f.specialPrice,
      f.free,
    ];
    const found = await rows(a, `SELECT sku FROM products WHERE sku IN (${skus.map((s) => `'${s}'`).join(',')})`);
    expect(found.map((r) => r.sku).sort()).toEqual([...skus].sort());

    const one = async (query: string) => (await rows(a, query))[0] as Row;
    const stockOf = (sku: string) =>
      one(`SELECT s.* FROM stock s JOIN products p ON p.id = s.product_id WHERE p.sku = '${sku}'`);
    expect(await stockOf(f.limited)).toMatchObject({ effective_stock: 2, external_stock: 5, marked_in_stock: false });
    expect(await stockOf(f.notAvailable)).toMatchObject({
      effective_stock: 0,
      external_stock: 0,
      marked_in_stock: false,
    });
    expect(await stockOf(f.markedInStock)).toMatchObject({ marked_in_stock: true });
    expect(await stockOf(f.noStock)).toBeUndefined();

    const price = (sku: string, list: string) =>
      one(`SELECT pr.regular_cents, pr.special_cents FROM prices pr
      JOIN products p ON p.id = pr.product_id JOIN price_lists l ON l.id = pr.price_list_id
      WHERE p.sku = '${sku}' AND l.code = '${list}' AND pr.currency = 'EUR'`);
    expect(await price(f.specialPrice, 'base')).toEqual({ regular_cents: 24999, special_cents: 19999 });
    expect(await price(f.free, 'base')).toEqual({ regular_cents: 0, special_cents: null });
    // The dated offer runs past today whenever the demo is seeded (offersEndAfter).
    const { special_until: until } = (await one(`SELECT pr.special_until::text FROM prices pr
      JOIN products p ON p.id = pr.product_id WHERE p.sku = '${f.specialPrice}' AND pr.currency = 'EUR'`)) as {
      special_until: string;
    };
    expect(until > new Date().toISOString().slice(0, 10)).toBe(true);
    expect(await price(f.available, 'base')).toEqual({
      regular_cents: DEMO_FIXTURES.prices.available.EUR,
      special_cents: null,
    });
    expect(await price(f.available, 'acme')).toEqual({
      regular_cents: DEMO_FIXTURES.prices.available.acmeEUR,
      special_cents: null,
    });

    const accessories = await rows(
      a,
      `SELECT acc.sku FROM product_accessories pa JOIN products p ON p.id = pa.product_id
      JOIN products acc ON acc.id = pa.accessory_id WHERE p.sku = '${f.available}' ORDER BY pa.position`,
    );
    expect(accessories.map((r) => r.sku)).toEqual([...f.accessories]);
    const included = await rows(
      a,
      `SELECT i.names FROM product_included i JOIN products p ON p.id = i.product_id WHERE p.sku = '${f.available}'`,
    );
    expect(included.length).toBeGreaterThan(0);
    for (const { names } of included) expect(Object.keys(names as object).sort()).toEqual([...LOCALES].sort());

    const variants = await rows(
      a,
      `SELECT v.sku, v.parent_id, v.original_id, p.id AS parent FROM products v
      JOIN products p ON p.id = v.parent_id WHERE p.sku = '${f.variantParent}' ORDER BY v.id`,
    );
    expect(variants.map((r) => r.sku)).toEqual([...f.variants]);
    for (const v of variants) expect(v.original_id).toBe(v.parent);
  });

  test('sells fasteners in packs with price breaks, and the pack fixture under a quantity rule', async () => {
    const f = DEMO_FIXTURES.products;
    const [pack] = await rows(
      a,
      `SELECT id, order_unit, content_unit, units_per_order_unit, min_quantity, quantity_step, gtin
      FROM products WHERE sku = '${f.packRule}'`,
    );
    expect(pack).toMatchObject({ order_unit: 'PK', content_unit: 'C62', units_per_order_unit: 100 });
    expect(pack).toMatchObject({ min_quantity: 2, quantity_step: 2, gtin: expect.stringMatching(/^40\d{11}$/) });
    const tiers = await rows(
      a,
      `SELECT t.min_quantity, t.cents FROM price_tiers t JOIN price_lists l ON l.id = t.price_list_id
      WHERE t.product_id = ${Number(pack!.id)} AND l.code = 'base' AND t.currency = 'EUR' ORDER BY t.min_quantity`,
    );
    const { EUR, from10EUR, from40EUR } = DEMO_FIXTURES.prices.packRule;
    expect(tiers).toEqual([
      { min_quantity: 10, cents: from10EUR },
      { min_quantity: 40, cents: from40EUR },
    ]);
    const [price] = await rows(
      a,
      `SELECT regular_cents FROM prices WHERE product_id = ${Number(pack!.id)} AND price_list_id = 1 AND currency = 'EUR'`,
    );
    expect(price?.regular_cents).toBe(EUR);
    // Every product with a packaging unit is sold by the pack; nothing else is, and only the fixture has a rule.
    const odd = await rows(
      a,
      `SELECT p.sku FROM products p LEFT JOIN product_attributes a
        ON a.product_id = p.id AND a.attribute_code = 'packaging_unit'
      WHERE (a.value IS NULL) <> (p.order_unit = 'C62')
        OR (a.value IS NOT NULL AND p.units_per_order_unit <> a.value::float)
        OR ((p.min_quantity, p.quantity_step) <> (1, 1) AND p.sku <> '${f.packRule}')`,
    );
    expect(odd).toEqual([]);
  });

  test('gives every product base prices in EUR, GBP and USD', async () => {
    const missing = await rows(
      a,
      `SELECT p.id FROM products p WHERE (SELECT COUNT(*) FROM prices pr JOIN price_lists l ON l.id = pr.price_list_id
      WHERE pr.product_id = p.id AND l.code = 'base') <> 3`,
    );
    expect(missing).toEqual([]);
  });

  test("hashes the demo customers' passwords with argon2id", async () => {
    // The password is the company's primary user's, which has the customer's id (migration 0023).
    const customers = await rows(
      a,
      `SELECT c.email, c.customernum, u.password_hash, c.exclude_tax, c.price_list_id
       FROM customers c JOIN customer_users u ON u.id = c.id ORDER BY c.customernum`,
    );
    expect(customers.map((c) => c.email)).toEqual(Object.values(DEMO_FIXTURES.customers).map((c) => c.email));
    for (const c of customers) {
      expect(String(c.password_hash)).toMatch(/^\$argon2id\$/);
      expect(await verify(String(c.password_hash), DEMO_FIXTURES.password)).toBe(true);
      expect(await verify(String(c.password_hash), 'wrong-password')).toBe(false);
    }
    expect(customers.find((c) => c.customernum === DEMO_FIXTURES.customers.excludeTax.customernum)?.exclude_tax).toBe(
      true,
    );
    expect(
      customers.find((c) => c.customernum === DEMO_FIXTURES.customers.acme.customernum)?.price_list_id,
    ).not.toBeNull();
  });

  test('rejects product counts it cannot honour', () => {
    expect(validateProductCount(1.5)).toMatch(/whole number/);
    expect(validateProductCount(3)).toMatch(/at least/);
    expect(validateProductCount(300)).toBeNull();
  });
});

describe('demo images', () => {
  test('render the same well-formed SVG for the same SKU', () => {
    const svg = productImageSvg('BMA-10008');
    expect(svg).toBe(productImageSvg('BMA-10008'));
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<\/svg>$/);
    expect(svg).toContain('BMA-10008');
    expect(productImageSvg('BMA-10008', { view: 2 })).not.toBe(svg);
    expect(categoryImageSvg('drills')).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(attributeOptionImageSvg('ce')).toContain('CE');
  });

  test('escape text and parse gallery file names', () => {
    expect(productImageSvg('A<&>"B')).not.toMatch(/A<&>"B/);
    expect(parseProductImageName('HSH-10007-9_3.svg')).toEqual({ sku: 'HSH-10007-9', view: 3 });
    expect(parseProductImageName('HSH-10007-9.svg')).toEqual({ sku: 'HSH-10007-9', view: 1 });
    expect(parseProductImageName('../etc/passwd')).toBeNull();
  });
});

describe('offersEndAfter', () => {
  test('ends the demo offer with the quarter after the one the seed runs in', () => {
    expect(offersEndAfter(new Date('2026-11-15T10:00:00Z'))).toBe('2027-03-31');
    expect(offersEndAfter(new Date('2026-01-01T00:00:00Z'))).toBe('2026-06-30');
    expect(offersEndAfter(new Date('2026-06-30T23:59:59Z'))).toBe('2026-09-30');
  });
});
