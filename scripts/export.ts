// `npm run export`: the whole shop (every locale, every page, the sitemaps, the assets) as files in a
// folder for a static host or object storage. With --watch it stays up and re-renders the pages each
// publish event touches, so the folder follows the data without another full export.
//
// The built server runs in this process (PGlite allows one process per database) and is crawled over
// real HTTP, so the files are exactly what the shop serves. See scripts/lib/static-export.ts.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { publishBus } from '#lib/server/publish/bus.ts';
import { assertReplaceable, createStaticExport, watchPublishEvents, type Watcher } from './lib/static-export.ts';
import { freePort } from './lib/free-port.ts';
import { startShopServer } from './lib/serve-shop.ts';

const USAGE = `Usage: npm run export -- [--out DIR] [--watch] [--concurrency N] [--port N]
  --out DIR          the folder to fill (default export/); it is replaced as a whole at the end
  --watch            stay up: re-render what each publish event touches (webhook and API keep being served)
  --concurrency N    pages rendered at once (default 8)
  --port N           the port of the shop this process runs (default: a free one)
Environment: DATA_DIR or DATABASE_URL, WEBHOOK_SECRET (for --watch), SITE_URL (the address the pages name),
EXPORT_BUILD_DIR (the server build to use, default dist), PAGE_CACHE_MB (default 16 here).`;

const say = (line: string) => console.log(`[export] ${line}`);

function fail(message: string, code = 2): never {
  console.error(`[export] ${message}`);
  if (code === 2) console.error(USAGE);
  process.exit(code);
}

function parseCli(argv: string[]) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        out: { type: 'string', default: 'export' },
        watch: { type: 'boolean', default: false },
        concurrency: { type: 'string', default: '8' },
        port: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
    fail(`--concurrency needs a whole number from 1 to 64, got '${values.concurrency}'`);
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535))
    fail(`--port needs a port number, got '${values.port}'`);
  return { out: resolve(values.out), watch: values.watch, concurrency, port };
}

const args = parseCli(process.argv.slice(2));
// Fail before minutes of work when the folder cannot be made (a file in the path) or is not ours to replace.
await assertReplaceable(args.out).catch((error: Error) => fail(`cannot export into ${args.out}: ${error.message}`, 1));

// The build and the server both want production: Vite bundles React's development JSX runtime
// otherwise, and React (external to the bundle) reads NODE_ENV at run time; unset, it renders in
// development mode, several times slower and with a far bigger heap.
process.env.NODE_ENV ||= 'production';
// Loaded only now: it brings the database layer, seconds of imports a bad --out should not wait for.
const { buildIfStale, loadEnv, openMigrated, root, seedIfEmpty } = await import('./lib/prepare.ts');
const env = loadEnv();
process.env.DATA_DIR = resolve(root, env.DATA_DIR);
const database = await openMigrated(env);
await seedIfEmpty(database, 300);
await database.close();
const buildDir = process.env.EXPORT_BUILD_DIR || 'dist';
await buildIfStale(buildDir);

// Pages go to disk once; the origin's page cache only needs room for what --watch serves meanwhile.
process.env.PAGE_CACHE_MB ||= '16';
// This server's pages are rendered for one client, the exporter, as fast as it asks (several at a
// time): the per-client budgets that keep one shopper from starving the others would only slow it
// down (429 half-way through). It listens on loopback unless told otherwise.
process.env.RATE_LIMIT_SCALE ||= '0';
const port = args.port ?? (await freePort());
process.env.PORT = String(port);
process.env.HOST ||= '127.0.0.1';
const server = await startShopServer(resolve(root, buildDir, 'server/entry.mjs'));
const { origin } = server;
say(`shop running at ${origin} (build ${buildDir})`);

const exporter = createStaticExport({
  origin,
  outDir: args.out,
  clientDir: resolve(root, buildDir, 'client'),
  concurrency: args.concurrency,
  log: say,
  progress: process.stderr,
});
// Subscribed before the export starts: an event during the export is applied right after it.
const watcher: Watcher | undefined = args.watch
  ? watchPublishEvents(exporter, publishBus, { debounceMs: 300, log: say })
  : undefined;

const aborting = new AbortController();
let exported = false;
let stopping = false;
const onSignal = (signal: NodeJS.Signals) => {
  if (stopping) process.exit(1); // a second Ctrl-C: no more waiting
  stopping = true;
  if (!exported) {
    // The export stops after the pages in flight; the staging folder goes, the old folder stays.
    say(`${signal}: stopping the export`);
    aborting.abort(signal);
    return;
  }
  say(`${signal}: stopping`);
  void (async () => {
    await watcher?.stop();
    await server.stop().catch(() => undefined);
    say('stopped');
    process.exit(0);
  })();
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

try {
  const summary = await exporter.exportAll(aborting.signal);
  exported = true;
  say(
    `export done: ${summary.pages} pages, ${summary.images} images, ${summary.skipped} skipped in ${summary.seconds.toFixed(1)} s ` +
      `(${summary.pagesPerSecond.toFixed(0)} pages/s, ${summary.cpuMsPerPage.toFixed(1)} ms CPU per page), peak RSS ${summary.peakRssMb.toFixed(0)} MB -> ${args.out}`,
  );
} catch (error) {
  const aborted = aborting.signal.aborted;
  console.error(
    `[export] ${aborted ? `aborted by ${String(aborting.signal.reason)}` : `failed: ${(error as Error).message}`}; ${args.out} was left as it was`,
  );
  process.exit(aborted ? (aborting.signal.reason === 'SIGINT' ? 130 : 143) : 1);
}

if (!watcher) process.exit(0);
watcher.start();
say(
  `watching for publish events (webhook ${origin}/api/webhooks/publish${process.env.WEBHOOK_SECRET ? '' : ': disabled, WEBHOOK_SECRET is not set'})`,
);
