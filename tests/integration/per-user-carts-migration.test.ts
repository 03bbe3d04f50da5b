// Migration 0025 (carts and wishlists per user) on a database that already holds carts and wishlists, on
// both databases: a company's cart and wishlist go to its primary user (whose id is the customer's), so
// the customer signs in to the same cart and list as before; a colleague sees neither, and a guest cart
// stays a guest cart.
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import { rows } from '../helpers/raw-rows.ts';
import { migrateBefore } from '../helpers/migrations-before.ts';
import { findOwnedCart, readSnapshot, type CartOwner } from '#lib/server/cart/queries.ts';
import { listWishlist } from '#lib/server/wishlist/queries.ts';

const SKU = 'MIGRATION-0025';

forEachDatabase(
  'migration 0025: carts and wishlists go to the primary user',
  (ctx) => {
    let oldDir: string;
    const id = { company: '', colleague: '', cart: '', ordered: '', guest: '' };
    const owner = (userId: string): CartOwner => ({ customerId: id.company, userId, guestCartId: null });

    beforeAll(async () => {
      oldDir = await migrateBefore(ctx.database, 25);
      // Raw SQL: the schema module describes the database after 0025.
      const one = async (query: ReturnType<typeof sql>) => (await rows<{ id: string }>(ctx.db, query))[0]!.id;
      await ctx.db.execute(sql`INSERT INTO products (id, sku, itemnum) VALUES (902501, ${SKU}, ${SKU})`);
      id.company = await one(sql`INSERT INTO customers (email, customernum, first_name, last_name)
        VALUES ('carla@example.com', '25001', 'Carla', 'Cart') RETURNING id`);
      id.colleague = await one(sql`INSERT INTO customer_users (customer_id, email, name, role)
        VALUES (${id.company}, 'colin@example.com', 'Colin Cart', 'buyer') RETURNING id`);
      id.cart =
        await one(sql`INSERT INTO carts (customer_id, currency, coupon_code) VALUES (${id.company}, 'EUR', 'SAVE10')
        RETURNING id`);
      await ctx.db.execute(sql`INSERT INTO cart_items (cart_id, product_id, sku, quantity)
        VALUES (${id.cart}, 902501, ${SKU}, 7)`);
      await ctx.db.execute(sql`UPDATE customers SET active_cart_id = ${id.cart} WHERE id = ${id.company}`);
      id.ordered =
        await one(sql`INSERT INTO carts (customer_id, currency, status) VALUES (${id.company}, 'EUR', 'ordered')
        RETURNING id`);
      id.guest = await one(sql`INSERT INTO carts (currency) VALUES ('GBP') RETURNING id`);
      await ctx.db.execute(
        sql`INSERT INTO wishlist_items (customer_id, product_id, qty) VALUES (${id.company}, 902501, 3)`,
      );
      await ctx.database.migrate();
    });

    afterAll(() => rmSync(oldDir, { recursive: true, force: true }));

    test("the company's carts are its primary user's, the active one still active with its lines and coupon", async () => {
      const carts = await rows<{ id: string; userId: string | null; customerId: string | null }>(
        ctx.db,
        sql`SELECT id, user_id AS "userId", customer_id AS "customerId" FROM carts`,
      );
      expect(Object.fromEntries(carts.map((c) => [c.id, [c.customerId, c.userId]]))).toEqual({
        [id.cart]: [id.company, id.company],
        [id.ordered]: [id.company, id.company],
        [id.guest]: [null, null],
      });
      const found = await findOwnedCart(ctx.db, owner(id.company));
      expect(found).toEqual({ id: id.cart, currency: 'EUR', customerId: id.company });
      const snapshot = await readSnapshot(ctx.db, id.cart);
      expect(snapshot!.cart.couponCode).toBe('SAVE10');
      expect(snapshot!.lines.map((l) => [l.sku, l.quantity])).toEqual([[SKU, 7]]);
    });

    test('a colleague has neither the cart nor the wishlist; a guest cart stays a guest cart', async () => {
      expect(await findOwnedCart(ctx.db, owner(id.colleague))).toBeNull();
      expect((await listWishlist(ctx.db, id.colleague, 'de')).items).toEqual([]);
      const guest = await findOwnedCart(ctx.db, { customerId: null, userId: null, guestCartId: id.guest });
      expect(guest).toEqual({ id: id.guest, currency: 'GBP', customerId: null });
    });

    test("the wishlist is the primary user's, quantity kept", async () => {
      const list = await listWishlist(ctx.db, id.company, 'de');
      expect(list.items.map((i) => [i.product.sku, i.qty])).toEqual([[SKU, 3]]);
    });

    test('the pointer moved: the company row no longer has one', async () => {
      const columns = await rows<{ table: string }>(
        ctx.db,
        sql`SELECT table_name AS "table" FROM information_schema.columns WHERE column_name = 'active_cart_id'`,
      );
      expect(columns.map((c) => c.table)).toEqual(['customer_users']);
    });
  },
  { migrate: false },
);
