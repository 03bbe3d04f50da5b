// `npm start`: one command from a fresh clone to a running shop on the embedded database.
import { resolve } from 'node:path';
import { checkAuthConfiguration } from '../src/lib/server/auth/secret.ts';
import { describeMailDelivery } from '../src/lib/server/mail/transport.ts';
import { answering, serveInChildProcess } from './lib/server-process.ts';
import { buildIfStale, loadEnv, log, openMigrated, root, seedIfEmpty, warmUp } from './lib/prepare.ts';

// React and other libraries pick their production builds from this at run time (the dev builds are
// several times slower to render).
process.env.NODE_ENV ??= 'production';

const env = loadEnv();
process.env.DATA_DIR = resolve(root, env.DATA_DIR);
// Fail now, not at the first sign-in, when sessions cannot be signed (e.g. PostgreSQL without AUTH_SECRET).
checkAuthConfiguration();
log(describeMailDelivery());
const database = await openMigrated(env);
await seedIfEmpty(database, 300);
await database.close();
await buildIfStale();

process.env.DATA_DIR = resolve(root, env.DATA_DIR);
process.env.HOST ??= env.HOST;
process.env.PORT ??= String(env.PORT);
// The server runs as the deployment runs it, in a process started with its settings (./lib/server-process.ts).
serveInChildProcess(resolve(root, 'dist'));
const origin = `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${env.PORT}`;
await answering(origin);
log(`shop running at http://${env.HOST}:${env.PORT}`);
// The shop already answers; rendering the home pages now spares the first visitors of each language the wait.
void warmUp(origin);
