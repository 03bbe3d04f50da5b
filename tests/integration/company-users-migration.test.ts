// Migration 0023 (company users) on a database that already holds customers, on both databases: every
// customer becomes a one-user company whose primary user is an admin with the customer's id, e-mail and
// password, so the same e-mail, customer number and password sign in, and sessions issued before the
// migration (refresh tokens, password links, the user token's subject) still name a user that exists.
import { rmSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import { rows } from '../helpers/raw-rows.ts';
import { migrateBefore } from '../helpers/migrations-before.ts';
import { customerUsers, customers } from '#lib/server/db/schema.ts';
import { hashPassword } from '#lib/server/auth/passwords.ts';
import { authenticate } from '#lib/server/auth/login.ts';

const PASSWORD = 'Before-0023-Passw0rd';

forEachDatabase(
  'migration 0023: customers become one-user companies',
  (ctx) => {
    let oldDir: string;
    const ids: Record<'anna' | 'bert', string> = { anna: '', bert: '' };

    beforeAll(async () => {
      oldDir = await migrateBefore(ctx.database, 23);
      const hash = await hashPassword(PASSWORD);
      // Raw SQL: the schema module describes the database after 0023.
      for (const [key, num, email, passwordHash] of [
        ['anna', '20001', 'Anna.Alt@Example.com', hash],
        ['bert', '20002', 'bert@example.com', null],
      ] as const) {
        const [row] = await rows<{ id: string }>(
          ctx.db,
          sql`INSERT INTO customers (email, customernum, password_hash, first_name, last_name)
              VALUES (${email}, ${num}, ${passwordHash}, ${key === 'anna' ? 'Anna' : 'Bert'}, 'Alt') RETURNING id`,
        );
        ids[key] = row!.id;
      }
      await ctx.db.execute(sql`INSERT INTO refresh_tokens (customer_id, family_id, token_hash, expires_at)
        VALUES (${ids.anna}, gen_random_uuid(), 'hash-before-0023', now() + interval '1 day')`);
      await ctx.db.execute(sql`INSERT INTO password_tokens (customer_id, token_hash, purpose, expires_at)
        VALUES (${ids.bert}, 'link-before-0023', 'create', now() + interval '1 day')`);
      await ctx.database.migrate();
    });

    afterAll(() => rmSync(oldDir, { recursive: true, force: true }));

    test('every customer has one primary user: an active admin with its id, e-mail and password hash', async () => {
      const users = await ctx.db.select().from(customerUsers).orderBy(customerUsers.email);
      expect(users).toHaveLength(2);
      expect(users[0]).toMatchObject({
        id: ids.anna,
        customerId: ids.anna,
        email: 'Anna.Alt@Example.com',
        name: 'Anna Alt',
        role: 'admin',
        status: 'active',
      });
      expect(users[0]!.passwordHash).toMatch(/^\$argon2id\$/);
      // A customer who never set a password (an imported one waiting for its link) has none still.
      expect(users[1]).toMatchObject({ id: ids.bert, customerId: ids.bert, passwordHash: null, role: 'admin' });
      // The hash lives on the user only; the customer keeps its e-mail as the company's contact address.
      const company = await ctx.db.select().from(customers).orderBy(customers.customernum);
      expect(company.map((c) => [c.email, c.passwordHash])).toEqual([
        ['Anna.Alt@Example.com', null],
        ['bert@example.com', null],
      ]);
    });

    test('the e-mail (any case) and the customer number still sign in with the old password', async () => {
      for (const username of ['anna.alt@example.com', '20001']) {
        const account = await authenticate(ctx.db, { username, password: PASSWORD }, '192.0.2.7');
        expect(account.user.id).toBe(ids.anna);
        expect(account.customer.id).toBe(ids.anna);
      }
    });

    test("sessions and password links issued before it belong to the customer's primary user", async () => {
      const [session] = await rows<{ userId: string }>(
        ctx.db,
        sql`SELECT user_id AS "userId" FROM refresh_tokens WHERE token_hash = 'hash-before-0023'`,
      );
      expect(session!.userId).toBe(ids.anna);
      const [link] = await rows<{ userId: string }>(
        ctx.db,
        sql`SELECT user_id AS "userId" FROM password_tokens WHERE token_hash = 'link-before-0023'`,
      );
      expect(link!.userId).toBe(ids.bert);
    });

    test("a customer created afterwards gets its primary user, and its e-mail change is that user's", async () => {
      const hash = await hashPassword(PASSWORD);
      const [created] = await ctx.db
        .insert(customers)
        .values({
          email: 'new@example.com',
          customernum: '20003',
          passwordHash: hash,
          firstName: 'Nina',
          lastName: 'Neu',
        })
        .returning();
      const [user] = await ctx.db.select().from(customerUsers).where(eq(customerUsers.id, created!.id));
      expect(user).toMatchObject({
        customerId: created!.id,
        email: 'new@example.com',
        role: 'admin',
        passwordHash: hash,
      });
      const [stored] = await ctx.db.select().from(customers).where(eq(customers.id, created!.id));
      expect(stored!.passwordHash).toBeNull();
      await ctx.db.update(customers).set({ email: 'nina@example.com' }).where(eq(customers.id, created!.id));
      const account = await authenticate(ctx.db, { username: 'nina@example.com', password: PASSWORD }, '192.0.2.8');
      expect(account.user.id).toBe(created!.id);
    });
  },
  { migrate: false },
);
