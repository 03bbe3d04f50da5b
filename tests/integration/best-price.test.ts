// The best-price rule on the real database (docs/prices.md): over every product of the demo seed and
// every currency, a customer with its own price list (buyer@acme) never pays more than a guest, the
// catalogue price list and the cart's SQL agree with the pure rule, and the cart charges that price.
// Add to cart refuses what the stock rule calls not available, naming the item.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '#lib/server/db/client.ts';

process.env.DATA_DIR = 'memory://';
delete process.env.DATABASE_URL;

const { database, closeDatabase } = await import('#lib/server/db/index.ts');
const { rows } = await import('../helpers/raw-rows.ts');
const { seedDemoData } = await import('#lib/server/demo/index.ts');
const { priceList } = await import('#lib/server/catalog/prices.ts');
const { priceLateral } = await import('#lib/server/cart/pricing.ts');
const { bestPrice, bestPriceFor } = await import('#lib/catalog/best-price.ts');
const { CURRENCIES } = await import('#lib/shared/currency.ts');
const { CookieJar, DEMO_FIXTURES, call, customerJar, harness } = await import('../helpers/cart-harness.ts');

interface RawPrice {
  productId: number;
  sku: string;
  list: string;
  currency: string;
  regular: number;
  special: number | null;
}
interface ProductRow {
  id: number;
  sku: string;
  hasVariants: boolean;
  available: boolean;
}

let db: Db;
let acmeListId: number;
let raw: RawPrice[];
let products: ProductRow[];

const paid = (p: { regular: number | null; special: number | null } | null | undefined): number | null =>
  p ? (p.special ?? p.regular) : null;
const listOf = (productId: number, list: string, currency: string) => {
  const r = raw.find((x) => x.productId === productId && x.list === list && x.currency === currency);
  return r ? { regular: r.regular, special: r.special } : null;
};

beforeAll(async () => {
  const handle = await database();
  await handle.migrate();
  db = handle.db;
  await seedDemoData(db, {});
  acmeListId = (await rows<{ id: number }>(db, sql`SELECT id FROM price_lists WHERE code = 'acme'`))[0]!.id;
  raw = await rows<RawPrice>(
    db,
    sql`
    SELECT pr.product_id AS "productId", p.sku, l.code AS list, pr.currency, pr.regular_cents AS regular, pr.special_cents AS special
    FROM prices pr JOIN price_lists l ON l.id = pr.price_list_id JOIN products p ON p.id = pr.product_id`,
  );
  products = await rows<ProductRow>(
    db,
    sql`
    SELECT p.id, p.sku, EXISTS (SELECT 1 FROM products v WHERE v.parent_id = p.id AND v.is_active) AS "hasVariants",
      COALESCE(s.marked_in_stock OR s.effective_stock + s.external_stock > 0, false) AS available
    FROM products p LEFT JOIN stock s ON s.product_id = p.id WHERE p.is_active ORDER BY p.id`,
  );
}, 120_000);

afterAll(async () => {
  await closeDatabase();
});

describe('the demo seed', () => {
  test('has products whose contract price is above the public price of the moment (what the rule fixes)', () => {
    // The rule before: the contract list's price wherever it had the product.
    const worse = products.filter((p) => {
      const own = listOf(p.id, 'acme', 'EUR');
      const pub = listOf(p.id, 'base', 'EUR');
      return own && pub && own.regular > (pub.special ?? pub.regular);
    });
    expect(worse.length).toBeGreaterThan(0);
  });
});

describe('best price', () => {
  test('buyer@acme pays no more than a guest for every product and currency, by the pure rule', async () => {
    const skus = products.map((p) => p.sku);
    for (const currency of CURRENCIES) {
      const guest = new Map(
        (await priceList(skus, { currency, priceListId: null, pricesVisible: true })).map((e) => [e.sku, e.priceInfo]),
      );
      const acme = await priceList(skus, { currency, priceListId: acmeListId, pricesVisible: true });
      expect(acme).toHaveLength(products.length);
      for (const entry of acme) {
        const product = products.find((p) => p.sku === entry.sku)!;
        const expected = bestPrice(listOf(product.id, 'base', currency), listOf(product.id, 'acme', currency));
        expect(paid(entry.priceInfo), `${entry.sku} ${currency}`).toBeLessThanOrEqual(paid(guest.get(entry.sku))!);
        expect(entry.priceInfo && Math.round(paid(entry.priceInfo)! * 100)).toBe(
          expected && (expected.special ?? expected.regular),
        );
      }
    }
  });

  test('the cart SQL (priceLateral) gives exactly what the pure rule gives', async () => {
    for (const priceListId of [null, acmeListId]) {
      for (const currency of CURRENCIES) {
        const sqlPrices = await rows<{
          id: number;
          regular: number | null;
          special: number | null;
          source: string | null;
        }>(
          db,
          sql`
          SELECT p.id, price.regular, price.special, price.source FROM products p ${priceLateral({ currency, priceListId })}`,
        );
        for (const row of sqlPrices) {
          const own = priceListId === null ? null : listOf(row.id, 'acme', currency);
          const expected = bestPrice(listOf(row.id, 'base', currency), own);
          const got = row.regular === null ? null : { regular: row.regular, special: row.special, source: row.source };
          expect(got, `product ${row.id} ${currency} list ${priceListId}`).toEqual(expected);
        }
      }
    }
  });

  test('with price breaks, the cart SQL for a quantity gives exactly what bestPriceFor gives for it', async () => {
    // Tiers on a third of the products in every list and currency: some undercut the list, one (from
    // 50) does not, so from 50 to 99 the list's own price applies again (a tier holds up to the next).
    await db.execute(sql`
      INSERT INTO price_tiers (price_list_id, product_id, currency, min_quantity, cents)
      SELECT pr.price_list_id, pr.product_id, pr.currency, q.min, pr.regular_cents * q.pct / 100
      FROM prices pr CROSS JOIN (VALUES (5, 97), (20, 85), (50, 110), (100, 60)) AS q(min, pct)
      WHERE pr.product_id % 3 = 0`);
    try {
      const tiers = await rows<{
        productId: number;
        list: string;
        currency: string;
        minQuantity: number;
        cents: number;
      }>(
        db,
        sql`
        SELECT t.product_id AS "productId", l.code AS list, t.currency, t.min_quantity AS "minQuantity", t.cents
        FROM price_tiers t JOIN price_lists l ON l.id = t.price_list_id`,
      );
      expect(tiers.length).toBeGreaterThan(0);
      const tiered = (productId: number, list: string, currency: string) => {
        const price = listOf(productId, list, currency);
        const own = tiers.filter((t) => t.productId === productId && t.list === list && t.currency === currency);
        return price && { ...price, tiers: own };
      };
      for (const quantity of [1, 5, 19, 20, 50, 99, 100]) {
        for (const priceListId of [null, acmeListId]) {
          for (const currency of CURRENCIES) {
            const sqlPrices = await rows<{
              id: number;
              regular: number | null;
              special: number | null;
              source: string | null;
            }>(
              db,
              sql`
              SELECT p.id, price.regular, price.special, price.source
              FROM products p ${priceLateral({ currency, priceListId }, sql`${quantity}::int`)}`,
            );
            for (const row of sqlPrices) {
              const own = priceListId === null ? null : tiered(row.id, 'acme', currency);
              const expected = bestPriceFor(tiered(row.id, 'base', currency), own, quantity);
              const got =
                row.regular === null ? null : { regular: row.regular, special: row.special, source: row.source };
              expect(got, `product ${row.id} × ${quantity} ${currency} list ${priceListId}`).toEqual(expected);
            }
          }
        }
      }
    } finally {
      await db.execute(sql`DELETE FROM price_tiers`);
    }
  });

  test('the cart charges buyer@acme the best price: the line and the subtotal use it', async () => {
    // A product where the contract price is above the public special price: the case the tester saw.
    const target = products.find((p) => {
      const own = listOf(p.id, 'acme', 'EUR');
      const pub = listOf(p.id, 'base', 'EUR');
      return !p.hasVariants && p.available && own && pub?.special != null && own.regular > pub.special;
    });
    expect(target, 'a product with contract price above the public special price').toBeDefined();
    const h = harness(() => db);
    const guest = await call(h, new CookieJar(), 'add', { sku: target!.sku, quantity: 2 });
    const acme = await call(h, await customerJar(db, DEMO_FIXTURES.customers.acme.email), 'add', {
      sku: target!.sku,
      quantity: 2,
    });
    expect([guest.status, acme.status]).toEqual([200, 200]);
    const special = listOf(target!.id, 'base', 'EUR')!.special! / 100;
    for (const cart of [guest.body.cart!, acme.body.cart!]) {
      expect(cart.cartItems[0]!.rowTotal).toBeCloseTo(special * 2, 2);
      expect(cart.totals!.subtotal_excl_tax).toBeCloseTo(special * 2, 2);
    }
  });
});

describe('add to cart refuses what is not available', () => {
  test('a not-available product is refused at once with a coded error naming it', async () => {
    const h = harness(() => db);
    for (const sku of [DEMO_FIXTURES.products.notAvailable, DEMO_FIXTURES.products.noStock]) {
      const refused = await call(h, new CookieJar(), 'add', { sku, quantity: 1 });
      expect([refused.status, refused.body.code]).toEqual([409, 'PRODUCT_NOT_AVAILABLE']);
      expect(refused.body.message).toContain(sku);
    }
  });

  test('a quantity that is not a whole number 1..max adds nothing', async () => {
    const h = harness(() => db);
    const jar = new CookieJar();
    for (const quantity of [0, -3, 2.5]) {
      const refused = await call(h, jar, 'add', { sku: DEMO_FIXTURES.products.available, quantity });
      expect([refused.status, refused.body.code]).toEqual([400, 'INVALID_QUANTITY']);
    }
    const cart = await call(h, jar, 'get', {});
    expect(cart.body.cart?.cartItems ?? []).toHaveLength(0);
  });
});
