// The login merge is one SQL statement (INSERT … ON CONFLICT), so it runs where the rows are; the line
// rule it must follow is mergeLines in tests/helpers/cart-line-rule.ts. This property test proves the two
// agree for any pair of carts: same sku and same accessory set is one line, quantities summed and capped.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, expect, test } from 'vitest';
import { mergeGuestCartIntoAccount } from '#lib/server/cart/merge.ts';
import { accessoriesKey } from '#lib/cart/rules.ts';
import { mergeLines, type MergeableLine } from '#tests/helpers/cart-line-rule.ts';
import { forEachDatabase } from '#tests/helpers/databases.ts';
import {
  CookieJar,
  DEMO_FIXTURES,
  call,
  customerId,
  customerJar,
  harness,
  seedFixtures,
  type Harness,
} from '#tests/helpers/cart-harness.ts';

const P = DEMO_FIXTURES.products;
const CUSTOMER = 'max.mustermann@example.com';

/** Line identities the demo allows: the screwdriver with any set of its accessories, and plain products. */
const identities: MergeableLine[] = [
  ...[[], ...P.accessories.map((a) => [a]), [...P.accessories]].map((accessories) => ({
    sku: P.available,
    accessories,
    quantity: 0,
  })),
  { sku: P.limited, accessories: [], quantity: 0 },
  { sku: P.onlyExternal, accessories: [], quantity: 0 },
];

/** A cart: distinct line identities, each with a quantity a shopper may order. */
const cartLines = fc
  .uniqueArray(fc.nat({ max: identities.length - 1 }), { maxLength: identities.length })
  .chain((picked) =>
    fc.tuple(
      ...picked.map((i) => fc.integer({ min: 1, max: 9999 }).map((quantity) => ({ ...identities[i]!, quantity }))),
    ),
  );

const summary = (lines: readonly MergeableLine[]) =>
  lines.map((l) => `${l.sku}[${accessoriesKey(l.accessories)}]x${l.quantity}`).sort();

forEachDatabase('login merge', (ctx) => {
  let h: Harness;
  let customer: string;

  beforeAll(async () => {
    await seedFixtures(ctx.db);
    h = harness(() => ctx.db);
    customer = await customerId(ctx.db, CUSTOMER);
  });

  /**
   * Puts the lines into the browser's cart. A cart the shop refuses to build (its goods above the cart value
   * limit, CART_VALUE_LIMIT) is no cart a shopper can bring to a login, so that generated case is skipped.
   */
  async function fill(jar: CookieJar, lines: readonly MergeableLine[]): Promise<void> {
    for (const line of lines) {
      const added = await call(h, jar, 'add', {
        sku: line.sku,
        quantity: line.quantity,
        accessories: [...line.accessories],
      });
      fc.pre(added.body?.code !== 'CART_VALUE_LIMIT');
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
  }

  test('the SQL merge gives the lines mergeLines gives, for any guest and customer cart', async () => {
    await fc.assert(
      fc.asyncProperty(cartLines, cartLines, async (own, guest) => {
        await ctx.db.execute(sql`UPDATE customer_users SET active_cart_id = NULL WHERE id = ${customer}`);
        await ctx.db.execute(
          sql`UPDATE carts SET status = 'merged' WHERE customer_id = ${customer} AND status = 'active'`,
        );
        const customerBrowser = await customerJar(ctx.db, CUSTOMER);
        const guestBrowser = new CookieJar();
        await fill(customerBrowser, own);
        await fill(guestBrowser, guest);
        const guestCart = (await call(h, guestBrowser, 'get', {})).body.cart;

        const result = await mergeGuestCartIntoAccount(ctx.db, guestCart?.id ?? '', {
          customerId: customer,
          userId: customer,
        });

        const stored = (
          (await ctx.db.execute(sql`
        SELECT sku, accessory_skus AS "accessories", quantity FROM cart_items WHERE cart_id = ${result.cartId}`)) as unknown as {
            rows: MergeableLine[];
          }
        ).rows;
        expect(summary(stored)).toEqual(summary(mergeLines([...own, ...guest])));
      }),
      { numRuns: ctx.kind === 'pglite' ? 40 : 15 },
    );
  });
});
