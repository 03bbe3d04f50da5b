// The database half of a first start, run as a child process by bench/embedded-databases.ts with the
// environment (and, for PGlite as shipped, the preload) of the shop it prepares: migrations and the
// demo seed as `npm start` runs them, then stock raised for the orders the bench places. Prints the
// database's fsync setting, so the bench can check it measured the variant it meant to.
import { sql } from 'drizzle-orm';
import { loadEnv, openMigrated, seedIfEmpty } from '../../scripts/lib/prepare.ts';
import { raiseStock } from '../../tests/durability/checks.ts';
import { rows } from '../../tests/helpers/raw-rows.ts';

const database = await openMigrated(loadEnv());
try {
  await seedIfEmpty(database, Number(process.env.BENCH_PRODUCTS ?? 300));
  await raiseStock(database.db);
  const [setting] = await rows<{ fsync: string }>(database.db, sql`SHOW fsync`);
  console.log(`fsync=${setting?.fsync}`);
} finally {
  await database.close();
}
