// `npm start`'s server process (scripts/lib/server-process.ts): started from the launcher with the V8
// flags and the C library's settings the deployment's recipes give theirs (scripts/lib/node-flags.ts),
// which only a new process can take, and warming itself up; each stop signal the launcher gets reaches
// the server once, so Ctrl-C stops it gracefully (a second signal would mean "exit now"), and the
// launcher exits as it did.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SHOP_NODE_FLAGS, SHOP_PROCESS_ENV } from '../../scripts/lib/node-flags.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { buildTestShop, seededDataDir, TEST_BUILD_DIR, TEST_SITE_URL } from '#tests/helpers/shop-instance.ts';

const LAUNCHER = `
import { serveInChildProcess } from ${JSON.stringify(new URL('../../scripts/lib/server-process.ts', import.meta.url).pathname)};
const server = serveInChildProcess(process.argv[1], ['--warm-up']);
console.log('server pid ' + server.pid);
`;

let dataDir = '';
beforeAll(async () => {
  await buildTestShop();
  dataDir = await seededDataDir(20);
}, 300_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Launched {
  launcher: ChildProcess;
  serverPid: number;
  exit: Promise<number | null>;
  /** What the launcher and the server printed so far. */
  output(): string;
}

/** Resolves once the server at `origin` answers /healthz. */
async function answering(origin: string): Promise<void> {
  for (;;) {
    const response = await fetch(`${origin}/healthz`).catch(() => undefined);
    await response?.arrayBuffer();
    if (response?.ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The launcher's part of `npm start` on the test build, without MALLOC_ARENA_MAX of its own; resolves once the shop answers. */
async function launch(): Promise<Launched> {
  const port = await freePort();
  const launcher = spawn(process.execPath, ['--input-type=module', '-e', LAUNCHER, TEST_BUILD_DIR], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: TEST_SITE_URL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '0',
    },
  });
  const exit = new Promise<number | null>((done) => launcher.once('exit', (code) => done(code)));
  let output = '';
  launcher.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const serverPid = await new Promise<number>((done, fail) => {
    launcher.stdout!.on('data', () => {
      const pid = /server pid (\d+)/.exec(output)?.[1];
      if (pid) done(Number(pid));
    });
    void exit.then((code) => fail(new Error(`the launcher exited (${code}): ${output}`)));
  });
  await answering(`http://127.0.0.1:${port}`);
  return { launcher, serverPid, exit, output: () => output };
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start: the server in a process of its own', () => {
  test('the server process has the V8 flags and MALLOC_ARENA_MAX=2, is the launcher’s child and warms up', async () => {
    const { launcher, serverPid, exit, output } = await launch();
    try {
      const environ = readFileSync(`/proc/${serverPid}/environ`, 'utf8').split('\0');
      for (const [name, value] of Object.entries(SHOP_PROCESS_ENV)) expect(environ).toContain(`${name}=${value}`);
      const cmdline = readFileSync(`/proc/${serverPid}/cmdline`, 'utf8').split('\0');
      for (const flag of SHOP_NODE_FLAGS) expect(cmdline).toContain(flag);
      expect(cmdline.some((arg) => arg.endsWith('scripts/serve.ts'))).toBe(true);
      const stat = readFileSync(`/proc/${serverPid}/stat`, 'utf8');
      expect(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])).toBe(launcher.pid);
      // The warm-up's requests carry the server's own token (internal-request.ts), so it runs in the server.
      await expect.poll(output, { timeout: 60_000 }).toMatch(/warmed the search and price indexes and \d+ pages/);
    } finally {
      launcher.kill('SIGTERM');
      await exit;
    }
  });

  test.each(['SIGINT', 'SIGTERM'] as const)(
    '%s to the launcher stops the server gracefully, and the launcher exits with its code',
    async (signal) => {
      const { launcher, serverPid, exit } = await launch();
      launcher.kill(signal);
      // A graceful stop exits 0; a second signal would have made it exit 1 at once.
      expect(await exit).toBe(0);
      expect(isRunning(serverPid)).toBe(false);
    },
  );
});
