// `npm start`'s preparation, in a process of its own that exits when done (scripts/start.ts starts it,
// then the server): the settings checked, the embedded database migrated and, when empty, seeded with
// the demo shop, the server built when its sources changed. What this work leaves in memory (about
// 350 MB: the database's and the demo shop's modules among it) goes with the process.
import { checkAuthConfiguration } from '../src/lib/server/auth/secret.ts';
import { describeMailDelivery } from '../src/lib/server/mail/transport.ts';
import { buildIfStale, loadEnv, log, openMigrated, seedIfEmpty } from './lib/prepare.ts';

const DEMO_PRODUCTS = 300;

const env = loadEnv();
// Fail now, not at the first sign-in, when sessions cannot be signed (e.g. PostgreSQL without AUTH_SECRET).
checkAuthConfiguration();
log(describeMailDelivery());
const database = await openMigrated(env);
await seedIfEmpty(database, DEMO_PRODUCTS);
await database.close();
await buildIfStale();
process.exit(0);
