// Shared by the publishing benches (publish-latency, startup-memory, cached-throughput): the built
// shop as child processes on loopback, as production runs it, and the little HTTP they need.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { root } from '../../scripts/lib/prepare.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { shopServerCommand } from '../../scripts/lib/node-flags.ts';

export { freePort };

/** Build of the server the benches run (its own folder, so tests and `npm start` keep theirs). */
export const BENCH_OUT_DIR = 'dist-bench';
/** Raw-bytes secrets (32+ characters) as production may set them; the benches sign with the same. */
const WEBHOOK_SECRET = 'bench-webhook-secret-0123456789abcdef';
const AUTH_SECRET = 'bench-auth-secret-0123456789abcdefghij';

/** BENCH_REPORT=0: print the figures, leave BENCHMARKS.md alone. */
export const reportEnabled = () => process.env.BENCH_REPORT !== '0';
export const numberFromEnv = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
export const today = () => new Date().toISOString().slice(0, 10);
export const load1 = () => loadavg()[0]!.toFixed(1);
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

export interface ShopProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** What the process printed so far (its errors end up in a failed bench's message). */
  output(): string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
// Ctrl-C or a timeout: exit normally, so these exit hooks (and the PostgreSQL and Varnish helpers') clean up.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/**
 * Spawns `node <args>` with the shop's environment on a free port and waits until `readyPath`
 * answers (any status unless `readyStatus`). The child is node itself, so its pid is the server's.
 */
export async function startProcess(opts: {
  args: string[];
  /** Working directory (the checkout the process belongs to); this one by default. */
  cwd?: string;
  env?: Record<string, string | undefined>;
  port?: number;
  readyPath?: string;
  readyStatus?: number;
  timeoutMs?: number;
  pollMs?: number;
}): Promise<ShopProcess & { readyMs: number }> {
  const port = opts.port ?? (await freePort());
  const started = performance.now();
  const child = spawn(process.execPath, opts.args, {
    cwd: opts.cwd ?? root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...opts.env },
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<string>((done) =>
    child.once('exit', (code, signal) => done(`exited (${signal ?? code})`)),
  );
  let exitedWith: string | undefined;
  void exited.then((how) => {
    exitedWith = how;
    running.delete(child);
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  for (;;) {
    if (exitedWith) throw new Error(`node ${opts.args.join(' ')} ${exitedWith}:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `node ${opts.args.join(' ')} did not answer on ${url}${opts.readyPath ?? '/'} in time:\n${output}`,
      );
    }
    try {
      const response = await fetch(`${url}${opts.readyPath ?? '/'}`, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (opts.readyStatus === undefined || response.status === opts.readyStatus) break;
    } catch {
      /* not listening yet */
    }
    await sleep(opts.pollMs ?? 20);
  }
  return { url, port, child, output: () => output, stop, readyMs: performance.now() - started };
}

/**
 * The built server behind its front (scripts/serve.ts), started as `npm start` starts it (its flags and
 * environment). `checkout`: another checkout of the shop (an older commit, bench/lib/other-checkout.ts),
 * served by its own scripts/serve.ts from its own build, with this checkout's flags and environment.
 */
export function startShop(
  env: Record<string, string | undefined>,
  opts: { port?: number; outDir?: string; readyStatus?: number; readyPath?: string; checkout?: string } = {},
) {
  const checkout = opts.checkout ?? root;
  const server = shopServerCommand(resolve(checkout, opts.outDir ?? BENCH_OUT_DIR));
  const serveScript = resolve(root, 'scripts/serve.ts');
  return startProcess({
    args: server.args.map((arg) => (arg === serveScript ? resolve(checkout, 'scripts/serve.ts') : arg)),
    cwd: checkout,
    port: opts.port,
    readyStatus: opts.readyStatus,
    readyPath: opts.readyPath,
    // One machine plays every client: the per-client request budgets, and the cap on a guest address's
    // open unpaid orders, would measure the 429 path.
    env: { ...server.env, WEBHOOK_SECRET, AUTH_SECRET, RATE_LIMIT_SCALE: '0', GUEST_OPEN_ORDERS_MAX: '0', ...env },
  });
}

/** POSTs a publish event signed as the Standard Webhooks spec says; throws unless the shop applied it. */
export async function sendPublish(
  shopUrl: string,
  changes: object,
  id: string,
): Promise<{ tags: string[] | 'all'; cdn: string }> {
  const body = JSON.stringify(changes);
  const now = new Date();
  const signature = new Webhook(WEBHOOK_SECRET, { format: 'raw' }).sign(id, now, body);
  const response = await fetch(`${shopUrl}/api/webhooks/publish`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
    },
  });
  const answer = (await response.json()) as { applied?: boolean; tags: string[] | 'all'; cdn: string };
  if (response.status !== 200 || !answer.applied)
    throw new Error(`publish webhook answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** Paths of the pages a shop lists in its sitemaps (all locales), in sitemap order. */
export async function sitemapPaths(shopUrl: string): Promise<string[]> {
  const index = await (await fetch(`${shopUrl}/sitemap.xml`)).text();
  const paths: string[] = [];
  for (const [, sitemap] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const xml = await (await fetch(`${shopUrl}${new URL(sitemap!).pathname}`)).text();
    for (const [, loc] of xml.matchAll(/<url><loc>([^<]+)<\/loc>/g)) paths.push(new URL(loc!).pathname);
  }
  return paths;
}

/** Resident memory of a process now and at its peak, from /proc (Linux), in MiB. */
export function processMemory(pid: number): { rssMiB: number; hwmMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s*(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMiB: kib('VmRSS') / 1024, hwmMiB: kib('VmHWM') / 1024 };
}

let ticksPerSecond: number | undefined;

/** CPU time (user + system, all threads) a process has used so far, from /proc/<pid>/stat (Linux), in ms. */
export function processCpuMs(pid: number): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command (in brackets, which may hold spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}
