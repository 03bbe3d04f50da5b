// `npm run build`: migrate, seed an empty database, and build the site (always).
import { buildIfStale, loadEnv, openMigrated, readDataVersion, seedIfEmpty } from './lib/prepare.ts';

const env = loadEnv();
const database = await openMigrated(env);
await seedIfEmpty(database, 300);
const dataVersion = await readDataVersion(database.db);
await database.close();
await buildIfStale(env, dataVersion, 'dist', true);
