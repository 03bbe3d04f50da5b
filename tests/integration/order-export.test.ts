// The ERP's order export (issue 31): who may read it, pages that neither skip nor repeat an order,
// the numbers an ERP books (lines, units, net prices, tax per rate) equal to what the buyer was
// charged, and the same order as openTRANS 2.1 XML.
import { sql } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Browser, prepareDataDir } from '../helpers/auth-harness.ts';
import { apiToken, callAdmin, signInDemoStaff } from '../helpers/admin-harness.ts';
import { CookieJar } from '../helpers/cart-harness.ts';
import { api, ok, orderHarness, orderRequest } from '../helpers/order-harness.ts';
import { prepareTaxMix, REDUCED_RATED, STANDARD_RATED, taxMixCart } from '../helpers/tax-mix.ts';
import { closeDatabase, getDb } from '#lib/server/db/index.ts';
import type { Db } from '#lib/server/db/client.ts';
import type { ExportedOrder } from '#lib/server/order-export/shape.ts';
import * as ordersRoute from '../../src/pages/api/admin/orders.ts';
import * as orderRoute from '../../src/pages/api/admin/orders/[id].ts';

const STANDARD = STANDARD_RATED;
const REDUCED = REDUCED_RATED;
const admin = new Browser();
let db: Db;
let reader: string;
let writer: string;
const placed: { id: string; number: string; gross: number }[] = [];

const token = (scopes: string[]): Promise<string> => apiToken(admin, scopes);

const list = (query: string, bearer?: string) =>
  callAdmin(ordersRoute.GET, { method: 'GET', path: `/api/admin/orders${query}`, ...(bearer ? { bearer } : {}) });
const one = (id: string, bearer: string, accept = 'application/json') =>
  callAdmin(orderRoute.GET, {
    method: 'GET',
    path: `/api/admin/orders/${id}`,
    params: { id },
    bearer,
    headers: { accept },
  });

beforeAll(async () => {
  await prepareDataDir();
  db = await getDb();
  await signInDemoStaff(admin);
  reader = await token(['orders:read']);
  writer = await token(['catalog:write']);
  await prepareTaxMix(db);
  const h = orderHarness(() => db);
  // Three orders: German with a coupon and two rates, Austrian business (tax-exempt), and one with a PO number.
  for (const [country, vatId, reference] of [
    ['DE', undefined, 'PO-4711'],
    ['AT', 'ATU13585627', undefined],
    ['DE', undefined, undefined],
  ] as const) {
    const jar = new CookieJar();
    const cart = await taxMixCart((domain, op, body) => api(h, jar, domain, op, body), country, vatId);
    const order = (
      await ok(
        api(h, jar, 'orders', 'create', orderRequest(cart, { orderReference: reference, comment: 'Bitte an Tor 3' })),
      )
    ).order!;
    placed.push({ id: order.id, number: order.transactionnum, gross: order.cartInfo.totals!.grandTotalIncTax });
  }
  // What changed in the last seconds is not exported yet (a transaction may still commit behind it).
  await db.execute(sql`UPDATE orders SET last_modified = last_modified - interval '1 minute'`);
});
afterAll(() => closeDatabase());

describe('who may read orders', () => {
  test('no token: 401; a token without orders:read: 403', async () => {
    expect((await list('')).status).toBe(401);
    const refused = await list('', writer);
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    expect((await one(placed[0]!.id, writer)).status).toBe(403);
  });

  test('bad parameters are refused with what is wrong', async () => {
    for (const query of ['?limit=0', '?limit=201', '?updatedAfter=yesterday', '?cursor=xyz', '?other=1']) {
      const r = await list(query, reader);
      expect([r.status, r.body.code], query).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await one('not-an-id', reader)).status).toBe(400);
    expect((await one('00000000-0000-4000-8000-000000000000', reader)).status).toBe(404);
  });
});

describe('pages', () => {
  test('page by page with the cursor, every order once, and an empty page keeps the cursor', async () => {
    const first = await list('?limit=2', reader);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.hasMore).toBe(true);
    const second = await list(`?limit=2&cursor=${first.body.cursor as string}`, reader);
    expect(second.body.hasMore).toBe(false);
    const seen = [...(first.body.orders as ExportedOrder[]), ...(second.body.orders as ExportedOrder[])];
    expect(seen.map((o) => o.number).sort()).toEqual(placed.map((p) => p.number).sort());
    const empty = await list(`?limit=2&cursor=${second.body.cursor as string}`, reader);
    expect([empty.body.orders, empty.body.cursor]).toEqual([[], second.body.cursor]);
    // A change to an order brings it back after the cursor, once.
    await db.execute(sql`UPDATE orders SET last_modified = now() - interval '10 seconds' WHERE id = ${placed[1]!.id}`);
    const again = await list(`?cursor=${second.body.cursor as string}`, reader);
    expect((again.body.orders as ExportedOrder[]).map((o) => o.id)).toEqual([placed[1]!.id]);
  });

  test('updatedAfter leaves out what changed before it', async () => {
    const r = await list(`?updatedAfter=${encodeURIComponent(new Date(Date.now() - 30_000).toISOString())}`, reader);
    expect((r.body.orders as ExportedOrder[]).map((o) => o.id)).toEqual([placed[1]!.id]);
    expect((await list('?updatedAfter=2099-01-01T00:00:00Z', reader)).body.orders).toEqual([]);
  });
});

describe('what an ERP books', () => {
  test('customer, PO number, addresses, lines with units and net prices, tax per rate: all add up to the charge', async () => {
    const r = await one(placed[0]!.id, reader);
    expect(r.status).toBe(200);
    const order = r.body.order as ExportedOrder;
    expect(order).toMatchObject({
      number: placed[0]!.number,
      poNumber: 'PO-4711',
      comment: 'Bitte an Tor 3',
      currency: 'EUR',
      paymentMethod: { code: 'invoice', name: 'Invoice' },
      shippingMethod: { code: 'standard' },
      taxNote: null,
      shippingAddress: { country: 'DE', city: 'Stuttgart' },
    });
    expect(order.customer.email).toMatch(/@example\.com$/);
    expect(order.lines).toEqual([
      expect.objectContaining({
        position: '1',
        sku: STANDARD,
        quantity: 1,
        unit: 'C62',
        unitNetPrice: 188.99,
        netAmount: 188.99,
        taxRatePercent: 19,
      }),
      expect.objectContaining({
        position: '2',
        sku: REDUCED,
        quantity: 3,
        unitNetPrice: 4.99,
        netAmount: 14.97,
        taxRatePercent: 7,
      }),
    ]);
    expect(order.taxes).toEqual([
      { ratePercent: 19, net: 175.6, tax: 33.36 },
      { ratePercent: 7, net: 13.91, tax: 0.97 },
    ]);
    expect(order.totals).toEqual({
      goodsNet: 203.96,
      discountNet: 20.4,
      couponCode: 'WELCOME10',
      shippingNet: 5.95,
      net: 189.51,
      tax: 34.33,
      gross: 223.84,
    });
    const cents = (n: number) => Math.round(n * 100);
    const lineSum = order.lines.reduce((s, l) => s + cents(l.netAmount), 0);
    expect(lineSum - cents(order.totals!.discountNet) + cents(order.totals!.shippingNet)).toBe(
      cents(order.totals!.net),
    );
    expect(cents(order.totals!.gross)).toBe(cents(placed[0]!.gross));
  });

  test('the Austrian business with a valid VAT id: exempt, with the note', async () => {
    const order = (await one(placed[1]!.id, reader)).body.order as ExportedOrder;
    expect(order.taxNote).toBe('REVERSE_CHARGE');
    expect(order.taxes).toEqual([{ ratePercent: 0, net: 189.51, tax: 0 }]);
    expect(order.lines.every((l) => l.taxRatePercent === 0)).toBe(true);
    expect(order.billingAddress).toMatchObject({ vatId: 'ATU13585627' });
  });

  test('as openTRANS 2.1 ORDER: well-formed, and the same order', async () => {
    const r = await callAdmin(orderRoute.GET, {
      method: 'GET',
      path: `/api/admin/orders/${placed[0]!.id}`,
      params: { id: placed[0]!.id },
      bearer: reader,
      headers: { accept: 'application/xml' },
    });
    expect(r.status).toBe(200);
    const xml = r.body as string;
    expect(r.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const texts = new Map<string, string[]>();
    const path: string[] = [];
    const parser = new SaxesParser({ xmlns: true });
    parser.on('opentag', (node) => path.push(node.local));
    parser.on('closetag', () => path.pop());
    parser.on('text', (text) => {
      if (!text.trim()) return;
      const key = path.at(-1)!;
      texts.set(key, [...(texts.get(key) ?? []), text]);
    });
    parser.write(xml).close();
    expect(xml).toContain('<ORDER xmlns="http://www.opentrans.org/XMLSchema/2.1"');
    expect(texts.get('ORDER_ID')).toEqual([placed[0]!.number, 'PO-4711']);
    expect(texts.get('SUPPLIER_PID')).toHaveLength(2);
    expect(texts.get('QUANTITY')).toEqual(['1', '3']);
    expect(texts.get('PRICE_AMOUNT')).toEqual(['188.99', '4.99']);
    expect(texts.get('PRICE_LINE_AMOUNT')).toEqual(['188.99', '14.97']);
    expect(texts.get('TAX')).toEqual(['0.1900', '0.0700', '0.1900', '0.0700']);
    expect(texts.get('TOTAL_AMOUNT')).toEqual(['189.51']);
    expect(texts.get('TAX_AMOUNT')).toEqual(['33.36', '0.97']);
    expect(texts.get('AOC_MONETARY_AMOUNT')).toEqual(['20.40', '5.95']);
    // The buyer's comment, then the terms version accepted with the order (order-terms.test.ts).
    expect(texts.get('REMARKS')).toEqual(['Bitte an Tor 3', expect.stringMatching(/^de@\d+$/)]);
  });
});
