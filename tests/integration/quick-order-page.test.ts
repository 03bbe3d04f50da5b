// The quick order page's posts (src/lib/server/cart/quick-order-page.ts) on the real database, PGlite
// and PostgreSQL: an uploaded CSV or XLSX file, or typed lines, checked line by line with the shopper's
// price and order unit or refused with the reason the page shows; the lines that passed go into the
// cart through the cart's own bulk state change; 1,000 distinct items fit one cart and the next does not.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import { CookieJar, DEMO_FIXTURES, customerJar, seedFixtures, testCartDeps } from '../helpers/cart-harness.ts';
import { xlsx } from '../helpers/xlsx.ts';
import { quickLineResolver, type Offers } from '#lib/server/cart/bulk.ts';
import { cartForms } from '#lib/server/cart/forms.ts';
import { cartRoutes } from '#lib/server/cart/handlers.ts';
import { checkQuickOrder, type QuickOrderPost } from '#lib/server/cart/quick-order-page.ts';
import { MAX_CART_LINES, MAX_CART_NET_CENTS } from '#lib/cart/rules.ts';

const P = DEMO_FIXTURES.products;
const C = DEMO_FIXTURES.customers;
const BULK = MAX_CART_LINES + 1;

forEachDatabase('quick order page', (ctx) => {
  beforeAll(async () => {
    await seedFixtures(ctx.db);
    // A wholesaler's range beyond the fixtures: one more orderable product than a cart may hold lines.
    await ctx.db.execute(sql`
      INSERT INTO products (sku, itemnum, order_unit, content_unit, units_per_order_unit, min_quantity, quantity_step)
      SELECT 'BULK-' || n, 'B-' || lpad(n::text, 4, '0'), 'PK', 'C62', 100, 1, 1 FROM generate_series(1, ${BULK}) AS n`);
    await ctx.db.execute(sql`
      INSERT INTO prices (price_list_id, product_id, currency, regular_cents)
      SELECT l.id, p.id, 'EUR', 250 FROM products p, price_lists l WHERE p.sku LIKE 'BULK-%' AND l.code = 'base'`);
    await ctx.db.execute(sql`
      INSERT INTO stock (product_id, effective_stock) SELECT id, 50 FROM products WHERE sku LIKE 'BULK-%'`);
  });
  // The prices come from the catalogue's in-memory index of the process database, which is not this
  // suite's: it is answered from a fixed price, as bulk-cart.test does.
  const offers: Offers = async (skus, { currency }) =>
    skus.map((sku) => ({ sku, priceInfo: { regular: 2.5, special: null, currency }, stock: null }));
  const deps = testCartDeps(() => ctx.db, { guestPrices: true, now: undefined });
  const resolve = quickLineResolver(deps, offers);
  const { submitQuickOrderForm } = cartForms(deps);
  const context = (jar: CookieJar) => {
    const url = new URL('http://localhost/quick-order');
    return {
      request: new Request(url, { method: 'POST' }),
      url,
      cookies: jar.forRequest(),
      clientAddress: '127.0.0.1',
    };
  };
  const post = (fields: Partial<QuickOrderPost>): QuickOrderPost => ({
    intent: 'check',
    text: '',
    finder: { item: '', quantity: '' },
    file: null,
    form: new URLSearchParams(),
    ...fields,
  });
  const itemnumOf = async (sku: string) =>
    (
      (await ctx.db.execute(sql`SELECT itemnum FROM products WHERE sku = ${sku}`)) as unknown as {
        rows: { itemnum: string }[];
      }
    ).rows[0]!.itemnum;
  const cartLines = async (jar: CookieJar) => {
    const { status, body } = await (async () => {
      const response = await cartRoutes(deps).get({
        ...context(jar),
        request: new Request('http://localhost/api/cart/get', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        }),
      } as never);
      return {
        status: response.status,
        body: (await response.json()) as { cart: { cartItems: { sku: string; quantity: number }[] } },
      };
    })();
    expect(status).toBe(200);
    return body.cart.cartItems;
  };

  test('a CSV file: every line resolved with its unit, or refused with the reason the page shows', async () => {
    const jar = await customerJar(ctx.db, C.acme.email);
    const csv = [
      'Pos;Bezeichnung;Menge;Artikelnummer',
      `1;Bohrer;3;${await itemnumOf('BULK-1')}`,
      `2;per sku;2;${P.available}`,
      '3;unbekannt;1;NO-SUCH-ITEM',
      `4;nicht lieferbar;1;${await itemnumOf(P.notAvailable)}`,
      `5;Variante wählen;1;${P.variantParent}`,
      `6;halbe Packung;1,5;${await itemnumOf('BULK-2')}`,
    ].join('\r\n');
    const check = await checkQuickOrder(post({ file: new TextEncoder().encode(csv) }), context(jar), 'de', resolve);
    if (check.kind !== 'lines') throw new Error(`expected lines, got ${check.kind}`);
    expect(
      check.lines.map((l) => [l.line, l.resolved?.item?.sku ?? null, l.resolved?.error ?? null, l.quantity]),
    ).toEqual([
      [2, 'BULK-1', null, 3],
      [3, P.available, null, 2],
      [4, null, 'PRODUCT_NOT_FOUND', 1],
      [5, P.notAvailable, 'PRODUCT_NOT_AVAILABLE', 1],
      [6, P.variantParent, 'PRODUCT_NOT_PURCHASABLE', 1],
      [7, null, null, null],
    ]);
    expect(check.lines[0]!.resolved!.item!.unit).toEqual({
      orderUnit: 'PK',
      contentUnit: 'C62',
      unitsPerOrderUnit: 100,
      min: 1,
      step: 1,
    });
    expect(check.lines[5]!.quantityText).toBe('1,5');
    // The add form carries only the lines that passed, by sku; the text box gets the file's lines back.
    expect(check.ready).toBe(`BULK-1\t3\n${P.available}\t2`);
    expect(check.text.split('\n')[0]).toBe(`${await itemnumOf('BULK-1')}\t3`);
    expect(await cartLines(jar).catch(() => [])).toEqual([]);
  });

  test('an XLSX file reads as the CSV does; typed lines take the finder’s line after them', async () => {
    const jar = new CookieJar();
    const book = xlsx([
      [
        ['Artikelnummer', 'Menge'],
        [await itemnumOf('BULK-3'), 4],
        [{ inline: 'BULK-4' }, 2],
      ],
    ]);
    const fromFile = await checkQuickOrder(post({ file: book }), context(jar), 'en', resolve);
    expect(fromFile.kind === 'lines' && fromFile.ready).toBe('BULK-3\t4\nBULK-4\t2');
    const typed = await checkQuickOrder(
      post({ text: 'BULK-5 1', finder: { item: await itemnumOf('BULK-6'), quantity: '7' } }),
      context(jar),
      'en',
      resolve,
    );
    expect(typed.kind === 'lines' && typed.ready).toBe('BULK-5\t1\nBULK-6\t7');
    expect(typed.kind === 'lines' && typed.text).toBe(`BULK-5 1\n${await itemnumOf('BULK-6')} 7`);
  });

  test('a file that is neither CSV nor XLSX, and an empty post, are said to be so', async () => {
    const jar = new CookieJar();
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(await checkQuickOrder(post({ file: png }), context(jar), 'en', resolve)).toEqual({
      kind: 'file',
      reason: 'format',
    });
    expect(await checkQuickOrder(post({ text: '\n \n' }), context(jar), 'en', resolve)).toEqual({ kind: 'empty' });
  });

  test('"Add to cart" adds the checked lines; one that can no longer be ordered is reported and the others stay', async () => {
    const jar = await customerJar(ctx.db, C.acme.email);
    const form = new URLSearchParams({ intent: 'add', lines: `BULK-7\t2\n${P.notAvailable}\t1\nBULK-8\t3` });
    const outcome = await submitQuickOrderForm(form, context(jar), 'en');
    expect(outcome.ok && outcome.result.refused).toEqual([{ sku: P.notAvailable, code: 'PRODUCT_NOT_AVAILABLE' }]);
    expect((await cartLines(jar)).map((l) => [l.sku, l.quantity]).sort()).toEqual([
      ['BULK-7', 2],
      ['BULK-8', 3],
    ]);
    const bad = await submitQuickOrderForm(new URLSearchParams({ lines: 'BULK-9\tmany' }), context(jar), 'en');
    expect(!bad.ok && bad.error.code).toBe('VALIDATION_FAILED');
  });

  test('a line that would pass the cart’s value limit is refused alone; the lines before and after it go in', async () => {
    const jar = new CookieJar();
    await ctx.db.execute(sql`UPDATE prices SET regular_cents = ${MAX_CART_NET_CENTS / 2 + 1}
      WHERE product_id = (SELECT id FROM products WHERE sku = 'BULK-990')`);
    const lines = 'BULK-989\t1\nBULK-990\t2\nBULK-991\t1';
    const outcome = await submitQuickOrderForm(new URLSearchParams({ lines }), context(jar), 'en');
    expect(outcome.ok && outcome.result.refused).toEqual([{ sku: 'BULK-990', code: 'CART_VALUE_LIMIT' }]);
    expect((await cartLines(jar)).map((l) => l.sku).sort()).toEqual(['BULK-989', 'BULK-991']);
    await ctx.db.execute(sql`UPDATE prices SET regular_cents = 250
      WHERE product_id = (SELECT id FROM products WHERE sku = 'BULK-990')`);
  });

  test(`${MAX_CART_LINES} distinct items go into one cart in one add; the next distinct item is refused`, async () => {
    const jar = new CookieJar();
    const all = Array.from({ length: MAX_CART_LINES }, (_, i) => `BULK-${i + 1}\t1`).join('\n');
    const outcome = await submitQuickOrderForm(new URLSearchParams({ lines: all }), context(jar), 'en');
    expect(outcome.ok && outcome.result.refused).toEqual([]);
    expect(await cartLines(jar)).toHaveLength(MAX_CART_LINES);
    const more = await submitQuickOrderForm(
      new URLSearchParams({ lines: `BULK-${BULK}\t1\nBULK-1\t1` }),
      context(jar),
      'en',
    );
    expect(more.ok && more.result.refused).toEqual([{ sku: `BULK-${BULK}`, code: 'CART_TOO_MANY_LINES' }]);
    expect((await cartLines(jar)).find((l) => l.sku === 'BULK-1')?.quantity).toBe(2);
  }, 60_000);
});
