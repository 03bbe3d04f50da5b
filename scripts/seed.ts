// Fills the database with the deterministic demo shop.
//   npm run seed                              300 products into DATA_DIR (PGlite) or DATABASE_URL
//   npm run seed -- --products 100000         a benchmark-sized catalogue
//   npm run seed -- --reset                   empty a non-empty database first
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/lib/server/db/client.ts';
import {
  DEFAULT_DEMO_PRODUCTS,
  isDatabaseEmpty,
  resetDemoData,
  seedDemoData,
  validateProductCount,
} from '../src/lib/server/demo/index.ts';
import { env, EnvError } from '../src/lib/server/env.ts';
import { publish } from '../src/lib/server/publish/events.ts';

const USAGE = `Usage: npm run seed -- [--products N] [--reset]
  --products N   product rows to create, variants included (default ${DEFAULT_DEMO_PRODUCTS})
  --reset        delete all shop data first (required when the database is not empty)
Database: DATABASE_URL (PostgreSQL) or the embedded PGlite under DATA_DIR (default .data).`;

function fail(message: string, code = 2): never {
  console.error(`seed: ${message}`);
  if (code === 2) console.error(USAGE);
  process.exit(code);
}

function parseCli(argv: string[]): { products: number; reset: boolean } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        products: { type: 'string' },
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    fail((error as Error).message);
  }
  if (parsed.values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const raw = parsed.values.products ?? String(DEFAULT_DEMO_PRODUCTS);
  if (!/^\d+$/.test(raw.replace(/_/g, ''))) fail(`--products needs a whole number, got '${raw}'`);
  const products = Number(raw.replace(/_/g, ''));
  const problem = validateProductCount(products);
  if (problem) fail(problem);
  return { products, reset: parsed.values.reset ?? false };
}

async function main(): Promise<void> {
  const args = parseCli(process.argv.slice(2));
  let config;
  try {
    config = env();
  } catch (error) {
    fail(error instanceof EnvError ? error.message : String(error), 1);
  }
  const started = performance.now();
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`;
  console.log(`seed: opening ${where}`);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    console.log(`seed: database ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (!(await isDatabaseEmpty(database.db))) {
      if (!args.reset) fail('the database already holds shop data; run again with --reset to replace it', 1);
      console.log('seed: --reset: deleting existing data');
      await resetDemoData(database.db);
    }
    const summary = await seedDemoData(database.db, {
      products: args.products,
      onProgress: (m) => console.log(`seed: ${m}`),
    });
    // Running instances (PostgreSQL) drop every cached page; the event also dates the data.
    await publish(database, { all: true }, { source: 'seed' });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `seed: done: ${summary.products} products, ${summary.categories} categories, ${summary.customers} customers, ` +
        `${summary.contentBlocks} content blocks; seeding took ${(summary.ms / 1000).toFixed(1)} s, ${seconds} s in total`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('seed: failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
