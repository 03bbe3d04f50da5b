// A throwaway varnishd running the shipped VCL in front of one backend port (deploy/varnish/storefront.vcl)
// or two (storefront-two-instances.vcl, round robin), one per test file. Both include
// storefront-rules.vcl, the request logic, with its /readyz probe. Debian packages: varnish (7.1) and
// varnish-modules (the xkey vmod the VCL imports).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '../../scripts/lib/free-port.ts';

export const VARNISHD = process.env.VARNISHD ?? '/usr/sbin/varnishd';
const VARNISHADM = process.env.VARNISHADM ?? '/usr/bin/varnishadm';
const VCL_DIR = fileURLToPath(new URL('../../deploy/varnish/', import.meta.url));
/** The entry file per number of backends; each includes this file. */
const ENTRY_VCL: Record<number, string> = { 1: 'storefront.vcl', 2: 'storefront-two-instances.vcl' };
const RULES_VCL = 'storefront-rules.vcl';

export interface VarnishServer {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Whether Varnish's readiness probe finds each backend healthy, by backend port. */
  backendHealth(): Promise<Map<number, boolean>>;
  /**
   * Resolves once the probe finds every backend healthy: after a backend started later than Varnish
   * (its first probes failed), Varnish answers 503 until two probes have succeeded.
   */
  waitUntilHealthy(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** A backend block of the shipped VCL, with its host and port. */
const BACKEND = /(backend (\w+) \{[^}]*?\.host = )"[^"]*";(\s*\.port = )"\d+";/g;

/** The shipped entry VCL with its backends pointed at the test's servers, in order; with each backend's name. */
function vclFor(backendPorts: number[]): { source: string; names: string[] } {
  const file = ENTRY_VCL[backendPorts.length];
  if (!file) throw new Error(`the shipped VCL has entry files for 1 or 2 backends, not ${backendPorts.length}`);
  const path = join(VCL_DIR, file);
  const source = readFileSync(path, 'utf8');
  const names = [...source.matchAll(BACKEND)].map((m) => m[2]!);
  // Skip nothing silently: if the VCL's backend blocks change shape, say so instead of testing port 4321.
  if (names.length !== backendPorts.length)
    throw new Error(
      `${path}: expected ${backendPorts.length} \`backend <name> { .host = "..."; .port = "..."; }\` blocks to point at the test backends, found ${names.length}`,
    );
  let next = 0;
  const rewritten = source.replace(BACKEND, (_, head: string, _name: string, portLine: string) => {
    return `${head}"127.0.0.1";${portLine}"${backendPorts[next++]}";`;
  });
  return { source: rewritten, names };
}

// A crashed or interrupted test run must not leave varnishd behind.
const running = new Set<{ child: ChildProcess; dir: string }>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const { child, dir } of running) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

/** Resolves when varnishd answers; rejects when it exits first (bad VCL, missing vmod, port taken). */
async function waitUntilReady(child: ChildProcess, url: string, output: () => string): Promise<void> {
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = `varnishd exited (${signal ?? code})`));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${exited}:\n${output()}`);
    try {
      // Answered by the VCL itself (400: no xkey-purge header), so readiness never touches the backend.
      const response = await fetch(url, { method: 'PURGE', signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`varnishd did not answer on ${url} within 30 s:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    child.once('exit', () => resolvePromise());
    // The manager stops its cache child on SIGTERM; SIGKILL if it hangs.
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/** What `varnishadm backend.list -j` says of one backend (Varnish 7.1). */
interface BackendListEntry {
  probe_message?: [good: number, window: number, health: string];
}

/** Per backend name (without the VCL's prefix, `boot.`): whether the probe finds it healthy. */
async function backendList(workDir: string): Promise<Map<string, boolean>> {
  const { stdout } = await promisify(execFile)(VARNISHADM, ['-n', workDir, 'backend.list', '-j']);
  const [, , , backends] = JSON.parse(stdout) as [number, string[], number, Record<string, BackendListEntry>];
  return new Map(
    Object.entries(backends).map(([name, entry]) => [
      name.replace(/^[^.]*\./, ''),
      entry.probe_message?.[2] === 'healthy',
    ]),
  );
}

export async function startVarnish(options: {
  /** One backend (storefront.vcl) ... */
  backendPort?: number;
  /** ... or two (storefront-two-instances.vcl). */
  backendPorts?: number[];
  port?: number;
}): Promise<VarnishServer> {
  const backendPorts = options.backendPorts ?? (options.backendPort === undefined ? [] : [options.backendPort]);
  if (!existsSync(VARNISHD)) {
    throw new Error(
      `${VARNISHD} not found: install Varnish 7.1 and the xkey vmod with \`apt-get install -y varnish varnish-modules\` (or point VARNISHD at varnishd).`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'storefront-varnish-'));
  // As root varnishd compiles the VCL and runs its cache process as unprivileged users (varnish,
  // vcache): they must reach the VCL and the working directory it creates inside this folder.
  chmodSync(dir, 0o755);
  const vcl = vclFor(backendPorts);
  const vclPath = join(dir, ENTRY_VCL[backendPorts.length]!);
  writeFileSync(vclPath, vcl.source, { mode: 0o644 });
  // The entry file includes "./storefront-rules.vcl", found beside it.
  copyFileSync(join(VCL_DIR, RULES_VCL), join(dir, RULES_VCL));
  chmodSync(join(dir, RULES_VCL), 0o644);
  // The management interface on a loopback port of the kernel's choosing, for varnishadm (backend
  // health); the secret keeps other local users out of it.
  const secretPath = join(dir, 'secret');
  writeFileSync(secretPath, randomBytes(32).toString('hex'), { mode: 0o600 });

  let lastError: unknown;
  // A free port can be taken before varnishd binds it: retry with another one.
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = options.port ?? (await freePort());
    const args = [
      '-F', // foreground: the child process is varnishd itself, so stop() and the exit hook reach it
      '-f',
      vclPath,
      '-a',
      `127.0.0.1:${port}`,
      '-n',
      join(dir, 'work'),
      '-T',
      '127.0.0.1:0',
      '-S',
      secretPath,
      '-s',
      'malloc,64m',
    ];
    const child = spawn(VARNISHD, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const entry = { child, dir };
    running.add(entry);
    installExitHook();
    const url = `http://127.0.0.1:${port}`;
    try {
      await new Promise<void>((resolvePromise, reject) => {
        child.once('error', reject);
        waitUntilReady(child, url, () => output).then(resolvePromise, reject);
      });
    } catch (error) {
      lastError = error;
      await stopChild(child);
      running.delete(entry);
      if (options.port !== undefined || !/Could not get socket|Address already in use/i.test(output)) break;
      continue;
    }
    let stopped = false;
    const workDir = join(dir, 'work');
    const backendHealth = async () => {
      const byName = await backendList(workDir);
      return new Map(backendPorts.map((p, i) => [p, byName.get(vcl.names[i]!) === true]));
    };
    return {
      url,
      port,
      backendHealth,
      async waitUntilHealthy(timeoutMs = 30_000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const health = await backendHealth();
          if ([...health.values()].every(Boolean)) return;
          if (Date.now() > deadline)
            throw new Error(
              `Varnish's probe still finds backends sick after ${timeoutMs} ms: ${JSON.stringify([...health])}`,
            );
          await new Promise((r) => setTimeout(r, 100));
        }
      },
      async stop() {
        if (stopped) return;
        stopped = true;
        try {
          await stopChild(child);
        } finally {
          running.delete(entry);
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  }
  rmSync(dir, { recursive: true, force: true });
  throw lastError;
}
