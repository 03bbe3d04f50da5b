// `npm test` starts here: the suites drive real parts that are Debian packages, not npm packages.
// Each is looked for where the tests look for it; what is missing is installed with apt-get when this
// runs as root on a Debian-like system, or named in the one command to run before trying again.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, globSync } from 'node:fs';
import { POSTGRES_BIN_DIR } from '../tests/helpers/postgres.ts';

interface Prerequisite {
  /** The Debian package that brings it. */
  pkg: string;
  /** What needs it, for the message. */
  usedBy: string;
  present(): boolean;
}

const onPath = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

const PREREQUISITES: Prerequisite[] = [
  { pkg: 'chromium', usedBy: 'the end-to-end tests (Playwright)', present: () => existsSync('/usr/bin/chromium') },
  {
    pkg: 'postgresql-15',
    usedBy: 'the PostgreSQL runs of the data-layer tests',
    present: () => existsSync(`${POSTGRES_BIN_DIR}/postgres`),
  },
  { pkg: 'default-jre-headless', usedBy: 'the Nu Html Checker (valid HTML)', present: () => onPath('java') },
  {
    pkg: 'varnish',
    usedBy: 'the cache and publishing tests behind a real Varnish',
    present: () => existsSync('/usr/sbin/varnishd'),
  },
  {
    pkg: 'strace',
    usedBy: 'the test that an order is synced to disk before it is confirmed',
    present: () => onPath('strace'),
  },
  // The xkey vmod lives under the multiarch folder (x86_64-linux-gnu, aarch64-linux-gnu, ...).
  {
    pkg: 'varnish-modules',
    usedBy: 'Varnish purges by tag (xkey)',
    present: () => globSync('/usr/lib/*/varnish/vmods/libvmod_xkey.so').length > 0,
  },
];

const missing = PREREQUISITES.filter((p) => !p.present());
if (missing.length > 0) {
  const packages = missing.map((p) => p.pkg);
  const command = `apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  for (const p of missing) console.log(`test prerequisites: ${p.pkg} is missing (${p.usedBy})`);
  const canInstall = process.getuid?.() === 0 && onPath('apt-get');
  if (!canInstall) {
    console.error(`\nInstall them, then run npm test again:\n\n  sudo ${command}\n`);
    process.exit(1);
  }
  console.log(`test prerequisites: installing ${packages.join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  const still = PREREQUISITES.filter((p) => !p.present()).map((p) => p.pkg);
  if (still.length > 0) {
    console.error(`test prerequisites: still missing after apt-get: ${still.join(', ')}`);
    process.exit(1);
  }
}
console.log('test prerequisites: chromium, PostgreSQL 15, Java, Varnish with xkey are here');
