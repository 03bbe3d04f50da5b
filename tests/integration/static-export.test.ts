// `npm run export` end to end: scripts/export.ts runs as a child process (the built server inside it,
// on PGlite, which allows one process) on a fresh 120-product shop, writes the site into a folder,
// and in --watch mode re-renders what a signed publish webhook names. The folder is checked the way
// a static host would see it: files, inodes (an atomic rename gives a file a new one) and contents.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigrated, root, seedIfEmpty } from '../../scripts/lib/prepare.ts';
import { createStaticExport } from '../../scripts/lib/static-export.ts';
import { parseEnv } from '#lib/server/env.ts';
import {
  TEST_SITE_URL,
  TEST_WEBHOOK_SECRET,
  buildTestShop,
  signedPublish,
  TEST_BUILD_DIR,
} from '#tests/helpers/shop-instance.ts';

const BUILD_DIR = TEST_BUILD_DIR;
const PREFIXES = ['', 'en/', 'fr/', 'es/', 'it/'];
/** The demo terms page at its slug in each language (the prefixes' order). */
const TERMS = ['i/agb', 'i/terms', 'i/conditions', 'i/condiciones', 'i/condizioni'];

interface ExportRun {
  child: ChildProcess;
  lines: string[];
  output: () => string;
  exit: Promise<number | null>;
  /** Resolves with the index of the first line from `from` on that matches. */
  line(pattern: RegExp, from?: number): Promise<number>;
}

const running = new Set<ChildProcess>();
let dir: string;
let dataDir: string;
let out: string;
let port: number;
let watcher: ExportRun;

function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function runExport(args: string[]): ExportRun {
  const child = spawn(process.execPath, ['scripts/export.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      EXPORT_BUILD_DIR: BUILD_DIR,
      SITE_URL: TEST_SITE_URL,
      WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
    },
  });
  running.add(child);
  const lines: string[] = [];
  let stderr = '';
  const waiting = new Set<() => void>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const wake of waiting) wake();
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((done) =>
    child.once('exit', (code) => {
      running.delete(child);
      for (const wake of waiting) wake();
      done(code);
    }),
  );
  const output = () => `${lines.join('\n')}\n--- stderr ---\n${stderr}`;
  const line = (pattern: RegExp, from = 0) =>
    new Promise<number>((done, reject) => {
      const check = () => {
        const index = lines.findIndex((l, i) => i >= from && pattern.test(l));
        if (index !== -1) {
          waiting.delete(check);
          done(index);
        } else if (child.exitCode !== null || child.signalCode !== null) {
          waiting.delete(check);
          reject(
            new Error(`export exited (${child.exitCode ?? child.signalCode}) before printing ${pattern}:\n${output()}`),
          );
        }
      };
      waiting.add(check);
      check();
    });
  return { child, lines, output, exit, line };
}

/** Every file under the folder, with its inode and size. */
function snapshot(folder: string): Map<string, { ino: number; size: number }> {
  const files = new Map<string, { ino: number; size: number }>();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const { ino, size } = statSync(path);
    files.set(path.slice(folder.length + 1), { ino, size });
  }
  return files;
}

const read = (file: string) => readFileSync(join(out, file), 'utf8');
const isDocument = (html: string) => html.startsWith('<!DOCTYPE html>') && html.trimEnd().endsWith('</html>');
const sitemapFiles = () => readdirSync(out).filter((f) => /^sitemap-\d+\.xml$/.test(f));
const leftovers = () => [
  ...readdirSync(dir).filter((f) => /\.(staging|old)-\d+$/.test(f)),
  ...[...snapshot(out).keys()].filter((f) => f.includes('.tmp-')),
];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'static-export-'));
  dataDir = join(dir, 'data');
  out = join(dir, 'site');
  port = await freePort();
  await buildTestShop(BUILD_DIR);
  // Seeded here (the export would seed 300): the child then only finds the database current.
  const database = await openMigrated(parseEnv({ DATA_DIR: dataDir }));
  await seedIfEmpty(database, 120);
  await database.close();
  watcher = runExport(['--out', out, '--watch', '--port', String(port), '--concurrency', '4']);
  await watcher.line(/^\[export\] watching for publish events/);
  // A build and a full export of some 700 pages: two minutes were too few beside the durability suite,
  // which kills and restarts shops on the same two cores.
}, 300_000);

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('npm run export', () => {
  it('writes every page of the sitemap in every locale, the extras, the assets, and nothing personal', () => {
    const summary = watcher.lines.find((l) => l.startsWith('[export] export done:'));
    expect(summary).toMatch(/export done: \d+ pages, \d+ images, 0 skipped/);

    const locs = sitemapFiles().flatMap((f) =>
      [...read(f).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname),
    );
    expect(locs.length).toBeGreaterThan(600);
    // Directory format: /c/a → c/a/index.html, / → index.html.
    const missing = locs.filter((path) => !existsSync(join(out, decodeURIComponent(path), 'index.html')));
    expect(missing).toEqual([]);
    expect(read('sitemap-1.xml')).toContain('<lastmod>');
    expect(read('sitemap.xml')).toContain('<sitemapindex');
    expect(read('robots.txt')).toContain('Sitemap:');

    let productPage = '';
    for (const prefix of PREFIXES) {
      expect(isDocument(read(`${prefix}index.html`)), `${prefix}index.html`).toBe(true);
      const products = readdirSync(join(out, prefix, 'p'));
      expect(products.length, `${prefix}p/`).toBeGreaterThanOrEqual(100);
      const [slug] = readdirSync(join(out, prefix, 'p', products[0]!));
      productPage = `${prefix}p/${products[0]}/${slug}/index.html`;
      expect(isDocument(read(productPage)), productPage).toBe(true);
      for (const page of [TERMS[PREFIXES.indexOf(prefix)]!, 'search-details', 'reset-password', 'create-password']) {
        expect(isDocument(read(`${prefix}${page}/index.html`)), `${prefix}${page}`).toBe(true);
      }
      // The 404 page of the locale, for the static host to answer misses with.
      expect(isDocument(read(`${prefix}404.html`)), `${prefix}404.html`).toBe(true);
    }

    // A category with children is a page and a folder at once.
    const [top] = readdirSync(join(out, 'c'));
    const children = readdirSync(join(out, 'c', top!), { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(existsSync(join(out, 'c', top!, 'index.html'))).toBe(true);
    expect(existsSync(join(out, 'c', top!, children[0]!.name, 'index.html'))).toBe(true);

    const files = [...snapshot(out).keys()];
    expect(files.some((f) => /^_astro\/.+\.js$/.test(f))).toBe(true);
    expect(files).toContain('brand/logo.svg');
    // The shop redirects /favicon.ico to the raster icon; the folder holds that icon's bytes (a PNG).
    expect(readFileSync(join(out, 'favicon.ico')).subarray(1, 4).toString('latin1')).toBe('PNG');
    // Images the pages show, every candidate of a srcset (React writes srcSet) included (a listing's cards name WebP and JPEG
    // renditions), so the folder works without the shop's image service. A version is the URL's query;
    // the file has the plain path.
    const shown = (file: string) =>
      [...read(file).matchAll(/\b(?:src|srcset)="([^"]+)"/gi)]
        .flatMap((m) => m[1]!.split(', ').map((candidate) => candidate.split(' ')[0]!))
        .filter((url) => url.startsWith('/images/'))
        .map((url) => url.slice(1).replace(/\?v=[\w-]{8}$/, ''));
    const images = [...shown(productPage), ...shown(`c/${top}/index.html`)];
    expect(images.some((image) => /^images\/p\/.+\.w300\.webp$/.test(image))).toBe(true);
    expect(images.filter((image) => !files.includes(image))).toEqual([]);
    expect(files.filter((f) => /(^|\/)(checkout|my-account|pay|order-payment|api)(\/|$)/.test(f))).toEqual([]);
    expect(leftovers()).toEqual([]);
  });

  it('re-renders exactly the pages a publish event names, each file replaced atomically', async () => {
    const before = snapshot(out);
    const watched = 'i/agb/index.html';
    // A reader in this process while the batch runs in the child: every read is of one inode, and
    // must be a whole document (a rename swaps the file; writing in place would show a part).
    let reading = true;
    const seen = { reads: 0, inodes: new Set<number>(), broken: [] as string[] };
    const buffer = Buffer.alloc(1 << 20);
    const reader = (async () => {
      while (reading) {
        const fd = openSync(join(out, watched), 'r');
        try {
          seen.inodes.add(fstatSync(fd).ino);
          const length = readSync(fd, buffer, 0, buffer.length, 0);
          const html = buffer.toString('utf8', 0, length);
          if (!isDocument(html)) seen.broken.push(html.slice(-80));
          seen.reads++;
        } finally {
          closeSync(fd);
        }
        await new Promise((r) => setImmediate(r));
      }
    })();

    const from = watcher.lines.length;
    const answer = await signedPublish(`http://127.0.0.1:${port}`, TEST_WEBHOOK_SECRET, {
      content: [{ type: 'page', identifier: 'agb' }],
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.tags).toContain('k:page:agb:en');
    const batch = watcher.lines[await watcher.line(/^\[export\] batch: /, from)]!;
    reading = false;
    await reader;

    expect(batch).toMatch(/batch: \d+ rewritten, 0 added, 0 removed, 0 failed/);
    expect(seen.broken).toEqual([]);
    expect(seen.inodes.size).toBeGreaterThanOrEqual(2);

    const after = snapshot(out);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    const replaced = [...after]
      .filter(([file, { ino }]) => before.get(file)!.ino !== ino)
      .map(([file]) => file)
      .sort();
    const expected = [...PREFIXES.map((p, i) => `${p}${TERMS[i]}/index.html`), 'sitemap.xml', ...sitemapFiles()].sort();
    expect(replaced).toEqual(expected);
    expect(leftovers()).toEqual([]);
  });

  it('a full export stopped half-way leaves the previous folder exactly as it was', async () => {
    // The core in this process, against the shop the watching child serves: it writes into its own
    // staging folder beside the export, and is stopped once pages have landed there.
    const before = snapshot(out);
    const staging = `${out}.staging-${process.pid}`;
    const stop = new AbortController();
    const exporter = createStaticExport({
      origin: `http://127.0.0.1:${port}`,
      outDir: out,
      clientDir: join(root, BUILD_DIR, 'client'),
      concurrency: 2,
      log: () => undefined,
      progress: null,
    });
    const running = exporter.exportAll(stop.signal);
    for (;;) {
      const written = existsSync(join(staging, 'c')) ? readdirSync(join(staging, 'c')).length : 0;
      if (written > 0) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    stop.abort(new Error('stopped by the test'));
    await expect(running).rejects.toThrow('stopped by the test');
    expect(snapshot(out)).toEqual(before);
    expect(leftovers()).toEqual([]);
  });

  it('stops cleanly on SIGTERM in watch mode', async () => {
    watcher.child.kill('SIGTERM');
    expect(await watcher.exit).toBe(0);
    expect(watcher.lines.at(-1)).toBe('[export] stopped');
  });

  it('refuses a folder it cannot create or that is not an export, before any work', async () => {
    writeFileSync(join(dir, 'a-file'), 'not a folder');
    const inFile = runExport(['--out', join(dir, 'a-file', 'site')]);
    expect(await inFile.exit).toBe(1);
    expect(inFile.output()).toContain('cannot export into');

    const foreign = join(dir, 'foreign');
    mkdirSync(foreign);
    writeFileSync(join(foreign, 'keep.txt'), 'mine');
    const notOurs = runExport(['--out', foreign]);
    expect(await notOurs.exit).toBe(1);
    expect(notOurs.output()).toContain('not replacing a folder that is not an export');
    expect(readdirSync(foreign)).toEqual(['keep.txt']);
  });
});
