// rows(db, schema, sql) against both databases: the row schema accepts what PGlite and node-postgres
// each hand over for the same column (int8 as a number or a string, timestamps as text, json
// parsed), and a column the SQL renames or retypes fails with its name instead of reaching the shop
// as undefined. tests/unit/db-sql.test.ts holds the parsing itself and the rule over the source tree.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import { expect, test } from 'vitest';
import { int8, json, rows, RowShapeError, timestamp } from '#lib/server/db/index.ts';
import { savedAddressSchema } from '#lib/checkout/address.ts';
import { forEachDatabase } from '../helpers/databases.ts';

const Counted = z.object({
  n: int8,
  total: int8,
  price: z.string(),
  at: timestamp,
  lines: json(z.array(z.object({ sku: z.string(), quantity: z.number() }))),
});

forEachDatabase(
  'rows',
  (ctx) => {
    test('reads int8, numeric, timestamps and json the same from either driver', async () => {
      const [row] = await rows(
        ctx.db,
        Counted,
        sql`
      select count(*) as n, sum(x::int8) as total, 12.50::numeric as price, timestamptz '2026-11-27 16:10:23.5+00' as at,
        json_agg(json_build_object('sku', 'A-' || x, 'quantity', x)) as lines
      from generate_series(1, 3) as x`,
      );
      expect(row).toEqual({
        n: 3,
        total: 6,
        price: '12.50',
        at: new Date('2026-11-27T16:10:23.500Z'),
        lines: [
          { sku: 'A-1', quantity: 1 },
          { sku: 'A-2', quantity: 2 },
          { sku: 'A-3', quantity: 3 },
        ],
      });
    });

    test('a column renamed in the SQL fails with the name the schema expects', async () => {
      const read = rows(
        ctx.db,
        Counted,
        sql`
      select count(*) as count, 0 as total, '1'::numeric as price, now() as at, '[]'::json as lines from generate_series(1, 3)`,
      );
      await expect(read).rejects.toBeInstanceOf(RowShapeError);
      await expect(read).rejects.toThrow(/column "n"/);
    });

    test('a column retyped in the SQL fails with its name', async () => {
      await expect(
        rows(
          ctx.db,
          Counted,
          sql`
      select 1 as n, 0 as total, 1.5::float8 as price, now() as at, '[]'::json as lines`,
        ),
      ).rejects.toThrow(/column "price": .*string/);
    });

    test("a domain's row schema names the column its query no longer selects", async () => {
      const Name = savedAddressSchema.pick({ id: true, firstName: true, lastName: true });
      await expect(
        rows(
          ctx.db,
          Name,
          sql`
      select gen_random_uuid()::text as id, 'Ada' as "firstName", 'Lovelace' as surname`,
        ),
      ).rejects.toThrow(/column "lastName"/);
    });
  },
  { migrate: false },
);
