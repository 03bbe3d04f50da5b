// A throwaway varnishd running deploy/varnish/storefront.vcl in front of a backend port, one per test
// file. Debian packages: varnish (7.1) and varnish-modules (the xkey vmod the VCL imports).
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/lib/free-port.ts';

export const VARNISHD = process.env.VARNISHD ?? '/usr/sbin/varnishd';
const VCL_SOURCE = fileURLToPath(new URL('../../deploy/varnish/storefront.vcl', import.meta.url));

export interface VarnishServer {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** The production VCL with its backend pointed at the test's server. */
function vclFor(backendPort: number): string {
  const source = readFileSync(VCL_SOURCE, 'utf8');
  const backend = /(backend default \{[^}]*?\.host = )"[^"]*";(\s*\.port = )"\d+";/;
  // Skip nothing silently: if the VCL's backend block changes shape, say so instead of testing port 4321.
  if (!backend.test(source))
    throw new Error(
      `${VCL_SOURCE}: no \`backend default { .host = "..."; .port = "..."; }\` to point at the test backend`,
    );
  return source.replace(backend, `$1"127.0.0.1";$2"${backendPort}";`);
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

export async function startVarnish(options: { backendPort: number; port?: number }): Promise<VarnishServer> {
  if (!existsSync(VARNISHD)) {
    throw new Error(
      `${VARNISHD} not found: install Varnish 7.1 and the xkey vmod with \`apt-get install -y varnish varnish-modules\` (or point VARNISHD at varnishd).`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'storefront-varnish-'));
  // As root varnishd compiles the VCL and runs its cache process as unprivileged users (varnish,
  // vcache): they must reach the VCL and the working directory it creates inside this folder.
  chmodSync(dir, 0o755);
  const vclPath = join(dir, 'storefront.vcl');
  writeFileSync(vclPath, vclFor(options.backendPort), { mode: 0o644 });

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
      'none', // no management port: nothing else to bind or secure
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
    return {
      url,
      port,
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
