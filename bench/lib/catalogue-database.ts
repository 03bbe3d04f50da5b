// The database a catalogue bench measures: the one in DATA_DIR (or DATABASE_URL), migrated, and
// seeded with BENCH_PRODUCTS demo products (100,000 by default) when it is empty, so a second run
// reuses the first one's catalogue.
import { database } from '../../src/lib/server/db/index.ts';
import type { Database } from '../../src/lib/server/db/client.ts';
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
