// The production start (the container image's command, the systemd unit's ExecStart): validate the
// settings, migrate the database, serve the build. Unlike `npm start` it never builds (a release or an
// image carries its build: `npm run build` first) and never puts the demo shop into a database unless
// asked, so a shop's own database cannot receive demo data by accident.
//
//   node scripts/start-production.ts [--out dist] [--seed-demo] [--migrate-only]
//
// --seed-demo: seed the demo shop (300 products) when the database is empty (a trial). Let one
// process do it, e.g. a one-off `--migrate-only --seed-demo` before the instances start: two
// instances seeding the same empty PostgreSQL at once would both find it empty.
// --migrate-only: migrate (and seed when asked), then exit: a deploy step before the instances start.
// Migrations are guarded by an advisory lock on PostgreSQL, so instances may also migrate as they start.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkAuthConfiguration } from '../src/lib/server/auth/secret.ts';
import { describeMailDelivery } from '../src/lib/server/mail/transport.ts';
import { serveShop } from './lib/serve-shop.ts';
import { loadEnv, log, openMigrated, root, seedIfEmpty } from './lib/prepare.ts';
import { warmUp } from './lib/warm-up.ts';

const DEMO_PRODUCTS = 300;

// React and other libraries pick their production builds from this at run time.
process.env.NODE_ENV ??= 'production';

const { values: options } = parseArgs({
  options: {
    out: { type: 'string', default: 'dist' },
    'seed-demo': { type: 'boolean', default: false },
    'migrate-only': { type: 'boolean', default: false },
  },
});

const env = loadEnv();
process.env.DATA_DIR = resolve(root, env.DATA_DIR);
// Fail now, not at the first sign-in, when sessions cannot be signed (e.g. PostgreSQL without AUTH_SECRET).
checkAuthConfiguration();
const entry = resolve(root, options.out, 'server/entry.mjs');
// Before touching the database: a missing build is a packaging mistake, not something to migrate for.
if (!options['migrate-only'] && !existsSync(entry)) {
  console.error(`No build at ${entry}: run \`npm run build\` (or pass --out <folder of the build>).`);
  process.exit(1);
}

const database = await openMigrated(env);
if (options['seed-demo']) await seedIfEmpty(database, DEMO_PRODUCTS);
await database.close();
if (options['migrate-only']) {
  log('migrated; not serving (--migrate-only)');
  process.exit(0);
}

log(describeMailDelivery());
process.env.HOST ??= env.HOST;
process.env.PORT ??= String(env.PORT);
await serveShop(entry);
// The home pages and the in-memory indexes before the first visitors ask (in the background).
void warmUp(`http://${['0.0.0.0', '::'].includes(env.HOST) ? '127.0.0.1' : env.HOST}:${env.PORT}`);
