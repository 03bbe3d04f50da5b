// The static export's core: crawls the running shop over HTTP and writes every public page into a
// folder a static host or object storage can serve, then keeps that folder current as publish events
// arrive. scripts/export.ts runs it next to the server in one process; tests and the bench drive it
// through that script.
//
// What readers of the folder can rely on:
// - every file is written atomically (a temp file in the same directory, renamed over the target),
//   so a file is always either the old or the new document, never half of one;
// - a full export fills a staging folder and swaps it in at the end; a failed or aborted export
//   leaves the previous folder as it was;
// - only answers marked `Cache-Control: public` are written: personal pages never reach the folder.
//
// Memory stays flat with the catalogue: a page's body lives only while it is written; what is kept
// is the list of pages with their cache tags (to know what an event touches) and the image paths.
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { cp, mkdir, readdir, rename, rm, rmdir, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DEFAULT_LOCALE, LOCALES, LOCALE_TAGS, type Locale } from '#lib/i18n/locales.ts';
import { localePath, stripLocale } from '#lib/site/paths.ts';
import type { Invalidation, PublishBus, PublishedEvent } from '#lib/server/publish/bus.ts';

/** Pages that are cacheable but not in the sitemap (nothing to index there), per locale. */
const UNLISTED_PAGES = ['/search-details', '/reset-password', '/create-password'];
/** A path no route serves, in each locale: its answer is that locale's 404 page. */
const NOT_FOUND_PROBE = '/__static-export-not-found__';
/** Written last in a re-render, so a sitemap never lists a page that is not there yet. */
const META_PAGE = /^\/(robots\.txt|sitemap(-\d+)?\.xml)$/;
/** Root-relative image references in HTML and in island props (`&quot;/images/…&quot;`). */
const IMAGE_REF = /(?<=["'(\s,;=])\/images\/[A-Za-z0-9][A-Za-z0-9._/-]*\.(?:svg|png|jpe?g|webp|avif|gif)/g;
/** Marks a folder as ours: an existing folder without it is never replaced (think `--out src`). */
const MARKER = '.storefront-export';
const RETRIES = 1;

interface ExportOptions {
  /** The running shop, e.g. http://127.0.0.1:4400. */
  origin: string;
  /** The folder to fill (absolute). */
  outDir: string;
  /** The build's client folder (`<build>/client`): /_astro/ assets and public files. */
  clientDir: string;
  /** Requests in flight at once. */
  concurrency: number;
  /** One line of news for the operator. */
  log: (line: string) => void;
  /** Where the progress bar goes (a TTY gets a bar, anything else a line every 2 s); null for none. */
  progress?: NodeJS.WriteStream | null;
}

interface ExportSummary {
  pages: number;
  images: number;
  /** Listed pages that did not answer with a public page (logged one by one). */
  skipped: number;
  seconds: number;
  pagesPerSecond: number;
  /** CPU time of this process (server and crawler) per page: on a busy machine a fairer figure than wall time. */
  cpuMsPerPage: number;
  peakRssMb: number;
}

interface BatchSummary {
  rewritten: string[];
  added: string[];
  removed: string[];
  failed: string[];
  images: number;
  ms: number;
}

interface Fetched {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A written page: its cache tags (space-separated, as in `xkey`) and, unless it is `<path>/index.html`, its file. */
interface PageEntry {
  tags: string;
  file?: string;
}

type Outcome = { kind: 'written' } | { kind: 'gone' | 'not-public'; status: number };

// ---------------------------------------------------------------------------------------------
// Paths and files

/** The folder-relative file of a path: HTML in directory format (`/c/a` → `c/a/index.html`), the rest as named. */
function fileFor(path: string, html: boolean): string {
  const segments = path.split('/').filter((s) => s !== '').map((raw) => {
    const segment = decodeURIComponent(raw);
    // The paths come from our own sitemap, but a file name must never climb out of the folder.
    if (segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) throw new Error(`unsafe path for a file: ${path}`);
    return segment;
  });
  if (html) return [...segments, 'index.html'].join('/');
  if (segments.length === 0) throw new Error(`no file name in ${path}`);
  return segments.join('/');
}

const notFoundFile = (locale: Locale) => (locale === DEFAULT_LOCALE ? '404.html' : `${locale}/404.html`);

let tempSeq = 0;

/** Writes next to the target and renames over it: readers see the old file or the new one, never a part. */
async function writeAtomic(file: string, data: Uint8Array): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.tmp-${process.pid}-${++tempSeq}`;
  try {
    await writeFile(temp, data);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Deletes a file and the folders it leaves empty, up to (not including) the root. */
async function removeFile(root: string, relative: string): Promise<void> {
  await unlink(join(root, relative)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  for (let dir = dirname(relative); dir !== '.' && dir !== ''; dir = dirname(dir)) {
    try {
      await rmdir(join(root, dir));
    } catch {
      return; // not empty (or already gone): the folders above are not empty either
    }
  }
}

/**
 * Checks that the folder can be (re)placed: its parent can be made, and an existing folder is an
 * earlier export, so `--out` pointed at the wrong place loses nothing. Cheap: run it before the
 * minutes of work, and again before the swap.
 */
export async function assertReplaceable(outDir: string): Promise<void> {
  await mkdir(dirname(outDir), { recursive: true });
  let entries: string[];
  try {
    entries = await readdir(outDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    throw new Error(`${outDir} cannot be the export folder (${code})`, { cause: error });
  }
  if (entries.length > 0 && !entries.includes(MARKER)) {
    throw new Error(`${outDir} is not empty and holds no ${MARKER}: not replacing a folder that is not an export`);
  }
}

/** Puts the finished staging folder in place of the old one; the old one is deleted after. */
async function swapIn(staging: string, outDir: string): Promise<void> {
  const old = `${outDir}.old-${process.pid}`;
  await rm(old, { recursive: true, force: true });
  let moved = false;
  try {
    await rename(outDir, old);
    moved = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  try {
    await rename(staging, outDir);
  } catch (error) {
    if (moved) await rename(old, outDir);
    throw error;
  }
  if (moved) await rm(old, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// HTTP

function createClient(origin: string, concurrency: number): (path: string) => Promise<Fetched> {
  const url = new URL(origin);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const once = (path: string) => new Promise<Fetched>((resolve, reject) => {
    const req = request({
      host: url.hostname, port: url.port, path, agent, timeout: 120_000,
      // Plain bodies: the folder holds the files themselves; the static host compresses.
      headers: { 'accept-encoding': 'identity', 'user-agent': 'storefront-static-export' },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${path}: no answer within 120 s`)));
    req.on('error', reject);
    req.end();
  });
  return async (path) => {
    for (let attempt = 0; ; attempt++) {
      try {
        const fetched = await once(path);
        if (fetched.status < 500 || attempt >= RETRIES) return fetched;
      } catch (error) {
        if (attempt >= RETRIES) throw error;
      }
    }
  };
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
};
const isPublic = (f: Fetched) => /(^|,)\s*public\s*(,|$)/i.test(header(f.headers, 'cache-control')) && !f.headers['set-cookie'];
const isHtml = (f: Fetched) => /^text\/html\b/i.test(header(f.headers, 'content-type'));

// ---------------------------------------------------------------------------------------------
// Work pool and progress

/** Runs `worker` over the items with `concurrency` at a time; the first failure stops the rest. */
async function pool<T>(items: readonly T[], concurrency: number, worker: (item: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  // Workers never throw: every one finishes its current item before the pool settles, so a caller
  // cleaning up after a failure does not race a write still in flight.
  const run = async () => {
    while (!failure && !signal?.aborted && next < items.length) {
      const item = items[next++]!;
      try {
        await worker(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, run));
  if (failure) throw failure.error;
  signal?.throwIfAborted();
}

/** `[#####.....] 1234/5000 pages  210 pages/s  eta 18 s` redrawn on a TTY; a plain line every 2 s elsewhere. */
class Progress {
  done = 0;
  extra = '';
  readonly total: number;
  readonly unit: string;
  readonly started = performance.now();
  readonly stream: NodeJS.WriteStream | null;
  readonly timer: NodeJS.Timeout | undefined;

  constructor(total: number, stream: NodeJS.WriteStream | null, unit = 'pages') {
    this.total = total;
    this.unit = unit;
    this.stream = stream;
    if (stream) {
      this.timer = setInterval(() => this.draw(), stream.isTTY ? 200 : 2000);
      this.timer.unref();
    }
  }

  line(): string {
    const seconds = (performance.now() - this.started) / 1000;
    const rate = seconds > 0 ? this.done / seconds : 0;
    const eta = rate > 0 ? Math.ceil((this.total - this.done) / rate) : 0;
    const width = 30;
    const filled = this.total > 0 ? Math.round((this.done / this.total) * width) : width;
    return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${this.done}/${this.total} ${this.unit}  ${rate.toFixed(0)} ${this.unit}/s  eta ${eta} s${this.extra}`;
  }

  draw(): void {
    if (!this.stream) return;
    if (this.stream.isTTY) this.stream.write(`\r${this.line()}\x1b[K`);
    else this.stream.write(`[export] ${this.line()}\n`);
  }

  finish(): void {
    clearInterval(this.timer);
    if (this.stream?.isTTY) this.stream.write(`\r${this.line()}\x1b[K\n`);
  }
}

// ---------------------------------------------------------------------------------------------
// What the site consists of

const unescapeXml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
const LOCALE_BY_TAG = new Map(Object.entries(LOCALE_TAGS).map(([locale, tag]) => [tag, locale as Locale]));

interface SiteMap {
  /** Every page to export, with robots.txt and the sitemap files themselves. */
  paths: string[];
  /** The language versions the shop offers now. */
  locales: Locale[];
}

/** Reads the sitemap index and its files (origin rewritten to the local server) and adds what they leave out. */
async function discover(get: (path: string) => Promise<Fetched>): Promise<SiteMap> {
  const read = async (path: string) => {
    const fetched = await get(path);
    if (fetched.status !== 200) throw new Error(`GET ${path}: HTTP ${fetched.status}`);
    return fetched.body.toString('utf8');
  };
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(unescapeXml(m[1]!)).pathname);
  const sitemaps = locs(await read('/sitemap.xml'));
  const paths = new Set<string>(['/robots.txt', '/sitemap.xml', ...sitemaps]);
  const locales = new Set<Locale>();
  for (const sitemap of sitemaps) {
    const xml = await read(sitemap);
    for (const path of locs(xml)) paths.add(path);
    for (const m of xml.matchAll(/hreflang="([^"]+)"/g)) {
      const locale = LOCALE_BY_TAG.get(m[1]!);
      if (locale) locales.add(locale);
    }
  }
  const offered = locales.size > 0 ? LOCALES.filter((l) => locales.has(l)) : [...LOCALES];
  for (const path of [...paths]) {
    // Content pages also answer at /{identifier} (links from content use it); a static host needs the file.
    const { locale, path: bare } = stripLocale(path, LOCALES);
    const identifier = /^\/i\/([^/]+)$/.exec(bare)?.[1];
    if (identifier && !(LOCALES as readonly string[]).includes(identifier)) {
      paths.add(localePath((locale as Locale | undefined) ?? DEFAULT_LOCALE, `/${identifier}`));
    }
  }
  for (const locale of offered) for (const page of UNLISTED_PAGES) paths.add(localePath(locale, page));
  return { paths: [...paths], locales: offered };
}

const probePath = (locale: Locale) => localePath(locale, NOT_FOUND_PROBE);

// ---------------------------------------------------------------------------------------------
// The exporter

interface StaticExport {
  /** Exports everything into a staging folder and swaps it in. Rejects (old folder untouched) on failure or abort. */
  exportAll(signal?: AbortSignal): Promise<ExportSummary>;
  /** Re-renders the pages an invalidation touches (and pages new in the sitemap) in place. */
  rerender(invalidation: Invalidation): Promise<BatchSummary>;
}

export function createStaticExport(options: ExportOptions): StaticExport {
  const get = createClient(options.origin, options.concurrency);
  const { outDir, log } = options;
  /** Path → tags of every page in the folder. */
  let pages = new Map<string, PageEntry>();
  /** Image paths in the folder: keyed by content (immutable), never re-rendered. */
  let images = new Set<string>();
  /** The 404 probe paths and the locale each stands for. */
  let probes = new Map<string, Locale>();

  /** Fetches one page and writes it under root when it is public; records its tags and images. */
  async function renderPage(root: string, path: string, into: Map<string, PageEntry>, found: Set<string>): Promise<Outcome> {
    const fetched = await get(path);
    const probe = probes.get(path);
    const html = isHtml(fetched);
    let entry: PageEntry;
    if (probe !== undefined) {
      // The 404 page is personalisable in principle (private, no-store); ours shows only the shell.
      if (fetched.status !== 404 || !html || fetched.headers['set-cookie']) throw new Error(`GET ${path}: expected a 404 page, got HTTP ${fetched.status}`);
      entry = { tags: `shell:${probe}`, file: notFoundFile(probe) };
    } else if (fetched.status === 200 && isPublic(fetched)) {
      const file = fileFor(path, html);
      entry = { tags: header(fetched.headers, 'xkey'), ...(html ? {} : { file }) };
    } else if (fetched.status === 200) {
      return { kind: 'not-public', status: 200 };
    } else if (fetched.status === 404 || fetched.status === 410 || (fetched.status >= 300 && fetched.status < 400)) {
      return { kind: 'gone', status: fetched.status };
    } else {
      throw new Error(`GET ${path}: HTTP ${fetched.status}`);
    }
    await writeAtomic(join(root, entry.file ?? fileFor(path, true)), fetched.body);
    into.set(path, entry);
    // latin1: the references are ASCII, and decoding it is a copy rather than UTF-8 validation.
    if (html) for (const m of fetched.body.toString('latin1').matchAll(IMAGE_REF)) found.add(m[0]);
    return { kind: 'written' };
  }

  /** Writes the images not yet in the folder; an image the shop does not have is left out. */
  async function renderImages(root: string, paths: string[], done: Set<string>, signal?: AbortSignal, progress?: Progress): Promise<number> {
    let written = 0;
    await pool(paths, options.concurrency, async (path) => {
      const fetched = await get(path);
      if (fetched.status === 200 && isPublic(fetched)) {
        await writeAtomic(join(root, fileFor(path, false)), fetched.body);
        done.add(path);
        written++;
      }
      if (progress) progress.done++;
    }, signal);
    return written;
  }

  async function exportAll(signal?: AbortSignal): Promise<ExportSummary> {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    await assertReplaceable(outDir);
    const staging = `${outDir}.staging-${process.pid}`;
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    try {
      await cp(options.clientDir, staging, { recursive: true });
      const site = await discover(get);
      const nextProbes = new Map(site.locales.map((l) => [probePath(l), l]));
      probes = nextProbes;
      const all = [...site.paths, ...nextProbes.keys()];
      const ordered = [...all.filter((p) => !META_PAGE.test(p)), ...all.filter((p) => META_PAGE.test(p))];
      log(`rendering ${ordered.length} pages in ${site.locales.length} locales into ${staging} (${options.concurrency} at a time)`);
      const written = new Map<string, PageEntry>();
      const found = new Set<string>();
      let skipped = 0;
      const progress = new Progress(ordered.length, options.progress ?? null);
      try {
        await pool(ordered, options.concurrency, async (path) => {
          const outcome = await renderPage(staging, path, written, found);
          if (outcome.kind !== 'written') {
            skipped++;
            log(`skipped ${path}: HTTP ${outcome.status}${outcome.kind === 'not-public' ? ', not public' : ''}`);
          }
          progress.done++;
          progress.extra = found.size > 0 ? `  (${found.size} images next)` : '';
        }, signal);
      } finally {
        progress.finish();
      }
      const exportedImages = new Set<string>();
      const imageProgress = new Progress(found.size, options.progress ?? null, 'images');
      try {
        await renderImages(staging, [...found], exportedImages, signal, imageProgress);
      } finally {
        imageProgress.finish();
      }
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const summary: ExportSummary = {
        pages: written.size, images: exportedImages.size, skipped, seconds,
        pagesPerSecond: written.size / seconds, cpuMsPerPage: (cpu.user + cpu.system) / 1000 / Math.max(1, written.size), peakRssMb: process.resourceUsage().maxRSS / 1024,
      };
      await writeFile(join(staging, MARKER), `${JSON.stringify({ exportedAt: new Date().toISOString(), pages: summary.pages, images: summary.images })}\n`);
      signal?.throwIfAborted();
      await swapIn(staging, outDir);
      pages = written;
      images = exportedImages;
      return summary;
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw error;
    }
  }

  async function rerender(invalidation: Invalidation): Promise<BatchSummary> {
    const started = performance.now();
    const wanted = invalidation.all ? undefined : new Set(invalidation.tags);
    const affected = new Set<string>();
    for (const [path, entry] of pages) {
      if (!wanted || entry.tags.split(' ').some((tag) => wanted.has(tag))) affected.add(path);
    }
    const added: string[] = [];
    if (!wanted || wanted.has('sitemap')) {
      // New products, categories or content pages (or a new language) only show up in the sitemap.
      const site = await discover(get);
      for (const locale of site.locales) if (!probes.has(probePath(locale))) probes.set(probePath(locale), locale);
      for (const path of [...site.paths, ...probes.keys()]) {
        if (!pages.has(path) && !affected.has(path)) {
          added.push(path);
          affected.add(path);
        }
      }
    }
    const all = [...affected];
    const rewritten: string[] = [];
    const removed: string[] = [];
    const failed: string[] = [];
    const found = new Set<string>();
    const render = async (path: string) => {
      const before = pages.get(path);
      try {
        const outcome = await renderPage(outDir, path, pages, found);
        if (outcome.kind === 'written') {
          if (before) rewritten.push(path);
          return;
        }
        if (before) {
          // Gone, moved (a new slug arrives through the sitemap) or no longer public: off the static site.
          pages.delete(path);
          await removeFile(outDir, before.file ?? fileFor(path, true));
          removed.push(path);
        }
      } catch (error) {
        // The old file stays: a stale page is better than none. The next event touching it retries.
        failed.push(path);
        log(`could not re-render ${path}: ${(error as Error).message}`);
      }
    };
    // Pages first, sitemaps and robots.txt last: a sitemap never lists a file that is not there yet.
    await pool(all.filter((p) => !META_PAGE.test(p)), options.concurrency, render);
    const newImages = [...found].filter((p) => !images.has(p));
    const imageCount = await renderImages(outDir, newImages, images);
    await pool(all.filter((p) => META_PAGE.test(p)), options.concurrency, render);
    return {
      rewritten, added: added.filter((p) => pages.has(p)), removed, failed, images: imageCount,
      ms: performance.now() - started,
    };
  }

  return { exportAll, rerender };
}

// ---------------------------------------------------------------------------------------------
// Watching publish events

export interface Watcher {
  /** Starts re-rendering (events seen before are merged into the first batch). */
  start(): void;
  /** Stops listening and waits for the running batch. */
  stop(): Promise<void>;
}

/**
 * Subscribes at once, so no event is missed while the first export runs. Events are merged for
 * `debounceMs` after the first one, and batches never overlap: what arrives during one waits for it.
 */
export function watchPublishEvents(exporter: StaticExport, bus: Pick<PublishBus, 'subscribe'>, opts: { debounceMs: number; log: (line: string) => void }): Watcher {
  let pending: { all: boolean; tags: Set<string>; ids: string[] } | undefined;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const schedule = () => {
    if (!started || timer || running || !pending) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = runBatch().finally(() => {
        running = undefined;
        schedule();
      });
    }, opts.debounceMs);
  };

  const runBatch = async () => {
    const batch = pending!;
    pending = undefined;
    const invalidation: Invalidation = batch.all ? { all: true } : { tags: [...batch.tags] };
    try {
      const result = await exporter.rerender(invalidation);
      const changed = [...result.rewritten, ...result.added, ...result.removed];
      const shown = changed.slice(0, 20).join(' ') + (changed.length > 20 ? ` …(+${changed.length - 20})` : '');
      opts.log(`batch: ${result.rewritten.length} rewritten, ${result.added.length} added, ${result.removed.length} removed, `
        + `${result.failed.length} failed, ${result.images} images in ${Math.round(result.ms)} ms `
        + `(events ${batch.ids.join(', ')}; ${batch.all ? 'all' : `tags ${[...batch.tags].join(' ')}`}): ${shown}`);
    } catch (error) {
      // Discovery failed (the sitemap did not answer): try again with the next event.
      opts.log(`batch failed: ${(error as Error).message}`);
    }
  };

  const unsubscribe = bus.subscribe((event: PublishedEvent) => {
    pending ??= { all: false, tags: new Set(), ids: [] };
    pending.ids.push(event.id);
    if (event.invalidation.all) pending.all = true;
    else for (const tag of event.invalidation.tags) pending.tags.add(tag);
    schedule();
  });

  return {
    start() {
      started = true;
      schedule();
    },
    async stop() {
      unsubscribe();
      started = false;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
