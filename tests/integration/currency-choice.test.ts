// The shopper's currency choice (POST /api/auth/currency): the readable cookie for a year, the guest's
// or customer's current cart moved along (and then priced in the new currency), the customer's stored
// currency, and a currency the shop does not offer refused with nothing changed.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Browser, prepareDataDir, type ApiResult } from '../helpers/auth-harness.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { contentBlocks, customers } from '#lib/server/db/schema.ts';
import { closeDatabase, getDb } from '#lib/server/db/index.ts';
import * as currencyRoute from '../../src/pages/api/auth/currency.ts';
import * as loginRoute from '../../src/pages/api/auth/login.ts';
import * as addRoute from '../../src/pages/api/cart/add.ts';
import * as getRoute from '../../src/pages/api/cart/get.ts';

const { products: P, customers: C, password: PASSWORD } = DEMO_FIXTURES;

beforeAll(async () => {
  await prepareDataDir();
});

afterAll(async () => {
  await closeDatabase();
});

const choose = (b: Browser, body: unknown) => b.call(currencyRoute.POST, '/api/auth/currency', { body });
const cartOf = async (b: Browser) => (await b.call(getRoute.POST, '/api/cart/get', { body: {} })).body.cart;
const cookieOf = (r: ApiResult, name: string) => r.setCookies.find((c) => c.name === name);

describe('POST /api/auth/currency', () => {
  test('a guest gets the readable cookie for a year and the guest cart moves to GBP', async () => {
    const b = new Browser();
    const added = (await b.call(addRoute.POST, '/api/cart/add', { body: { sku: P.available, quantity: 2 } })).body.cart;
    expect(added).toMatchObject({ currency: 'EUR' });
    expect(added.cartItems[0].priceInfo.currency).toBe('EUR');

    const r = await choose(b, { currency: 'GBP' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ currency: 'GBP', user: null });
    const cookie = cookieOf(r, 'vsf-currency')!;
    expect(cookie.value).toBe('GBP');
    expect(cookie.attributes).toMatchObject({ path: '/', samesite: 'Lax', 'max-age': String(365 * 24 * 3600) });
    expect(cookie.attributes.httponly).toBeUndefined();

    const moved = await cartOf(b);
    expect(moved).toMatchObject({ id: added.id, currency: 'GBP', items_qty: 2 });
    // Open tabs holding the old version refetch instead of showing euro prices.
    expect(moved.version).toBeGreaterThan(added.version);
    expect(moved.cartItems[0].priceInfo.currency).toBe('GBP');
    expect(moved.totals.subtotal_excl_tax).not.toBe(added.totals.subtotal_excl_tax);
  });

  test("a signed-in customer's currency is stored and their active cart follows", async () => {
    const b = new Browser('10.40.0.1');
    expect(
      (await b.call(loginRoute.POST, '/api/auth/login', { body: { username: C.normal.email, password: PASSWORD } }))
        .status,
    ).toBe(200);
    await b.call(addRoute.POST, '/api/cart/add', { body: { sku: P.available, quantity: 1 } });
    try {
      const r = await choose(b, { currency: 'USD' });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ currency: 'USD', user: { email: C.normal.email, currency: 'USD' } });
      const [row] = await (
        await getDb()
      )
        .select({ currency: customers.currency })
        .from(customers)
        .where(eq(customers.email, C.normal.email));
      expect(row!.currency).toBe('USD');
      expect(await cartOf(b)).toMatchObject({ currency: 'USD' });
    } finally {
      await choose(b, { currency: 'EUR' });
    }
  });

  test('an unknown currency and one the shop does not offer are a 400 with nothing changed', async () => {
    const b = new Browser();
    const added = (await b.call(addRoute.POST, '/api/cart/add', { body: { sku: P.available, quantity: 1 } })).body.cart;
    const unknown = await choose(b, { currency: 'CHF' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    expect((await choose(b, { currency: 'GBP', extra: 1 })).body.code).toBe('VALIDATION_FAILED');

    const d = await getDb();
    const where = and(eq(contentBlocks.type, 'setting'), eq(contentBlocks.identifier, 'branding'));
    const [branding] = await d.select().from(contentBlocks).where(where);
    const config = branding!.config as Record<string, unknown>;
    await d
      .update(contentBlocks)
      .set({ config: { ...config, currencies: ['EUR', 'USD'] } })
      .where(where);
    try {
      const refused = await choose(b, { currency: 'GBP' });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'CURRENCY_NOT_OFFERED', status: 400 });
      expect(cookieOf(refused, 'vsf-currency')).toBeUndefined();
      expect(cookieOf(unknown, 'vsf-currency')).toBeUndefined();
      expect(await cartOf(b)).toMatchObject({ id: added.id, currency: 'EUR', version: added.version });
    } finally {
      await d.update(contentBlocks).set({ config }).where(where);
    }
  });
});
