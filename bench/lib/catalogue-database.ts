// The database a catalogue bench measures: the one in DATA_DIR (or DATABASE_URL), migrated, and
// seeded with BENCH_PRODUCTS demo products (100,000 by default) when it is empty, so a second run
// reuses the first one's catalogue.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import { database } from '../../src/lib/server/db/index.ts';
import type { Database, Db } from '../../src/lib/server/db/client.ts';
import { rows } from '../../src/lib/server/db/sql.ts';
import { isDatabaseEmpty, seedDemoData } from '../../src/lib/server/demo/index.ts';

export async function seededCatalogue(): Promise<Database> {
  const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
  const db = await database();
  await db.migrate();
  if (await isDatabaseEmpty(db.db)) {
    console.log(`seeding ${products} products...`);
    await seedDemoData(db.db, { products, onProgress: (m) => console.log(m) });
  }
  return db;
}

/** The skus of a listing page (24 parent products, newest first): what a price call for one asks about. */
export async function listingPageSkus(db: Db): Promise<string[]> {
  const found = await rows(
    db,
    z.object({ sku: z.string() }),
    sql`select sku from products where is_active and parent_id is null order by id desc limit 24`,
  );
  return found.map((r) => r.sku);
}
