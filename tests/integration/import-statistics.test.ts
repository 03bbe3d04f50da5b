// A large import leaves the planner knowing the catalogue's size: PGlite runs no autovacuum, and a
// planner that takes 1,000 fresh products for an empty table misjudges every join of a listing.
// reltuples is -1 for a table never analysed; ANALYZE sets it to the rows it counted.
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import type { Db } from '#lib/server/db/client.ts';
import { runImport } from '#lib/server/import/index.ts';
import { rows } from '../helpers/raw-rows.ts';

const jsonLines = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      kind: 'product',
      sku: `${prefix}-${i}`,
      texts: { de: { name: `Statistikartikel ${i}` } },
      prices: [{ currency: 'EUR', cents: 100 + i }],
      stock: i % 7,
    }),
  ).join('\n');

const importLines = (db: Db, name: string, count: number) =>
  runImport(
    db,
    [
      {
        name,
        open: async function* () {
          yield new TextEncoder().encode(jsonLines(name, count));
        },
      },
    ],
    {
      actor: { kind: 'cli' },
    },
  );

const estimatedRows = async (db: Db, table: string) => {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select reltuples::float8 as n from pg_class where relname = ${table}`,
  );
  return Number(row!.n);
};

forEachDatabase('planner statistics after an import', (ctx) => {
  test('a small import leaves them alone; one of 1,000 products or more reads them again', async () => {
    await importLines(ctx.db, 'small.jsonl', 20);
    expect(await estimatedRows(ctx.db, 'products')).toBeLessThan(20);

    const result = await importLines(ctx.db, 'large.jsonl', 1_000);
    expect(result.status).toBe('done');
    expect(await estimatedRows(ctx.db, 'products')).toBeGreaterThanOrEqual(1_000);
    expect(await estimatedRows(ctx.db, 'prices')).toBeGreaterThanOrEqual(1_000);
  }, 120_000);
});
