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
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_LOCALE, type Locale } from '#lib/i18n/locales.ts';
import { tags } from '#lib/server/publish/tags.ts';
import type { Invalidation } from '#lib/server/publish/bus.ts';
import { MARKER, assertReplaceable, fileFor, notFoundFile, removeFile, swapIn, writeAtomic } from './export/files.ts';
import { createClient, header, isHtml, isPublic } from './export/http.ts';
import { Progress, feed, pool } from './export/pool.ts';
import { discover, probePath } from './export/discover.ts';
import type { BatchSummary } from './export/batch-summary.ts';

export { assertReplaceable } from './export/files.ts';
export { watchPublishEvents, type Watcher } from './export/watch.ts';

/** Written last in a re-render, so a sitemap never lists a page that is not there yet. */
const META_PAGE = /^\/(robots\.txt|sitemap(-\d+)?\.xml)$/;
const FAVICON = '/favicon.ico';
/** Images fetched at once while pages are still rendering. */
const IMAGES_WHILE_RENDERING = 2;
/**
 * Root-relative image references in HTML and in island props (`&quot;/images/…&quot;`), with their
 * version (?v=…, src/lib/site/images.ts): a picture that changed is a new reference, so its file is
 * written again; the file itself has the plain path, which a static host serves whatever the query.
 */
const IMAGE_REF =
  /(?<=["'(\s,;=])\/images\/[A-Za-z0-9][A-Za-z0-9._/-]*\.(?:svg|png|jpe?g|webp|avif|gif)(?:\?v=[A-Za-z0-9_-]{8})?/g;

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

/** A written page: its cache tags (space-separated, as in `xkey`) and, unless it is `<path>/index.html`, its file. */
interface PageEntry {
  tags: string;
  file?: string;
}

type Outcome = { kind: 'written' } | { kind: 'gone' | 'not-public'; status: number };

export interface StaticExport {
  /** Exports everything into a staging folder and swaps it in. Rejects (old folder untouched) on failure or abort. */
  exportAll(signal?: AbortSignal): Promise<ExportSummary>;
  /** Re-renders the pages an invalidation touches (and pages new in the sitemap) in place. */
  rerender(invalidation: Invalidation): Promise<BatchSummary>;
}

export function createStaticExport(options: ExportOptions): StaticExport {
  const get = createClient(options.origin, options.concurrency);
  // Sockets of their own: images fetched beside the pages do not queue for the pages' sockets.
  const getImage = createClient(options.origin, options.concurrency);
  const { outDir, log } = options;
  /** Path → tags of every page in the folder. */
  let pages = new Map<string, PageEntry>();
  /** Image references in the folder, version included: keyed by content (immutable), never re-rendered. */
  let images = new Set<string>();
  /** The 404 probe paths and the locale each stands for. */
  let probes = new Map<string, Locale>();

  /** Fetches one page and writes it under root when it is public; records its tags and images. */
  async function renderPage(
    root: string,
    path: string,
    into: Map<string, PageEntry>,
    found: Pick<Set<string>, 'add'>,
  ): Promise<Outcome> {
    const fetched = await get(path);
    const probe = probes.get(path);
    const html = isHtml(fetched);
    let entry: PageEntry;
    if (probe !== undefined) {
      // The 404 page is personalisable in principle (private, no-store); ours shows only the shell.
      if (fetched.status !== 404 || !html || fetched.headers['set-cookie'])
        throw new Error(`GET ${path}: expected a 404 page, got HTTP ${fetched.status}`);
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

  /** Writes one image into the folder; false when the shop does not have it (it is left out). */
  async function writeImage(root: string, path: string, done: Set<string>): Promise<boolean> {
    const fetched = await getImage(path);
    if (fetched.status !== 200 || !isPublic(fetched)) return false;
    await writeAtomic(join(root, fileFor(path.replace(/\?.*$/, ''), false)), fetched.body);
    done.add(path);
    return true;
  }

  /**
   * /favicon.ico as a file: the shop answers it with a redirect to the branding's raster icon, which
   * a folder cannot express, so the icon's bytes are written under that name (browsers read a PNG
   * there as well). Left out when the favicon is on another host.
   */
  async function writeFavicon(root: string): Promise<void> {
    const fetched = await get(FAVICON);
    const target = fetched.status >= 300 && fetched.status < 400 ? header(fetched.headers, 'location') : '';
    if (!target.startsWith('/images/')) return;
    const icon = await getImage(target);
    if (icon.status === 200 && isPublic(icon)) await writeAtomic(join(root, fileFor(FAVICON, false)), icon.body);
  }

  /** Writes the images not yet in the folder. */
  async function renderImages(root: string, paths: string[], done: Set<string>): Promise<number> {
    let written = 0;
    await pool(paths, options.concurrency, async (path) => {
      if (await writeImage(root, path, done)) written++;
    });
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
      log(
        `rendering ${ordered.length} pages in ${site.locales.length} locales into ${staging} (${options.concurrency} at a time)`,
      );
      const written = new Map<string, PageEntry>();
      const exportedImages = new Set<string>();
      // Images are fetched while pages render: encoding a new rendition runs on the thread pool,
      // beside the page renders on the main thread. Two at a time until the pages are done, so the
      // pool keeps threads for the page writes.
      const imageProgress: { bar?: Progress } = {};
      const imageFeed = feed<string>(
        IMAGES_WHILE_RENDERING,
        async (path) => {
          await writeImage(staging, path, exportedImages);
          if (imageProgress.bar) imageProgress.bar.done++;
        },
        signal,
      );
      const found = new Set<string>();
      const sink = {
        add(path: string) {
          if (!found.has(path)) imageFeed.push(path);
          return found.add(path);
        },
      };
      let skipped = 0;
      const progress = new Progress(ordered.length, options.progress ?? null);
      try {
        await pool(
          ordered,
          options.concurrency,
          async (path) => {
            const outcome = await renderPage(staging, path, written, sink);
            if (outcome.kind !== 'written') {
              skipped++;
              log(`skipped ${path}: HTTP ${outcome.status}${outcome.kind === 'not-public' ? ', not public' : ''}`);
            }
            progress.done++;
            progress.extra = found.size > 0 ? `  (images: ${found.size - imageFeed.pending} of ${found.size})` : '';
          },
          signal,
        );
      } catch (error) {
        // Nothing may still write into the staging folder when it is removed.
        await imageFeed.drain().catch(() => undefined);
        throw error;
      } finally {
        progress.finish();
      }
      const bar = (imageProgress.bar = new Progress(found.size, options.progress ?? null, 'images'));
      bar.done = found.size - imageFeed.pending;
      imageFeed.setConcurrency(options.concurrency);
      try {
        await imageFeed.drain();
      } finally {
        bar.finish();
      }
      await writeFavicon(staging);
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const summary: ExportSummary = {
        pages: written.size,
        images: exportedImages.size,
        skipped,
        seconds,
        pagesPerSecond: written.size / seconds,
        cpuMsPerPage: (cpu.user + cpu.system) / 1000 / Math.max(1, written.size),
        peakRssMb: process.resourceUsage().maxRSS / 1024,
      };
      await writeFile(
        join(staging, MARKER),
        `${JSON.stringify({ exportedAt: new Date().toISOString(), pages: summary.pages, images: summary.images })}\n`,
      );
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
    await pool(
      all.filter((p) => !META_PAGE.test(p)),
      options.concurrency,
      render,
    );
    const newImages = [...found].filter((p) => !images.has(p));
    const imageCount = await renderImages(outDir, newImages, images);
    // The favicon is the branding's, a part of the default language's shell.
    if (!wanted || wanted.has(tags.shell(DEFAULT_LOCALE))) await writeFavicon(outDir);
    await pool(
      all.filter((p) => META_PAGE.test(p)),
      options.concurrency,
      render,
    );
    return {
      rewritten,
      added: added.filter((p) => pages.has(p)),
      removed,
      failed,
      images: imageCount,
      ms: performance.now() - started,
    };
  }

  return { exportAll, rerender };
}
