// Starts the built shop (the node adapter's standalone server) behind a front of four parts:
// - an address that is not valid percent-encoding (/%ZZ) would get the adapter's plain-text "Bad
//   request." before any shop code runs: such a request goes on with the bad escapes written as %25
//   and a marker header, and the middleware answers it with the shop's 400 page in its language;
// - a page the page cache holds fresh is answered from it at once, never entering the framework;
// - files of the client build are served precompressed (brotli or gzip, written at build time by
//   the precompress integration) by sirv, immutable under /_astro/;
// - every other answer (pages, API JSON, sitemaps) is compressed on the way out by `compression`,
//   unless it is already (the page cache stores its pages compressed). A HEAD names the coding its
//   GET would get, which `compression` leaves out.
// The coding follows one rule everywhere (src/lib/server/http-encoding.ts): brotli, else gzip.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { dirname, resolve } from 'node:path';
import { constants } from 'node:zlib';
import compression from 'compression';
import onHeaders from 'on-headers';
import sirv from 'sirv';
import { MALFORMED_URL_HEADER, escapeMalformedUrl } from '../../src/lib/site/malformed-url.ts';
import { chooseCoding } from '../../src/lib/server/http-encoding.ts';
import { registeredPageStore } from '../../src/lib/server/publish/page-cache.ts';
import { pageCacheKey } from '../../src/lib/catalog/category-listing.ts';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;
interface NodeEntry {
  handler: Listener;
  startServer(): { server: { server: Server } };
}

/** Smaller answers are sent as they are: the coding's framing would eat most of the saving. */
const THRESHOLD = 1024;
/**
 * Dynamic answers are compressed per request: a quality that costs about what gzip does (a checkout page
 * of 76 KB: 1.1 ms at 5, 0.9 ms at 4 and for gzip) and gives about 7 % less than 4 on pages.
 */
const BROTLI_QUALITY = 5;

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files of public/ (logo, favicon) keep their names across deploys: revalidated after an hour. */
const PUBLIC_FILES = 'public, max-age=3600';

/** The listener the front puts before the adapter's own handler. */
function createFront(clientDir: string, app: Listener): Listener {
  const statics = sirv(clientDir, {
    brotli: true, gzip: true, etag: true, extensions: [], dotfiles: false,
    setHeaders: (res, pathname) => res.setHeader('Cache-Control', pathname.startsWith('/_astro/') ? IMMUTABLE : PUBLIC_FILES),
  });
  const compress = compression({ threshold: THRESHOLD, brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } } });
  return (req, res) => {
    const fixed = escapeMalformedUrl(req.url ?? '/');
    // Only this front may set the marker: a client sending it would otherwise get error pages at will.
    delete req.headers[MALFORMED_URL_HEADER];
    if (fixed !== null) {
      req.url = fixed;
      req.headers[MALFORMED_URL_HEADER] = '1';
    }
    // Normalised to the one coding the rule picks, so sirv and compression honour q-values too.
    const coding = chooseCoding(req.headers['accept-encoding']);
    req.headers['accept-encoding'] = coding;
    if ((req.method === 'GET' || req.method === 'HEAD') && answerFromPageCache(req, res)) return;
    if (req.method === 'HEAD') nameCodingOnHead(req, res, coding);
    const toApp = () => { compress(req as never, res as never, () => { app(req, res); }); };
    if (req.method === 'GET' || req.method === 'HEAD') statics(req, res, toApp);
    else toApp();
  };
}

/**
 * A page the page cache holds fresh goes out from here, without entering the framework: the same
 * answer the cache provider would give (the store is the one it registered), at a fraction of the cost.
 */
function answerFromPageCache(req: IncomingMessage, res: ServerResponse): boolean {
  const store = registeredPageStore();
  if (!store) return false;
  const header = (name: string) => {
    const value = req.headers[name];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  };
  const key = pageCacheKey(new URL(req.url ?? '/', 'http://front.invalid'));
  const reply = key === null ? null : store.hit({ method: req.method ?? 'GET', header }, key);
  if (!reply) return false;
  res.writeHead(reply.status, reply.headers.flat());
  res.end(reply.body ?? undefined);
  return true;
}

/** What `compression` would do to the GET, said in the HEAD's headers (its body is never sent). */
function nameCodingOnHead(req: IncomingMessage, res: ServerResponse, coding: string): void {
  onHeaders(res, () => {
    res.setHeader('Vary', mergeVary(res.getHeader('Vary')));
    if (coding === 'identity' || res.getHeader('Content-Encoding') || !compression.filter(req as never, res as never)) return;
    if (Number(res.getHeader('Content-Length')) < THRESHOLD) return;
    res.setHeader('Content-Encoding', coding);
    res.removeHeader('Content-Length');
  });
}

function mergeVary(current: ReturnType<ServerResponse['getHeader']>): string {
  const values = String(current ?? '').split(',').map((v) => v.trim()).filter(Boolean);
  return values.some((v) => v.toLowerCase() === 'accept-encoding' || v === '*') ? values.join(', ') : [...values, 'Accept-Encoding'].join(', ');
}

export async function serveShop(entryPath: string): Promise<void> {
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const entry = await import(entryPath) as NodeEntry;
  const { server } = entry.startServer().server;
  server.removeAllListeners('request');
  server.on('request', createFront(resolve(dirname(entryPath), '../client'), entry.handler));
}
