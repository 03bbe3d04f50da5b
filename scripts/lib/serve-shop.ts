// Starts the built shop (the node adapter's app handler, `mode: 'middleware'`) on a node:http server
// of its own, behind a front of four parts:
// - an address that is not valid percent-encoding (/%ZZ) would get the adapter's plain-text "Bad
//   request." before any shop code runs: such a request goes on with the bad escapes written as %25
//   and a marker header, and the middleware answers it with the shop's 400 page in its language;
// - a second spelling of a page's address (`/en//c/tools`) answers 301 to the canonical one, so it
//   never becomes a page-cache entry of its own;
// - a page the page cache holds fresh is answered from it at once, never entering the framework;
//   so is a call a front route takes (src/lib/server/front-routes.ts: a guest's price call);
// - files of the client build are served precompressed (brotli or gzip, written at build time by
//   the precompress integration) by sirv, immutable under /_astro/;
// - every other answer (pages, sitemaps) is compressed on the way out by `compression`, unless it
//   is already (the page cache stores its pages compressed, endpoints compress their JSON whole). A HEAD names the coding its
//   GET would get, which `compression` leaves out;
// - a request body is held to its limit before anything reads it (./body-guard.ts).
// The coding follows one rule everywhere (src/lib/server/http-encoding.ts): brotli, else gzip.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { dirname, resolve } from 'node:path';
import { constants } from 'node:zlib';
import compression from 'compression';
import onHeaders from 'on-headers';
import sirv from 'sirv';
import { MALFORMED_URL_HEADER, escapeMalformedUrl } from '../../src/lib/site/malformed-url.ts';
import { canonicalTarget } from '../../src/lib/site/canonical-path.ts';
import { COMPRESS_FROM_BYTES, DYNAMIC_BROTLI_QUALITY, chooseCoding } from '../../src/lib/server/http-encoding.ts';
import { registeredPageStore } from '../../src/lib/server/publish/page-store-registry.ts';
import { registeredFrontRoute } from '../../src/lib/server/front-routes.ts';
import { MAX_BODY_BYTES } from '../../src/lib/server/body-limit.ts';
import { guardBody } from './body-guard.ts';
import { answerNotModified } from './not-modified.ts';
import { pageCacheKey } from '../../src/lib/catalog/category-listing.ts';
import { securityHeaders } from '../../src/lib/server/security-headers.ts';
import { frontHead, type SecurityHeaders } from './page-cache-head.ts';
import { env } from '../../src/lib/server/env.ts';
import { PREVIEW_COOKIE } from '../../src/lib/admin/preview-cookie.ts';
import { isStopping } from '../../src/lib/server/lifecycle/index.ts';
import { stopGracefullyOnSignals } from './graceful-stop.ts';
import { logger } from '../../src/lib/server/log.ts';
import { answerMetricsOnShopPort, startMetricsServer } from './metrics-endpoint.ts';
import { metrics } from '../../src/lib/server/metrics/index.ts';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;
/**
 * The adapter's entry in middleware mode: the app alone. (Standalone mode puts a static-file handler
 * in front of it that stats the disk for every request, POSTs included: a sixth of the CPU of a
 * price call under load, and the files are this front's job.)
 */
interface NodeEntry {
  handler(req: IncomingMessage, res: ServerResponse): Promise<void>;
  options: { host?: string | boolean; port?: number };
}

/** Longer than the idle timeout of the proxies in front (Varnish's backend_idle_timeout is 60 s). */
const KEEP_ALIVE_MS = 65_000;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files of public/ (logo, favicon) keep their names across deploys: revalidated after an hour. */
const PUBLIC_FILES = 'public, max-age=3600';

/**
 * sirv lists the build's files once, at start, and pipes a read stream into the answer without
 * listening for its errors: a file removed since (a deploy replacing the build in place under the
 * running process) made an unhandled error that ended the whole shop. The headers are out by then,
 * so this answer can only be cut short; the shop serves on.
 */
function endOnReadError(this: ServerResponse, source: NodeJS.ReadableStream): void {
  source.once('error', (error: Error) => {
    logger.warn({ err: error }, 'a static file could not be read: the answer was cut short');
    this.destroy();
  });
}

const staticCacheControl = (pathname: string) => (pathname.startsWith('/_astro/') ? IMMUTABLE : PUBLIC_FILES);

/** The listener the front puts before the adapter's own handler. */
function createFront(clientDir: string, app: Listener): Listener {
  const statics = sirv(clientDir, {
    brotli: true,
    gzip: true,
    etag: true,
    extensions: [],
    dotfiles: false,
    setHeaders: (res, pathname) => res.setHeader('Cache-Control', staticCacheControl(pathname)),
  });
  const compress = compression({
    threshold: COMPRESS_FROM_BYTES,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
  });
  const security = securityHeaders(env().SITE_URL);
  const { METRICS_PORT, METRICS_TOKEN } = env();
  const metricsToken = METRICS_PORT === undefined ? METRICS_TOKEN : undefined;
  return (req, res) => {
    const handled = timeRequest(req, res);
    // Stopping: every answer ends its connection, so clients and proxies reconnect (to another instance).
    if (isStopping()) res.setHeader('Connection', 'close');
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
    const reading = req.method === 'GET' || req.method === 'HEAD';
    const canonical = reading ? canonicalTarget(req.url ?? '/') : null;
    // A stored page carries the security headers it was rendered with; the rest get them here.
    if (reading && canonical === null && answerFromPageCache(req, res, security)) return handled('page-cache');
    // Every other answer has them, whoever writes it; a page's own CSP (rendered by the app) replaces
    // the default one when its headers are written.
    for (const [name, value] of security) res.setHeader(name, value);
    if (reading) {
      if (canonical !== null) return handled(redirect(res, canonical));
      if (answerMetricsOnShopPort(req, res, metricsToken)) return handled('metrics');
    }
    if (req.method === 'HEAD') nameCodingOnHead(req, res, coding);
    const toApp = () => {
      handled('app');
      compress(req as never, res as never, () => {
        app(req, res);
      });
    };
    if (req.method === 'GET' || req.method === 'HEAD') {
      handled('static');
      if (answerNotModified(clientDir, req, res, staticCacheControl)) return;
      res.once('pipe', endOnReadError);
      statics(req, res, toApp);
    } else
      guardBody(req, res, () => {
        if (req.method === 'POST' && answerByFrontRoute(req, res)) handled('front-route');
        else toApp();
      });
  };
}

type Handler = 'redirect' | 'page-cache' | 'metrics' | 'static' | 'front-route' | 'app';

/**
 * Times the request into storefront_http_request_duration_seconds when its answer is finished, under
 * the handler last named through the returned function (the static files hand a miss on to the app).
 */
function timeRequest(req: IncomingMessage, res: ServerResponse): (handler: Handler) => void {
  const end = metrics().requests.startTimer();
  let handler: Handler = 'app';
  res.once('finish', () => end({ handler, method: req.method ?? 'GET', status: String(res.statusCode) }));
  return (by) => {
    handler = by;
  };
}

/** A second spelling of an address (`/en//c/tools`, `/en/./c`) answers 301 to its one canonical path. */
function redirect(res: ServerResponse, canonical: string): Handler {
  res.writeHead(301, { location: canonical, 'cache-control': 'public, max-age=3600' });
  res.end();
  return 'redirect';
}

/**
 * A page the page cache holds fresh goes out from here, without entering the framework: the same
 * answer the cache provider would give (the store is the one it registered), at a fraction of the cost.
 * Its head is written from a list made once per stored page, coding and state (./page-cache-head.ts).
 */
function answerFromPageCache(req: IncomingMessage, res: ServerResponse, security: SecurityHeaders): boolean {
  const store = registeredPageStore();
  if (!store) return false;
  const header = (name: string) => {
    const value = req.headers[name];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  };
  // A preview cookie goes to the app, which checks its signature: a valid one renders drafts.
  if (req.headers.cookie?.includes(`${PREVIEW_COOKIE}=`)) return false;
  const key = pageCacheKey(new URL(req.url ?? '/', 'http://front.invalid'));
  const reply = key === null ? null : store.hit({ method: req.method ?? 'GET', header }, key);
  if (!reply) return false;
  res.writeHead(reply.status, frontHead(reply, security));
  res.end(reply.body ?? undefined);
  return true;
}

/**
 * A call a front route takes: its body (of the declared length, within the limit) read here, the
 * answer the route's. A body of unknown or excessive length goes to the app, which refuses it.
 */
function answerByFrontRoute(req: IncomingMessage, res: ServerResponse): boolean {
  const route = registeredFrontRoute('POST', (req.url ?? '/').split('?', 1)[0]!);
  const length = Number(req.headers['content-length']);
  if (!route || !Number.isInteger(length) || length > MAX_BODY_BYTES) return false;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  if (!route.accepts(headers)) return false;
  void (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = new Request(new URL(req.url ?? '/', 'http://front.invalid'), {
      method: 'POST',
      headers,
      body: new Uint8Array(Buffer.concat(chunks)),
    });
    const response = await route.answer(request, req.socket.remoteAddress ?? '');
    const body = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, [...response.headers].flat());
    res.end(body);
  })().catch((error: unknown) => res.destroy(error as Error));
  return true;
}

/** What `compression` would do to the GET, said in the HEAD's headers (its body is never sent). */
function nameCodingOnHead(req: IncomingMessage, res: ServerResponse, coding: string): void {
  onHeaders(res, () => {
    res.setHeader('Vary', mergeVary(res.getHeader('Vary')));
    if (coding === 'identity' || res.getHeader('Content-Encoding') || !compression.filter(req as never, res as never))
      return;
    if (Number(res.getHeader('Content-Length')) < COMPRESS_FROM_BYTES) return;
    res.setHeader('Content-Encoding', coding);
    res.removeHeader('Content-Length');
  });
}

function mergeVary(current: ReturnType<ServerResponse['getHeader']>): string {
  const values = String(current ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return values.some((v) => v.toLowerCase() === 'accept-encoding' || v === '*')
    ? values.join(', ')
    : [...values, 'Accept-Encoding'].join(', ');
}

export interface ShopServer {
  server: Server;
  /** Where it answers, e.g. http://127.0.0.1:4400. */
  origin: string;
  stop(): Promise<void>;
}

/**
 * Starts the built shop behind the front on HOST and PORT (else the host and port it was built
 * with) and resolves once it listens.
 */
export async function startShopServer(entryPath: string): Promise<ShopServer> {
  // React (external to the bundle) picks its build from NODE_ENV when the entry first loads it: unset,
  // it renders with its development build, twice the CPU per page. Every launcher comes through here
  // (scripts/serve.ts, which the benches and tests use, set nothing before this was here).
  process.env.NODE_ENV ??= 'production';
  const entry = (await import(entryPath)) as NodeEntry;
  const app: Listener = (req, res) => {
    void entry.handler(req, res);
  };
  const server = createServer(createFront(resolve(dirname(entryPath), '../client'), app));
  // Idle connections stay open longer than a proxy keeps its own (Varnish: 60 s), so the proxy is the
  // one to close them: otherwise it could send a request, a POST among them, down a connection this
  // server has just closed (Node's default is 5 s). Headers must arrive within a little more.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  const { host: builtHost, port: builtPort } = entry.options;
  const port = Number(process.env.PORT || builtPort || 8080);
  const host = process.env.HOST || (builtHost === true ? '0.0.0.0' : builtHost || 'localhost');
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      done();
    });
  });
  const shown = ['0.0.0.0', '::'].includes(host) ? '127.0.0.1' : host;
  return {
    server,
    origin: `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`,
    stop: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/**
 * Serves the built shop (and the metrics listener, METRICS_PORT) until the process is told to stop,
 * then stops gracefully (./graceful-stop.ts). Resolves to where it answers once it listens.
 */
export async function serveShop(entryPath: string): Promise<string> {
  const { server, origin } = await startShopServer(entryPath);
  const e = env();
  const servers = [server];
  if (e.METRICS_PORT !== undefined) {
    const host = process.env.HOST || e.HOST;
    servers.push(await startMetricsServer(host, e.METRICS_PORT));
    console.log(`[storefront] metrics on http://${host}:${e.METRICS_PORT}/metrics`);
  }
  stopGracefullyOnSignals(servers, { drainMs: e.SHUTDOWN_DRAIN_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS });
  console.log(`[storefront] listening on ${origin}`);
  return origin;
}
