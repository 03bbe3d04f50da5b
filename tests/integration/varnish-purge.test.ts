// deploy/varnish/storefront.vcl on a real varnishd, in front of a tiny origin that answers like the
// shop (s-maxage, weak ETag, xkey tags; private, no-store for personal pages and APIs), purged by the
// shop's own purge client. Every page body carries a per-path render counter, so a purge that did
// nothing shows up as an unchanged counter.
import {
  request as httpRequest,
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdnPurgerFromEnv, varnishPurger } from '#lib/server/publish/cdn-purge.ts';
import { startVarnish, type VarnishServer } from '#tests/helpers/varnish.ts';

const LAST_MODIFIED = 'Wed, 01 Jul 2026 10:00:00 GMT';
/** Far beyond the test's run: the background settle purge only runs where a test asks for it. */
const NO_SETTLE = 600_000;

/** Cache tags of the origin's pages; a page not listed carries `shell:de`. */
const PAGE_TAGS: Record<string, string> = {
  '/p/1': 'shell:de p:1 c:3',
  '/p/2': 'shell:de p:2 c:4',
  '/c/3': 'shell:de c:3 sitemap',
  '/en/p/1': 'shell:en p:1',
  '/p/settle': 'shell:de p:settle',
  '/p/settle-fail': 'shell:de p:settle-fail',
  '/p/acl': 'shell:de p:acl',
  '/p/env': 'shell:de p:env',
};
const MANY_TAGS = Array.from({ length: 2000 }, (_, i) => `t:batch-${String(i).padStart(4, '0')}`);
PAGE_TAGS['/p/batch-first'] = MANY_TAGS[0]!;
PAGE_TAGS['/p/batch-last'] = MANY_TAGS.at(-1)!;

const PRIVATE = 'private, no-store';
const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=60';

const renders = new Map<string, number>();
/** What the origin saw of each path's last request. */
const lastCookie = new Map<string, string | undefined>();

function origin(req: IncomingMessage, res: ServerResponse): void {
  const path = new URL(req.url ?? '/', 'http://origin').pathname;
  // Pointing the purge client at the shop instead of Varnish: the shop does not know these methods.
  if (req.method === 'PURGE') {
    res.writeHead(501).end('not a cache');
    return;
  }
  const count = (renders.get(path) ?? 0) + 1;
  renders.set(path, count);
  lastCookie.set(path, req.headers.cookie);
  const body = `${path} #${count} cookie=${req.headers.cookie ?? '-'}`;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  if (path.startsWith('/api/') || /^\/([a-z]{2}\/)?my-account/.test(path) || path === '/private-page') {
    res.setHeader('Cache-Control', PRIVATE);
  } else if (path === '/no-cache-control') {
    // No Cache-Control at all: Varnish's default_ttl would keep it, untagged and unpurgeable.
  } else {
    const tags = PAGE_TAGS[path] ?? 'shell:de';
    res.setHeader('Cache-Control', PAGE_CACHE_CONTROL);
    res.setHeader('ETag', `W/"${path}-${count}"`);
    res.setHeader('Last-Modified', LAST_MODIFIED);
    res.setHeader('xkey', tags);
    res.setHeader('Surrogate-Key', tags);
    if (path === '/set-cookie-page') res.setHeader('Set-Cookie', 'vsf-cart=abc; Path=/; HttpOnly');
  }
  res.end(body);
}

let backend: Server;
let varnish: VarnishServer;

beforeAll(async () => {
  backend = createServer(origin);
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const address = backend.address();
  if (!address || typeof address === 'string') throw new Error('origin has no port');
  varnish = await startVarnish({ backendPort: address.port });
});

afterAll(async () => {
  await varnish?.stop();
  await new Promise<void>((resolve) => (backend ? backend.close(() => resolve()) : resolve()));
});

interface Answer {
  status: number;
  body: string;
  cache: string | null;
  headers: Headers;
}

async function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const response = await fetch(`${varnish.url}${path}`, { method, headers });
  return {
    status: response.status,
    body: await response.text(),
    cache: response.headers.get('x-cache'),
    headers: response.headers,
  };
}

/** GETs the page until it is cached (MISS, then HIT) and returns the cached body. */
async function warm(path: string): Promise<string> {
  const first = await get(path);
  expect(first.status).toBe(200);
  const second = await get(path);
  expect(second.cache).toBe('HIT');
  expect(second.body).toBe(first.body);
  return second.body;
}

/** fetch that records what the purge client sends, still over real HTTP. */
function recordingFetch(): { fetch: typeof fetch; calls: { method: string; tags: string | null }[] } {
  const calls: { method: string; tags: string | null }[] = [];
  const recording: typeof fetch = (input, init) => {
    calls.push({ method: init?.method ?? 'GET', tags: new Headers(init?.headers).get('xkey-purge') });
    return fetch(input, init);
  };
  return { fetch: recording, calls };
}

function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A raw request from 127.0.0.2, an address outside the VCL's purgers ACL (all of 127/8 is loopback). */
function fromOutsider(method: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: varnish.port, localAddress: '127.0.0.2', method, path: '/', headers },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('storefront VCL', () => {
  it('caches a page and answers the second GET from the cache, tags and s-maxage stripped', async () => {
    const first = await get('/p/cached');
    expect(first).toMatchObject({ status: 200, body: '/p/cached #1 cookie=-', cache: 'MISS' });
    const second = await get('/p/cached');
    expect(second).toMatchObject({ status: 200, body: '/p/cached #1 cookie=-', cache: 'HIT' });
    expect(renders.get('/p/cached')).toBe(1);

    expect(second.headers.get('xkey')).toBeNull();
    expect(second.headers.get('surrogate-key')).toBeNull();
    // Proxies behind Varnish must not keep the page (no purge reaches them); browsers revalidate.
    expect(second.headers.get('cache-control')).toBe('public, max-age=0');
    expect(second.headers.get('etag')).toBe('W/"/p/cached-1"');
    expect(second.headers.get('last-modified')).toBe(LAST_MODIFIED);
  });

  it('answers a conditional GET with 304 from the cache', async () => {
    await warm('/p/conditional');
    const byEtag = await get('/p/conditional', { 'If-None-Match': 'W/"/p/conditional-1"' });
    expect(byEtag).toMatchObject({ status: 304, body: '', cache: 'HIT' });
    const byDate = await get('/p/conditional', { 'If-Modified-Since': LAST_MODIFIED });
    expect(byDate).toMatchObject({ status: 304, cache: 'HIT' });
    const changed = await get('/p/conditional', { 'If-None-Match': 'W/"/p/conditional-0"' });
    expect(changed).toMatchObject({ status: 200, body: '/p/conditional #1 cookie=-', cache: 'HIT' });
    expect(renders.get('/p/conditional')).toBe(1);
  });

  it('serves cached pages to shoppers with cookies and never forwards their cookies for pages', async () => {
    const first = await get('/p/cookie', { Cookie: 'vsf-token=secret; vsf-auth=1' });
    expect(first).toMatchObject({ body: '/p/cookie #1 cookie=-', cache: 'MISS' });
    const other = await get('/en/p/cookie', { Cookie: 'vsf-locale=en' });
    expect(other).toMatchObject({ body: '/en/p/cookie #1 cookie=-', cache: 'MISS' });
    const again = await get('/p/cookie', { Cookie: 'vsf-token=another' });
    expect(again).toMatchObject({ body: '/p/cookie #1 cookie=-', cache: 'HIT' });
    expect(renders.get('/p/cookie')).toBe(1);
  });

  it('never caches APIs, personal pages, private or cookie-setting answers, or answers without Cache-Control', async () => {
    for (const path of [
      '/api/x',
      '/my-account',
      '/en/my-account/orders',
      '/checkout',
      '/fr/checkout/payment',
      '/pay/7',
      '/order-payment/7/ok',
    ]) {
      const first = await get(path, { Cookie: 'vsf-token=secret' });
      const second = await get(path, { Cookie: 'vsf-token=secret' });
      expect([first.cache, second.cache], path).toEqual(['PASS', 'PASS']);
      expect(second.body, path).toBe(`${path} #2 cookie=vsf-token=secret`);
      expect(lastCookie.get(path), path).toBe('vsf-token=secret');
    }
    // Not a personal path, so looked up, but the answers forbid storing them.
    for (const path of ['/private-page', '/set-cookie-page', '/no-cache-control']) {
      await get(path);
      const second = await get(path);
      expect(second.cache, path).toBe('PASS');
      expect(second.body, path).toBe(`${path} #2 cookie=-`);
    }
    const posted = await get('/p/posted', {}, 'POST');
    expect(posted).toMatchObject({ body: '/p/posted #1 cookie=-', cache: 'PASS' });
    expect(await get('/p/posted')).toMatchObject({ body: '/p/posted #2 cookie=-', cache: 'MISS' });
  });

  it('a tag purge drops exactly the pages carrying the tag', async () => {
    for (const path of ['/p/1', '/p/2', '/c/3', '/en/p/1']) await warm(path);
    const purger = varnishPurger(`${varnish.url}/`, { settleMs: NO_SETTLE });

    await purger.purge({ tags: ['p:1'] });
    expect(await get('/p/1')).toMatchObject({ body: '/p/1 #2 cookie=-', cache: 'MISS' });
    expect(await get('/en/p/1')).toMatchObject({ body: '/en/p/1 #2 cookie=-', cache: 'MISS' });
    expect(await get('/p/2')).toMatchObject({ body: '/p/2 #1 cookie=-', cache: 'HIT' });
    expect(await get('/c/3')).toMatchObject({ body: '/c/3 #1 cookie=-', cache: 'HIT' });

    await purger.purge({ tags: ['c:3', 'no-such-tag'] });
    expect(await get('/p/1')).toMatchObject({ body: '/p/1 #3 cookie=-', cache: 'MISS' });
    expect(await get('/c/3')).toMatchObject({ body: '/c/3 #2 cookie=-', cache: 'MISS' });
    expect(await get('/en/p/1')).toMatchObject({ body: '/en/p/1 #2 cookie=-', cache: 'HIT' });
    expect(await get('/p/2')).toMatchObject({ body: '/p/2 #1 cookie=-', cache: 'HIT' });

    // A purged page is gone, not kept for grace: no stale copy is served while it is fetched again.
    await purger.purge({ tags: ['p:2'] });
    expect(await get('/p/2')).toMatchObject({ body: '/p/2 #2 cookie=-', cache: 'MISS' });
  });

  it('sends thousands of tags in several PURGE requests whose header stays under 8 KB', async () => {
    await warm('/p/batch-first');
    await warm('/p/batch-last');
    const { fetch: recording, calls } = recordingFetch();
    await varnishPurger(varnish.url, { settleMs: NO_SETTLE, fetch: recording }).purge({ tags: MANY_TAGS });

    expect(calls.length).toBeGreaterThan(1);
    expect(calls.every((c) => c.method === 'PURGE' && c.tags !== null && c.tags.length < 8 * 1024)).toBe(true);
    expect(calls.flatMap((c) => c.tags!.split(' ')).sort()).toEqual(MANY_TAGS);
    expect(await get('/p/batch-first')).toMatchObject({ body: '/p/batch-first #2 cookie=-', cache: 'MISS' });
    expect(await get('/p/batch-last')).toMatchObject({ body: '/p/batch-last #2 cookie=-', cache: 'MISS' });
  });

  it('{ all: true } bans every page with one BAN', async () => {
    await warm('/p/all-1');
    await warm('/c/all-2');
    const { fetch: recording, calls } = recordingFetch();
    await varnishPurger(varnish.url, { settleMs: NO_SETTLE, fetch: recording }).purge({ all: true });
    expect(calls).toEqual([{ method: 'BAN', tags: null }]);
    expect(await get('/p/all-1')).toMatchObject({ body: '/p/all-1 #2 cookie=-', cache: 'MISS' });
    expect(await get('/c/all-2')).toMatchObject({ body: '/c/all-2 #2 cookie=-', cache: 'MISS' });
    expect(await get('/p/all-1')).toMatchObject({ body: '/p/all-1 #2 cookie=-', cache: 'HIT' });
  });

  it('purges once more in the background, catching a page stored after the first purge', async () => {
    await warm('/p/settle');
    const calls: string[] = [];
    const release = deferred();
    const secondDone = deferred();
    // The second (settle) purge waits for the test, so the page can be re-cached in between.
    const gated: typeof fetch = async (input, init) => {
      calls.push(init?.method ?? 'GET');
      if (calls.length === 1) return fetch(input, init);
      await release.promise;
      const response = await fetch(input, init);
      secondDone.resolve();
      return response;
    };
    await varnishPurger(varnish.url, { settleMs: 10, fetch: gated }).purge({ tags: ['p:settle'] });
    expect(calls).toEqual(['PURGE']);

    // What an in-flight render does: stores the page again after the first purge.
    expect(await get('/p/settle')).toMatchObject({ body: '/p/settle #2 cookie=-', cache: 'MISS' });
    expect(await get('/p/settle')).toMatchObject({ body: '/p/settle #2 cookie=-', cache: 'HIT' });

    release.resolve();
    await secondDone.promise;
    expect(calls).toEqual(['PURGE', 'PURGE']);
    expect(await get('/p/settle')).toMatchObject({ body: '/p/settle #3 cookie=-', cache: 'MISS' });
  });

  it('a failing second purge is logged, not thrown', async () => {
    await warm('/p/settle-fail');
    const secondCalled = deferred();
    let calls = 0;
    const failing: typeof fetch = (input, init) => {
      calls += 1;
      if (calls === 1) return fetch(input, init);
      secondCalled.resolve();
      return Promise.reject(new TypeError('fetch failed'));
    };
    await varnishPurger(varnish.url, { settleMs: 10, fetch: failing }).purge({ tags: ['p:settle-fail'] });
    await secondCalled.promise;
    // Let the rejection reach the purger's catch; an unhandled one would fail this test file.
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toBe(2);
    expect(await get('/p/settle-fail')).toMatchObject({ body: '/p/settle-fail #2 cookie=-', cache: 'MISS' });
  });

  it('answers PURGE and BAN only to the purgers ACL', async () => {
    await warm('/p/acl');
    expect(await fromOutsider('PURGE', { 'xkey-purge': 'p:acl' })).toMatchObject({ status: 405 });
    expect(await fromOutsider('BAN')).toMatchObject({ status: 405 });
    expect(await get('/p/acl')).toMatchObject({ body: '/p/acl #1 cookie=-', cache: 'HIT' });

    const missingHeader = await fetch(varnish.url, { method: 'PURGE' });
    expect(missingHeader.status).toBe(400);
    const purged = await fetch(varnish.url, { method: 'PURGE', headers: { 'xkey-purge': 'p:acl no-such-tag' } });
    expect([purged.status, await purged.text()]).toEqual([200, 'Purged 1\n']);
    expect(await get('/p/acl')).toMatchObject({ body: '/p/acl #2 cookie=-', cache: 'MISS' });
  });
});

describe('CDN purge client', () => {
  it('rejects with the status when the target is not Varnish, and names an unreachable one', async () => {
    const address = backend.address();
    if (!address || typeof address === 'string') throw new Error('origin has no port');
    const shop = varnishPurger(`http://127.0.0.1:${address.port}/`, { settleMs: NO_SETTLE });
    await expect(shop.purge({ tags: ['p:1'] })).rejects.toThrow(
      /^CDN purge: PURGE http:\/\/127\.0\.0\.1:\d+\/ answered 501 Not Implemented: not a cache$/,
    );
    // Node's HTTP parser does not even know BAN: 400 before the origin's handler runs.
    await expect(shop.purge({ all: true })).rejects.toThrow(
      /^CDN purge: BAN http:\/\/127\.0\.0\.1:\d+\/ answered 400 Bad Request/,
    );

    // A port that was free a moment ago: nothing listens there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedAddress = closed.address();
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    if (!closedAddress || typeof closedAddress === 'string') throw new Error('no port');
    const nowhere = varnishPurger(`http://127.0.0.1:${closedAddress.port}/`, { settleMs: NO_SETTLE });
    await expect(nowhere.purge({ tags: ['p:1'] })).rejects.toThrow(
      /^CDN purge: PURGE http:\/\/127\.0\.0\.1:\d+\/ failed: .*ECONNREFUSED/,
    );
  });

  it('refuses a tag that would break the header, before sending anything', async () => {
    const { fetch: recording, calls } = recordingFetch();
    const purger = varnishPurger(varnish.url, { settleMs: NO_SETTLE, fetch: recording });
    await expect(purger.purge({ tags: ['p:1', 'p:2 c:3'] })).rejects.toThrow('invalid cache tag "p:2 c:3"');
    await expect(purger.purge({ tags: ['p:1\r\nx: y'] })).rejects.toThrow(/invalid cache tag/);
    await purger.purge({ tags: [] });
    expect(calls).toEqual([]);
  });

  it('is configured by CDN_PURGE_URL', async () => {
    expect(cdnPurgerFromEnv({})).toBeUndefined();
    expect(cdnPurgerFromEnv({ CDN_PURGE_URL: '' })).toBeUndefined();
    expect(() => cdnPurgerFromEnv({ CDN_PURGE_URL: 'varnish:6081' })).toThrow(/CDN_PURGE_URL must be an http\(s\) URL/);

    await warm('/p/env');
    const purger = cdnPurgerFromEnv({ CDN_PURGE_URL: varnish.url });
    expect(purger?.name).toBe('varnish');
    await purger!.purge({ tags: ['p:env'] });
    expect(await get('/p/env')).toMatchObject({ body: '/p/env #2 cookie=-', cache: 'MISS' });
  });
});
