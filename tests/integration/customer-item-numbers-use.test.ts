// A company's own item numbers where its buyers meet them (issue 37, item 3), on PGlite and PostgreSQL,
// with acme's demo numbers (DEMO_FIXTURES.acmeItemNumbers): the quick order finds a product by the
// company's number (before the shop's own item numbers, without regard to case); the cart line, the
// placed order, its document (mail and PDF) and the ERP's export (JSON and openTRANS BUYER_PID) carry
// it. Another company and a guest neither find by it nor see it.
import { beforeAll, expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import { CookieJar, DEMO_FIXTURES, customerJar, testCartDeps } from '../helpers/cart-harness.ts';
import { api, orderRequest, orderSuite, readyCart } from '../helpers/order-harness.ts';
import { quickLineResolver, type Offers } from '#lib/server/cart/bulk.ts';
import { orderDocument } from '#lib/orders/document.ts';
import { exportOrder } from '#lib/server/order-export/shape.ts';
import { openTransOrder } from '#lib/server/order-export/opentrans.ts';
import { en } from '#lib/i18n/messages/en.ts';

const P = DEMO_FIXTURES.products;
const C = DEMO_FIXTURES.customers;
const OWN = DEMO_FIXTURES.acmeItemNumbers[P.available as keyof typeof DEMO_FIXTURES.acmeItemNumbers];

forEachDatabase('customer item numbers in use', (ctx) => {
  const h = orderSuite(ctx);
  const offers: Offers = async (skus, { currency }) =>
    skus.map((sku) => ({ sku, priceInfo: { regular: 1, special: null, currency }, stock: null }));
  const resolve = quickLineResolver(
    testCartDeps(() => ctx.db, { guestPrices: true, now: undefined }),
    offers,
  );
  const context = (jar: CookieJar) => {
    const url = new URL('http://localhost/quick-order');
    return {
      request: new Request(url, { method: 'POST' }),
      url,
      cookies: jar.forRequest(),
      clientAddress: '127.0.0.1',
    };
  };
  let acme: CookieJar;
  let other: CookieJar;
  beforeAll(async () => {
    acme = await customerJar(ctx.db, C.acme.email);
    other = await customerJar(ctx.db, C.normal.email);
  });

  test('the quick order finds a product by the company’s own number, in any case; others do not', async () => {
    const [found] = await resolve([{ ref: OWN.toLowerCase(), quantity: 1 }], context(acme), 'en');
    expect(found!.item).toMatchObject({ sku: P.available, customerItemNumber: OWN });
    expect(found!.error).toBeNull();
    for (const jar of [other, new CookieJar()]) {
      const [missing] = await resolve([{ ref: OWN, quantity: 1 }], context(jar), 'en');
      expect(missing!.error).toBe('PRODUCT_NOT_FOUND');
    }
    // The shop's own item number still finds it for everybody, without the company's number for others.
    const [byItemnum] = await resolve([{ ref: P.available, quantity: 1 }], context(other), 'en');
    expect(byItemnum!.item?.customerItemNumber).toBeNull();
  });

  test('cart, order, document and export carry the number as it was when the order was placed', async () => {
    const cart = await readyCart(h, acme, { sku: P.available, quantity: 2 });
    expect(cart.cartItems.find((line) => line.sku === P.available)?.customerItemNumber).toBe(OWN);
    const placed = await api(h, acme, 'orders', 'create', orderRequest(cart));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = placed.body.order!;
    expect(order.cartInfo.cartItems[0]!.customerItemNumber).toBe(OWN);

    const document = orderDocument(order, en, 'en', 'en-GB');
    expect(document.lines[0]!.name.split('\n')).toContain(`${en['catalog.yourItemNo']} ${OWN}`);
    const exported = exportOrder({
      order,
      customer: { id: 'c', number: C.acme.customernum, company: 'ACME' },
      locale: 'en',
      couponCode: null,
      termsVersion: null,
    });
    expect(exported.lines[0]).toMatchObject({ sku: P.available, customerItemNumber: OWN });
    const xml = openTransOrder(exported, 'supplier');
    expect(xml).toContain(`<bmecat:BUYER_PID type="buyer_specific">${OWN}</bmecat:BUYER_PID>`);
    // openTRANS 2.1 orders PRODUCT_ID's children: SUPPLIER_PID, then BUYER_PID, then DESCRIPTION_SHORT.
    expect(xml.indexOf('BUYER_PID')).toBeGreaterThan(xml.indexOf('SUPPLIER_PID'));
    expect(xml.indexOf('BUYER_PID')).toBeLessThan(xml.indexOf('DESCRIPTION_SHORT'));

    // Another company's cart of the same product names no number, and its export no BUYER_PID.
    const theirs = await readyCart(h, other, { sku: P.available, quantity: 1 });
    expect(theirs.cartItems[0]!.customerItemNumber).toBeNull();
  });
});
