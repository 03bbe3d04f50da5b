// Reorder through the real order and cart handlers: a customer's past order goes back into the cart line
// by line through the cart's own add, at today's prices (never the order's), with each line the cart
// refuses reported with its reason; only the signed-in owner may reorder (someone else's order is the
// same 404 as no order, a guest is 401).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import { CookieJar, DEMO_FIXTURES, customerJar } from '../helpers/cart-harness.ts';
import { api, ok, orderRequest, orderSuite, readyCart } from '../helpers/order-harness.ts';
import type { ReorderResult } from '#lib/orders/contract.ts';

const P = DEMO_FIXTURES.products;
const C = DEMO_FIXTURES.customers;

forEachDatabase('reorder', (ctx) => {
  const h = orderSuite(ctx);

  const reorder = async (jar: CookieJar, id: string) =>
    (await ok(api(h, jar, 'orders', 'reorder', { id }))) as unknown as ReorderResult;

  /** An invoice order of `lines` placed by the customer signed in with `jar`. */
  async function placeOrder(jar: CookieJar, lines: { sku: string; quantity: number }[]): Promise<string> {
    for (const line of lines.slice(1)) await ok(api(h, jar, 'cart', 'add', line));
    const cart = await readyCart(h, jar, { sku: lines[0]!.sku, quantity: lines[0]!.quantity });
    const created = await ok(api(h, jar, 'orders', 'create', orderRequest(cart)));
    return created.order!.id;
  }

  test("every line back at today's price; a line no longer sold is reported with the cart's reason", async () => {
    const jar = await customerJar(ctx.db, C.normal.email);
    const orderId = await placeOrder(jar, [
      { sku: P.available, quantity: 2 },
      { sku: P.markedInStock, quantity: 1 },
    ]);
    await ctx.db.execute(sql`UPDATE prices SET regular_cents = regular_cents + 1000
      WHERE currency = 'EUR' AND product_id = (SELECT id FROM products WHERE sku = ${P.available})`);
    await ctx.db.execute(sql`UPDATE products SET is_active = false WHERE sku = ${P.markedInStock}`);
    try {
      const result = await reorder(jar, orderId);
      expect(result.added).toEqual([{ sku: P.available, quantity: 2 }]);
      expect(result.refused).toEqual([
        {
          sku: P.markedInStock,
          name: expect.any(String),
          code: expect.stringMatching(/^PRODUCT_NOT_(FOUND|PURCHASABLE)$/),
        },
      ]);
      const line = result.cart?.cartItems.find((i) => i.sku === P.available);
      expect(line?.quantity).toBe(2);
      // Today's price (10 € more than when ordered), as the cart prices it.
      expect(line?.priceInfo?.regular).toBe((DEMO_FIXTURES.prices.available.EUR + 1000) / 100);
      // Reordering again adds to the same cart.
      const again = await reorder(jar, orderId);
      expect(again.cart?.id).toBe(result.cart?.id);
      expect(again.cart?.cartItems.find((i) => i.sku === P.available)?.quantity).toBe(4);
    } finally {
      await ctx.db.execute(sql`UPDATE products SET is_active = true WHERE sku = ${P.markedInStock}`);
      await ctx.db.execute(sql`UPDATE prices SET regular_cents = regular_cents - 1000
        WHERE currency = 'EUR' AND product_id = (SELECT id FROM products WHERE sku = ${P.available})`);
    }
  });

  test('only the signed-in owner: another customer gets 404 like a made-up id, a guest 401; nothing is added', async () => {
    const owner = await customerJar(ctx.db, C.normal.email);
    const orderId = await placeOrder(owner, [{ sku: P.available, quantity: 1 }]);
    const other = await customerJar(ctx.db, C.acme.email);
    const refused = await api(h, other, 'orders', 'reorder', { id: orderId });
    const unknown = await api(h, other, 'orders', 'reorder', { id: randomUUID() });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual(unknown.body);
    expect((await ok(api(h, other, 'cart', 'get', {}))).cart?.cartItems ?? []).toEqual([]);
    expect((await api(h, new CookieJar(), 'orders', 'reorder', { id: orderId })).status).toBe(401);
    expect((await api(h, owner, 'orders', 'reorder', { id: 'not-a-uuid' })).status).toBe(400);
  });
});
