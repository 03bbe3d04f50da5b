// The recipes in deploy/ checked as far as this machine can: each VCL entry file compiles with the
// rules it includes (varnishd -C), the systemd unit passes `systemd-analyze verify`, the compose file
// and the Dockerfile hold what docs/deploy.md promises. Where a container runtime answers
// (`docker info`), the image is built and must report healthy; elsewhere that test is skipped and
// says why (our CI machines have the docker client but no daemon).
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { VARNISHD } from '#tests/helpers/varnish.ts';
import { SHOP_NODE_FLAGS, SHOP_PROCESS_ENV } from '../../scripts/lib/node-flags.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const runs = (command: string, args: string[]) =>
  spawnSync(command, args, { stdio: 'ignore', timeout: 20_000 }).status === 0;

/** What the shop's defaults and the recipes set: the drain, then the stop timeout (docs/operations.md). */
const DRAIN_MS = 5000;
const TIMEOUT_MS = 15_000;

describe('deploy/varnish', () => {
  const entries = ['storefront.vcl', 'storefront-two-instances.vcl', 'compose.vcl'];
  test.skipIf(!existsSync(VARNISHD)).each(entries)('%s compiles with the rules it includes', (entry) => {
    const dir = mkdtempSync(join(tmpdir(), 'storefront-vcl-'));
    // As root varnishd reads the VCL as its unprivileged user.
    chmodSync(dir, 0o755);
    try {
      copyFileSync(join(ROOT, 'deploy/varnish/storefront-rules.vcl'), join(dir, 'storefront-rules.vcl'));
      chmodSync(join(dir, 'storefront-rules.vcl'), 0o644);
      // Backends must be reachable addresses of this machine at compile time: loopback stands in.
      writeFileSync(
        join(dir, entry),
        read(`deploy/varnish/${entry}`).replace(/\.host = "[^"]*"/g, '.host = "127.0.0.1"'),
        { mode: 0o644 },
      );
      const result = spawnSync(VARNISHD, ['-C', '-f', join(dir, entry)], { encoding: 'utf8', maxBuffer: 64 << 20 });
      expect(result.status, result.stderr).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('every entry file has the readiness probe on each backend and one copy of the rules', () => {
    expect(read('deploy/varnish/storefront-rules.vcl')).toMatch(/probe readiness \{[^}]*\.url = "\/readyz";/);
    for (const entry of entries) {
      const source = read(`deploy/varnish/${entry}`);
      const backends = source.match(/^backend \w+ \{[^}]*\}/gm) ?? [];
      expect(backends.length, entry).toBeGreaterThan(0);
      for (const backend of backends) expect(backend, entry).toContain('.probe = readiness;');
      expect(source, entry).toContain('include "./storefront-rules.vcl";');
      // The request logic lives in the rules file only.
      expect(source, entry).not.toMatch(/sub vcl_recv|sub vcl_deliver|sub vcl_backend_response/);
    }
  });
});

describe('deploy/systemd', () => {
  const unit = read('deploy/systemd/storefront@.service');

  test('the unit stops with SIGTERM and gives the drain and the timeout time, as a hardened non-root service', () => {
    const setting = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(unit)?.[1];
    expect(setting('Type')).toBe('simple');
    expect(setting('KillSignal')).toBe('SIGTERM');
    expect(Number(setting('TimeoutStopSec')) * 1000).toBeGreaterThan(DRAIN_MS + TIMEOUT_MS);
    expect(setting('Restart')).toBe('on-failure');
    expect(setting('User')).toMatch(/^(?!root$)\w+/);
    expect(setting('NoNewPrivileges')).toBe('true');
    expect(setting('ProtectSystem')).toBe('strict');
    expect(setting('PrivateTmp')).toBe('true');
    expect(setting('ReadWritePaths')).toBe('/var/lib/storefront');
    expect(setting('ExecStart')).toMatch(/ scripts\/start-production\.ts$/);
    expect(existsSync(join(ROOT, 'scripts/start-production.ts'))).toBe(true);
  });

  test.skipIf(!runs('systemd-analyze', ['--version']))('systemd-analyze verify finds nothing wrong', () => {
    const dir = mkdtempSync(join(tmpdir(), 'storefront-unit-'));
    try {
      // An instance of the template; its Node is this test's, since /usr/bin/node may be missing or old here.
      const instance = join(dir, 'storefront@4321.service');
      writeFileSync(instance, unit.replace(/^ExecStart=\S+/m, `ExecStart=${process.execPath}`));
      const result = spawnSync('systemd-analyze', ['verify', instance], { encoding: 'utf8' });
      expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('deploy/compose.yaml', () => {
  const compose = read('deploy/compose.yaml');
  /** The top-level keys of the `services:` block (two-space indent). */
  const services = [...(compose.split(/^services:$/m)[1] ?? '').split(/^\S/m)[0]!.matchAll(/^ {2}([\w-]+):$/gm)].map(
    (m) => m[1],
  );

  test('PostgreSQL, two shop instances and Varnish', () => {
    expect(services).toEqual(expect.arrayContaining(['postgres', 'shop1', 'shop2', 'varnish']));
    expect(compose).toMatch(/image: postgres:15/);
    expect(compose).toMatch(/image: varnish:7/);
    expect(compose).toContain('./varnish:/etc/varnish:ro');
    expect(compose).toContain("TRUST_PROXY: '1'");
    expect(compose).toContain('condition: service_healthy');
    expect(compose).toContain('pg_isready');
  });

  test("the instances' fixed addresses are the backends of compose.vcl, inside its purgers subnet", () => {
    const addresses = [...compose.matchAll(/ipv4_address: (\S+)/g)].map((m) => m[1]);
    const vcl = read('deploy/varnish/compose.vcl');
    expect(addresses).toHaveLength(2);
    expect([...vcl.matchAll(/\.host = "([^"]+)"/g)].map((m) => m[1])).toEqual(addresses);
    const subnet = /subnet: (\d+\.\d+\.\d+)\.0\/24/.exec(compose)?.[1];
    expect(vcl).toContain(`"${subnet}.0"/24;`);
    for (const address of addresses) expect(address!.startsWith(`${subnet}.`)).toBe(true);
  });

  test('stop_grace_period is longer than the drain and the stop timeout it sets', () => {
    const drain = Number(/SHUTDOWN_DRAIN_MS: '(\d+)'/.exec(compose)?.[1]);
    const timeout = Number(/SHUTDOWN_TIMEOUT_MS: '(\d+)'/.exec(compose)?.[1]);
    const grace = Number(/stop_grace_period: (\d+)s/.exec(compose)?.[1]) * 1000;
    expect(drain).toBeGreaterThan(0);
    expect(grace).toBeGreaterThan(drain + timeout);
  });
});

describe('the V8 flags and the environment of scripts/lib/node-flags.ts', () => {
  // V8 and glibc read them at start only: every way the shop is started must give them, or it runs
  // with a young generation of 134 MB instead of 8 and a malloc arena per thread. `npm start` gives
  // them to the server process it starts (tests/integration/server-process.test.ts).
  const nodeOptions = SHOP_NODE_FLAGS.join(' ');
  test('npm run export gives the flags on the command line; npm start runs its launcher', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts.start).toBe('node scripts/start.ts');
    expect(scripts.export).toBe(`node ${nodeOptions} scripts/export.ts`);
  });
  test('the Dockerfile and the systemd unit give the flags in NODE_OPTIONS, and the environment', () => {
    const dockerfile = read('deploy/Dockerfile');
    const unit = read('deploy/systemd/storefront@.service');
    expect(dockerfile).toMatch(new RegExp(`^\\s+NODE_OPTIONS=${nodeOptions}$`, 'm'));
    expect(unit).toContain(`\nEnvironment=NODE_OPTIONS=${nodeOptions}\n`);
    for (const [name, value] of Object.entries(SHOP_PROCESS_ENV)) {
      expect(dockerfile).toMatch(new RegExp(`^\\s+${name}=${value} \\\\$`, 'm'));
      expect(unit).toContain(`\nEnvironment=${name}=${value}\n`);
    }
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = read('deploy/Dockerfile');

  test('multi-stage on Node 24, non-root, health check on /healthz, the production start', () => {
    expect(dockerfile).toMatch(/ARG NODE_IMAGE=node:24-slim/);
    expect(dockerfile).toMatch(/RUN npm ci --omit=dev/);
    expect(dockerfile).toMatch(/RUN npm run build/);
    expect(dockerfile).toMatch(/^USER storefront$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK[^\n]*\\\n[^\n]*\/healthz/m);
    expect(dockerfile).toMatch(/^EXPOSE 4321/m);
    expect(dockerfile).toContain('CMD ["node", "scripts/start-production.ts"]');
    // What the runtime stage copies from the build context must exist.
    for (const [, path] of dockerfile.matchAll(/^COPY (?!--from)(\S+) /gm))
      expect(existsSync(join(ROOT, path!))).toBe(true);
  });

  const docker = runs('docker', ['info']);
  test.skipIf(!docker)(
    `the image builds and reports healthy${docker ? '' : ' (skipped: `docker info` fails, no container runtime here)'}`,
    async () => {
      const tag = `storefront-test:${process.pid}`;
      const name = `storefront-test-${process.pid}`;
      execFileSync('docker', ['build', '-f', 'deploy/Dockerfile', '-t', tag, '.'], { cwd: ROOT, stdio: 'inherit' });
      try {
        // The embedded database: no DATABASE_URL needed, AUTH_SECRET generated into the volume.
        execFileSync('docker', [
          'run',
          '-d',
          '--name',
          name,
          tag,
          'node',
          'scripts/start-production.ts',
          '--seed-demo',
        ]);
        const deadline = Date.now() + 180_000;
        let health = '';
        while (Date.now() < deadline && health !== 'healthy') {
          health = execFileSync('docker', ['inspect', '--format', '{{.State.Health.Status}}', name], {
            encoding: 'utf8',
          }).trim();
          if (health === 'unhealthy') break;
          await new Promise((r) => setTimeout(r, 2000));
        }
        expect(health, execFileSync('docker', ['logs', name], { encoding: 'utf8' })).toBe('healthy');
        // A graceful stop ends with status 0.
        execFileSync('docker', ['stop', '-t', '30', name]);
        expect(
          execFileSync('docker', ['inspect', '--format', '{{.State.ExitCode}}', name], { encoding: 'utf8' }).trim(),
        ).toBe('0');
      } finally {
        spawnSync('docker', ['rm', '-f', name]);
        spawnSync('docker', ['rmi', '-f', tag]);
      }
    },
    15 * 60_000,
  );
});
