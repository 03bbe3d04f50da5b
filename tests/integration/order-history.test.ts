// The account's order history (POST /api/orders/list, src/lib/server/orders/history.ts) on PGlite and
// PostgreSQL: a customer sees only their own orders, newest first, a page at a time with the total
// count; guests are refused.
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import type { OrderList } from '#lib/orders/contract.ts';
import { forEachDatabase } from '../helpers/databases.ts';
import { CookieJar, DEMO_FIXTURES, customerJar } from '../helpers/cart-harness.ts';
import { api, ok, orderRequest, orderSuite, readyCart } from '../helpers/order-harness.ts';

const C = DEMO_FIXTURES.customers;

forEachDatabase('order history', (ctx) => {
  const h = orderSuite(ctx);

  async function placeOrder(jar: CookieJar): Promise<string> {
    const order = (await ok(api(h, jar, 'orders', 'create', orderRequest(await readyCart(h, jar))))).order!;
    return order.transactionnum;
  }

  async function list(jar: CookieJar, body: unknown = {}): Promise<OrderList> {
    return (await ok(api(h, jar, 'orders', 'list', body))) as unknown as OrderList;
  }

  describe('orders.list', () => {
    test('a customer sees only their own orders, newest first, with the count; pages by limit and offset', async () => {
      const customer = await customerJar(ctx.db, C.normal.email);
      const other = await customerJar(ctx.db, C.acme.email);
      const guest = new CookieJar();
      const before = (await list(customer)).count;

      const mine = [await placeOrder(customer)];
      await placeOrder(other);
      mine.push(await placeOrder(customer));
      await placeOrder(guest);
      mine.push(await placeOrder(customer));

      const all = await list(customer, { limit: 50 });
      expect(all.count).toBe(before + 3);
      expect(all.orders.slice(0, 3).map((o) => o.transactionnum)).toEqual([...mine].reverse());
      const dates = all.orders.map((o) => o.createdDate);
      expect(dates).toEqual([...dates].sort().reverse());
      // The Order shape of the thank-you page, priced cart included, and nobody else's.
      expect(all.orders[0]).toMatchObject({ hasAccount: true, paymentMethodCode: 'invoice', email: C.normal.email });
      expect(all.orders[0]!.cartInfo.totals?.grandTotalIncTax).toBeGreaterThan(0);
      // A customer's orders go to the account's email, so any other address would be someone else's order.
      expect(all.orders.every((o) => o.email === C.normal.email && o.hasAccount)).toBe(true);

      const first = await list(customer, { limit: 2 });
      expect(first.count).toBe(all.count);
      expect(first.orders.map((o) => o.transactionnum)).toEqual(all.orders.slice(0, 2).map((o) => o.transactionnum));
      const second = await list(customer, { limit: 2, offset: 2 });
      expect(second.orders.map((o) => o.transactionnum)).toEqual(all.orders.slice(2, 4).map((o) => o.transactionnum));
      const beyond = await list(customer, { limit: 2, offset: all.count });
      expect(beyond).toEqual({ orders: [], count: all.count });

      // The default page size for order lists is 10.
      expect((await list(customer)).orders.length).toBe(Math.min(10, all.count));
      expect((await list(other)).orders.every((o) => !mine.includes(o.transactionnum))).toBe(true);
    });

    test('orders placed in the same instant still page without overlap or gaps', async () => {
      const customer = await customerJar(ctx.db, C.excludeTax.email);
      for (let i = 0; i < 3; i++) await placeOrder(customer);
      await ctx.db.execute(sql`UPDATE orders SET created_at = '2026-01-01T00:00:00Z'
        WHERE customer_id = (SELECT id FROM customers WHERE email = ${C.excludeTax.email})`);
      const all = (await list(customer)).orders.map((o) => o.id);
      const paged = [];
      for (let offset = 0; offset < all.length; offset++)
        paged.push(...(await list(customer, { limit: 1, offset })).orders.map((o) => o.id));
      expect(paged).toEqual(all);
      expect(new Set(paged).size).toBe(all.length);
    });

    test('guests get 401 UNAUTHENTICATED; bad paging is a 400', async () => {
      const guest = new CookieJar();
      await placeOrder(guest);
      const refused = await api(h, guest, 'orders', 'list', {});
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });

      const customer = await customerJar(ctx.db, C.normal.email);
      for (const body of [{ limit: 0 }, { limit: 51 }, { offset: -1 }, { limit: 1.5 }, { limit: '10' }, { page: 2 }]) {
        const answer = await api(h, customer, 'orders', 'list', body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.code).toBe('VALIDATION_FAILED');
      }
    });
  });
});
