// `npm start`: one command from a fresh clone to a running shop on the embedded database. This process
// launches two in turn: the preparation (scripts/prepare-start.ts: settings, migrations, the demo shop
// into an empty database, the build), which exits, then the server, started as the deployment starts
// it (./lib/server-process.ts), beside which it stays. It loads neither's modules, so it holds about
// 85 MB, where the preparation's work leaves about 350 MB behind in its process.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { serveInChildProcess } from './lib/server-process.ts';
import { loadEnv, root } from './lib/settings.ts';

// React and other libraries pick their production builds from this at run time (the dev builds are
// several times slower to render).
process.env.NODE_ENV ??= 'production';

// Both processes get the settings resolved here: the data folder from the repository's root.
const env = loadEnv();
process.env.DATA_DIR = resolve(root, env.DATA_DIR);
process.env.HOST ??= env.HOST;
process.env.PORT ??= String(env.PORT);

const prepared = await new Promise<number>((done) =>
  spawn(process.execPath, [resolve(root, 'scripts/prepare-start.ts')], { stdio: 'inherit' }).once('exit', (code) =>
    done(code ?? 1),
  ),
);
if (prepared !== 0) process.exit(prepared);
// The server renders the home pages and builds its indexes once it listens (--warm-up): that spares the
// first visitors of each language the wait.
serveInChildProcess(resolve(root, 'dist'), ['--warm-up']);
