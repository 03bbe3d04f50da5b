// Compression at the origin, through the built shop behind its server front (as `npm start` runs
// it): client files precompressed at build time, pages from the page cache, API JSON compressed on
// the way out; brotli first, gzip next, q-values honoured, `Vary: Accept-Encoding` on all of them,
// and a HEAD that carries the headers of its GET.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestShop, seededDataDir, startShopInstance, type ShopInstance } from '#tests/helpers/shop-instance.ts';

const OUT_DIR = 'dist-test';
const ASSETS = join(OUT_DIR, 'client/_astro');
let shop: ShopInstance | undefined;
let script = '';

interface Answer { status: number; headers: Headers; bytes: Buffer }

/** A raw HTTP exchange: fetch() would decode the body itself, and a client receives it encoded. */
function ask(path: string, acceptEncoding: string | undefined, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolvePromise, reject) => {
    const headers = { ...init.headers, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) };
    const req = request(`${shop!.url}${path}`, { method: init.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) out.set(name, Array.isArray(value) ? value.join(', ') : value);
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
    expect(files.filter((f) => !existsSync(join(ASSETS, `${f}.br`)) || !existsSync(join(ASSETS, `${f}.gz`)))).toEqual([]);
  });

  test('are sent in the best coding the client takes, the same bytes whichever, immutable', async () => {
    const plain = await ask(script, undefined);
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const [accept, coding] of [['gzip, deflate, br, zstd', 'br'], ['gzip', 'gzip'], ['br;q=0, gzip', 'gzip'], ['gzip;q=0', null]] as const) {
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
    for (const [accept, coding] of [['br, gzip', 'br'], ['gzip', 'gzip']] as const) {
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
    const search = (accept: string | undefined) => ask('/api/catalog/search', accept, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ keyword: 'bohr', limit: 24, pricesLazyLoad: false, excludePrices: false }),
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

    const small = await ask('/api/catalog/search', 'br', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ keyword: '' }) });
    expect(small.status).toBe(200);
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});
