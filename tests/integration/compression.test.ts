// Compression at the origin, through the built shop behind its server front (as `npm start` runs
// it): client files precompressed at build time, pages from the page cache, API JSON compressed by
// its endpoint; brotli first, gzip next, q-values honoured, `Vary: Accept-Encoding` on all of them,
// and a HEAD that carries the headers of its GET. And the front's one route (a guest's price call,
// answered before Astro): the endpoint's answers and errors, byte for byte once decoded.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildTestShop,
  seededDataDir,
  startShopInstance,
  type ShopInstance,
  TEST_BUILD_DIR,
} from '#tests/helpers/shop-instance.ts';

const OUT_DIR = TEST_BUILD_DIR;
const ASSETS = join(OUT_DIR, 'client/_astro');
let shop: ShopInstance | undefined;
let script = '';

interface Answer {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

/** A raw HTTP exchange: fetch() would decode the body itself, and a client receives it encoded. */
function ask(
  path: string,
  acceptEncoding: string | undefined,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolvePromise, reject) => {
    const headers = { ...init.headers, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) };
    const req = request(`${shop!.url}${path}`, { method: init.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          if (value !== undefined) out.set(name, Array.isArray(value) ? value.join(', ') : value);
        resolvePromise({ status: res.statusCode ?? 0, headers: out, bytes: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const decoded = (a: Answer) => {
  const coding = a.headers.get('content-encoding');
  return coding === 'br' ? brotliDecompressSync(a.bytes) : coding === 'gzip' ? gunzipSync(a.bytes) : a.bytes;
};

let dataDir = '';

beforeAll(async () => {
  dataDir = await seededDataDir(60);
  await buildTestShop(OUT_DIR);
  shop = await startShopInstance({ outDir: OUT_DIR, dataDir });
  const withCopies = readdirSync(ASSETS).filter((f) => f.endsWith('.js') && existsSync(join(ASSETS, `${f}.br`)));
  script = `/_astro/${withCopies[0]}`;
}, 600_000);

afterAll(async () => {
  await shop?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('client files', () => {
  test('the build writes a brotli and a gzip copy beside every script and style of 1 KB or more', () => {
    const files = readdirSync(ASSETS).filter((f) => /\.(js|css)$/.test(f) && statSync(join(ASSETS, f)).size >= 1024);
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter((f) => !existsSync(join(ASSETS, `${f}.br`)) || !existsSync(join(ASSETS, `${f}.gz`)))).toEqual(
      [],
    );
  });

  test('are sent in the best coding the client takes, the same bytes whichever, immutable', async () => {
    const plain = await ask(script, undefined);
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const [accept, coding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0', null],
    ] as const) {
      const answer = await ask(script, accept);
      expect(answer.status, accept).toBe(200);
      expect(answer.headers.get('content-encoding'), accept).toBe(coding);
      expect(answer.headers.get('vary'), accept).toMatch(/accept-encoding/i);
      expect(answer.headers.get('cache-control'), accept).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.get('content-type'), accept).toMatch(/javascript/);
      expect(Number(answer.headers.get('content-length')), accept).toBe(answer.bytes.length);
      expect(decoded(answer).equals(plain.bytes), accept).toBe(true);
    }
    expect((await ask(script, 'br')).bytes.length).toBeLessThan(plain.bytes.length / 2);
  });

  test('a HEAD carries the headers of its GET', async () => {
    const get = await ask(script, 'br');
    const head = await ask(script, 'br', { method: 'HEAD' });
    for (const name of ['content-encoding', 'content-length', 'content-type', 'vary', 'etag', 'cache-control']) {
      expect(head.headers.get(name), name).toBe(get.headers.get(name));
    }
    expect(head.bytes.length).toBe(0);
  });
});

describe('pages and API answers', () => {
  test('a cached page travels in brotli or gzip, with Vary, and its HEAD says so too', async () => {
    const plain = await ask('/en', undefined);
    expect(plain.status).toBe(200);
    for (const [accept, coding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await ask('/en', accept);
      expect(answer.headers.get('content-encoding'), accept).toBe(coding);
      expect(answer.headers.get('vary'), accept).toMatch(/accept-encoding/i);
      expect(decoded(answer).toString('utf8'), accept).toBe(plain.bytes.toString('utf8'));
      const head = await ask('/en', accept, { method: 'HEAD' });
      expect(head.headers.get('content-encoding'), `HEAD ${accept}`).toBe(coding);
    }
    expect((await ask('/en', 'br')).bytes.length).toBeLessThan(plain.bytes.length / 4);
  });

  test('API JSON is compressed on the way out, a small answer is not', async () => {
    const search = (accept: string | undefined) =>
      ask('/api/catalog/search', accept, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ keyword: 'bohr', limit: 24, pricesLazyLoad: false, excludePrices: false }),
      });
    const plain = await search(undefined);
    expect(plain.status).toBe(200);
    expect(plain.bytes.length).toBeGreaterThan(1024);
    const br = await search('gzip, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(JSON.parse(decoded(br).toString('utf8'))).toEqual(JSON.parse(plain.bytes.toString('utf8')));
    const gz = await search('gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');

    const small = await ask('/api/catalog/search', 'br', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ keyword: '' }),
    });
    expect(small.status).toBe(200);
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});

describe("front routes: a guest's price call is answered before Astro", () => {
  const SKUS = { skus: ['ASR-10003', 'asr-10003', 'NO-SUCH-SKU', 'SBO-10002'] };
  const prices = (body: string, headers: Record<string, string> = {}) =>
    ask('/api/catalog/prices', 'br', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  /** A session cookie Astro must look at (this one names no session, so the shopper is a guest there too). */
  const SESSION = { cookie: 'vsf-refresh=not-a-session' };
  const json = (a: Answer) => JSON.parse(decoded(a).toString('utf8')) as unknown;
  // The middleware stamps every answer that went through Astro with a request id.
  const throughAstro = (a: Answer) => a.headers.has('x-request-id');

  /** A listing page's worth: an answer large enough to be compressed. */
  let page: string[] = [];

  beforeAll(async () => {
    // The endpoint's module registers the route when Astro first loads it.
    expect((await prices(JSON.stringify(SKUS))).status).toBe(200);
    const search = await ask('/api/catalog/search', undefined, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ keyword: 'mm', limit: 24 }),
    });
    page = (JSON.parse(search.bytes.toString('utf8')) as { data: { sku: string }[] }).data.map((p) => p.sku);
    expect(page.length).toBeGreaterThan(12);
  });

  test("the same answer as the endpoint gives, in the guest's currency, compressed, never stored", async () => {
    const front = await prices(JSON.stringify(SKUS));
    const astro = await prices(JSON.stringify(SKUS), SESSION);
    expect(throughAstro(front)).toBe(false);
    expect(throughAstro(astro)).toBe(true);
    expect(front.status).toBe(200);
    expect(front.headers.get('cache-control')).toBe('private, no-store');
    expect(json(front)).toEqual(json(astro));
    const answer = json(front) as { items: { sku: string; priceInfo: { currency: string } | null }[] };
    expect(answer.items.map((i) => i.sku)).toEqual(['ASR-10003', 'SBO-10002']);
    expect(answer.items[0]!.priceInfo?.currency).toBe('EUR');

    const usd = await prices(JSON.stringify(SKUS), { cookie: 'vsf-currency=USD' });
    expect(throughAstro(usd)).toBe(false);
    expect((json(usd) as typeof answer).items[0]!.priceInfo?.currency).toBe('USD');
    expect(json(usd)).toEqual(
      json(await prices(JSON.stringify(SKUS), { cookie: `vsf-currency=USD; ${SESSION.cookie}` })),
    );
  });

  test("a listing page's answer travels compressed, as the endpoint's does", async () => {
    const body = JSON.stringify({ skus: page });
    const front = await prices(body);
    const astro = await prices(body, SESSION);
    expect(throughAstro(front)).toBe(false);
    expect(front.headers.get('content-encoding')).toBe('br');
    expect(front.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(Number(front.headers.get('content-length'))).toBe(front.bytes.length);
    expect(json(front)).toEqual(json(astro));
    expect((json(front) as { items: unknown[] }).items).toHaveLength(page.length);
    const gzip = await ask('/api/catalog/prices', 'gzip', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(json(gzip)).toEqual(json(astro));
  });

  test("bad input gets the endpoint's own errors; a body that is not JSON goes to Astro", async () => {
    const cases: [string, Record<string, string>, number, string][] = [
      ['{"skus": [', {}, 400, 'INVALID_JSON'],
      [JSON.stringify({ skus: 'ASR-10003' }), {}, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, headers, status, code] of cases) {
      const front = await prices(body, headers);
      const astro = await prices(body, { ...headers, ...SESSION });
      expect(throughAstro(front), code).toBe(false);
      expect(front.status, code).toBe(status);
      expect((json(front) as { code: string }).code, code).toBe(code);
      expect(json(front), code).toEqual(json(astro));
    }
    // Astro refuses a cross-site form post before any endpoint runs; the front leaves that to it.
    expect((await prices(JSON.stringify(SKUS), { 'content-type': 'text/plain' })).status).toBe(403);
  });

  test('a body of unknown length goes to Astro', async () => {
    const chunked = await new Promise<Answer>((done, fail) => {
      const req = request(
        `${shop!.url}/api/catalog/prices`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            done({
              status: res.statusCode ?? 0,
              headers: new Headers(res.headers as Record<string, string>),
              bytes: Buffer.concat(chunks),
            }),
          );
        },
      );
      req.on('error', fail);
      req.write(JSON.stringify(SKUS).slice(0, 10));
      req.end(JSON.stringify(SKUS).slice(10));
    });
    expect(chunked.status).toBe(200);
    expect(throughAstro(chunked)).toBe(true);
  });
});
