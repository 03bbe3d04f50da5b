// The BUILT shop (astro build → <outDir>/server/entry.mjs) as a child process on its own port, the way
// it runs in production: the publishing tests talk to it over real HTTP and change its data in the
// real database underneath. Also: building it once per source change, seeding a PostgreSQL database
// the way the start scripts do, and sending signed publish webhooks.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { buildIfStale, openMigrated, root, seedIfEmpty } from '../../scripts/lib/prepare.ts';
import { parseEnv } from '#lib/server/env.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { openFromTemplate } from './pglite-template.ts';

/** The origin baked into the test build; tests never assert absolute URLs, so any fixed one does. */
export const TEST_SITE_URL = 'http://localhost:4321';
/**
 * The one build every test runs (the unit, integration and end-to-end suites alike): the build holds
 * code only, and the shop's address is read at run time, so one build serves every instance.
 */
export const TEST_BUILD_DIR = process.env.E2E_OUT_DIR ?? 'dist-test';
/** 32+ characters, used as raw bytes (the non-`whsec_` form the shop accepts). */
export const TEST_WEBHOOK_SECRET = 'publish-tests-webhook-secret-0123456789';
const TEST_AUTH_SECRET = 'publish-tests-auth-secret-0123456789abcdef';

export interface ShopInstance {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** What the server wrote so far: pino's JSON lines (stdout, warn and up) and stderr. */
  output(): string;
  stop(): Promise<void>;
  /** SIGKILL (kill -9): no shutdown code runs, as when the machine's OOM killer or an operator ends it. */
  kill(): Promise<void>;
  /**
   * Sends `signal` (a deploy's SIGTERM) and waits, however long the graceful stop takes, for the
   * process to exit; resolves to how it ended. The data dir stays (start another on it).
   */
  terminate(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ShopInstanceOptions {
  /** The build to run, relative to the repository root (e.g. 'dist-test'). */
  outDir: string;
  /** PostgreSQL; without it the instance uses PGlite under dataDir (single process only). */
  databaseUrl?: string;
  /** A temporary folder (removed on stop) unless given. */
  dataDir?: string;
  /** Overrides; a value of undefined removes the variable (e.g. WEBHOOK_SECRET: undefined). */
  env?: Record<string, string | undefined>;
  /** A command the server runs under, e.g. ['strace', '-f', '-o', file] (its first word is looked up on PATH). */
  wrapper?: string[];
  /** Listen here (e.g. a restart on the port a proxy knows) instead of on a free port. */
  port?: number;
}

// An interrupted run must not leave servers behind.
const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

/**
 * strace, told to stop, detaches and leaves the shop running on its own: every signal for the wrapper
 * goes to its whole process group instead, the shop included (which then stops as it would alone).
 */
function signalWholeGroup(child: ChildProcess): void {
  const signalOne = child.kill.bind(child);
  child.kill = (signal) => {
    try {
      process.kill(-child.pid!, signal ?? 'SIGTERM');
      return true;
    } catch {
      return signalOne(signal);
    }
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolvePromise();
    });
    child.kill('SIGTERM');
  });
}

/** The server's environment: only what this instance is told, not the test runner's own settings. */
function instanceEnv(port: number, dataDir: string, opts: ShopInstanceOptions): NodeJS.ProcessEnv {
  const base: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: TEST_SITE_URL,
    DATA_DIR: dataDir,
    DATABASE_URL: opts.databaseUrl,
    WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    AUTH_SECRET: TEST_AUTH_SECRET,
    LOG_LEVEL: 'warn',
    ...opts.env,
  };
  return Object.fromEntries(Object.entries(base).filter((e): e is [string, string] => e[1] !== undefined));
}

/** Starts the build in outDir behind the server front, as `npm start` does; resolves once it answers GET /robots.txt. */
export async function startShopInstance(opts: ShopInstanceOptions): Promise<ShopInstance> {
  const serve = resolve(root, 'scripts/serve.ts');
  const ownDataDir = opts.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'storefront-shop-'));
  const dataDir = opts.dataDir ?? ownDataDir!;
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const [command, ...args] = [...(opts.wrapper ?? []), process.execPath, serve, resolve(root, opts.outDir)];
  const child = spawn(command!, args, {
    cwd: root,
    env: instanceEnv(port, dataDir, opts),
    stdio: ['ignore', 'pipe', 'pipe'],
    // A wrapper gets a process group of its own, signalled whole (below).
    detached: opts.wrapper !== undefined,
  });
  if (opts.wrapper) signalWholeGroup(child);
  running.add(child);
  installExitHook();
  // The shop logs with pino to stdout (LOG_LEVEL=warn keeps it short); Node and Astro use stderr.
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  let exited: string | undefined;
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      exited = `exited (${signal ?? code})`;
      done({ code, signal });
    }),
  );

  const stop = async () => {
    await stopChild(child);
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`shop instance on port ${port} ${exited} before answering:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/robots.txt`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`shop instance on port ${port} did not answer /robots.txt within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // Started: ready, or unavailable for a reason a test may be after (migrations missing), but no
  // longer opening the database or building the indexes.
  await waitFor(
    `shop instance on port ${port} to finish starting`,
    async () => {
      const response = await fetch(`${url}/readyz`).catch(() => undefined);
      const body = (await response?.json().catch(() => undefined)) as { status?: string } | undefined;
      return body && body.status !== 'starting' ? true : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 100 },
  ).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };
  const terminate = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (!exited) child.kill(signal);
    return exit;
  };
  return { url, port, output: () => output, stop, kill, terminate };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Test files run in parallel and each asks for the build: one builds, the others wait for it and
 * then find it current. The lock is a folder (mkdir is atomic) holding its owner's pid, so a lock
 * left by a killed run is taken over instead of waited for.
 */
async function withBuildLock<T>(outDir: string, run: () => Promise<T>): Promise<T> {
  const key = createHash('sha256').update(resolve(root, outDir)).digest('hex').slice(0, 16);
  const lock = join(tmpdir(), `storefront-build-${key}.lock`);
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner = Number.NaN;
    try {
      owner = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    } catch {
      /* being created right now */
    }
    if (Number.isInteger(owner) && owner !== process.pid && !isAlive(owner)) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`waited 5 minutes for the build lock ${lock}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  try {
    return await run();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Builds the server into outDir unless that build is of the current sources (about 5 s when it runs).
 * Use your own outDir: the lead's `dist` may be rebuilt at any time.
 */
export async function buildTestShop(outDir = TEST_BUILD_DIR): Promise<string> {
  // The build inherits this process's environment, and vitest sets NODE_ENV=test: Vite would then
  // bundle React's development JSX runtime, which the production server cannot run (jsxDEV is not
  // a function). Build for production, as `npm run build` from a plain shell does.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await withBuildLock(outDir, () => buildIfStale(outDir));
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}

/** A new embedded database in a temporary folder, migrated and seeded with the demo shop; returns the folder. */
export async function seededDataDir(products = 120): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-shop-'));
  const database = (await openFromTemplate(dataDir)) ?? (await openMigrated(parseEnv({ DATA_DIR: dataDir })));
  try {
    await seedIfEmpty(database, products);
  } finally {
    await database.close();
  }
  return dataDir;
}

/** Migrates the database and seeds the demo shop into it when it is empty (which also stores a publish event). */
export async function seedPostgres(databaseUrl: string, products = 120): Promise<void> {
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = databaseUrl;
  try {
    const database = await openMigrated(parseEnv(process.env));
    try {
      await seedIfEmpty(database, products);
    } finally {
      await database.close();
    }
  } finally {
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  }
}

export interface SignOptions {
  id?: string;
  /** When the event was signed; the shop rejects more than five minutes off either way. */
  timestamp?: Date;
  /** Sign `body` but send this instead (a body changed in transit). */
  tamper?: string;
  /** Sign with another secret. */
  secret?: string;
  /** Leave the three webhook headers out. */
  unsigned?: boolean;
}

export interface PublishAnswer {
  status: number;
  json: Record<string, unknown>;
  id: string;
}

let webhookCounter = 0;

/** POSTs a Standard Webhooks signed body to /api/webhooks/publish. `body` is sent as is when a string. */
export async function signedPublish(
  url: string,
  secret: string,
  body: unknown,
  opts: SignOptions = {},
): Promise<PublishAnswer> {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const id = opts.id ?? `msg_test_${process.pid}_${Date.now()}_${++webhookCounter}`;
  const timestamp = opts.timestamp ?? new Date();
  const signature = new Webhook(opts.secret ?? secret, { format: 'raw' }).sign(id, timestamp, payload);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (!opts.unsigned) {
    headers['webhook-id'] = id;
    headers['webhook-timestamp'] = String(Math.floor(timestamp.getTime() / 1000));
    headers['webhook-signature'] = signature;
  }
  const response = await fetch(`${url}/api/webhooks/publish`, {
    method: 'POST',
    headers,
    body: opts.tamper ?? payload,
  });
  const text = await response.text();
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = { raw: text };
  }
  return { status: response.status, json, id };
}

export interface PageAnswer {
  status: number;
  /** X-Astro-Cache: MISS (rendered now), HIT, STALE; null for pages the store does not keep. */
  cache: string | null;
  /** The page's cache tags (xkey). */
  tags: string[];
  body: string;
  headers: Headers;
}

/** GET a page of an instance (redirects are answers too, not followed). */
export async function fetchPage(base: string, path: string, headers: Record<string, string> = {}): Promise<PageAnswer> {
  const response = await fetch(`${base}${path}`, { headers, redirect: 'manual' });
  return {
    status: response.status,
    cache: response.headers.get('x-astro-cache'),
    tags: (response.headers.get('xkey') ?? '').split(' ').filter(Boolean),
    body: await response.text(),
    headers: response.headers,
  };
}

/**
 * Polls until `check` returns a value other than undefined; fails with `what` after timeoutMs.
 * For effects that happen asynchronously (another instance, a reconnect), not to measure them.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  opts: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + (opts.timeoutMs ?? 5_000);
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 50));
  }
}
