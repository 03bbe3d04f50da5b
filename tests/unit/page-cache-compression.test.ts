// How the page store compresses (src/lib/server/publish/page-codings.ts): once per render, at the
// first quality, and never with zlib's synchronous calls, which would hold up every other request
// on the main thread for the 1-2 ms (or, at brotli 11, 100 ms) each takes.
import * as zlib from 'node:zlib';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createPageStore } from '#lib/server/publish/page-cache.ts';
import { FIRST_BROTLI_QUALITY } from '#lib/server/publish/page-codings.ts';

const { SYNC, ASYNC } = vi.hoisted(() => ({
  SYNC: ['gzipSync', 'gunzipSync', 'brotliCompressSync', 'brotliDecompressSync', 'deflateSync', 'inflateSync'],
  ASYNC: ['gzip', 'brotliCompress'],
}));

vi.mock('node:zlib', async (importOriginal) => {
  const actual = await importOriginal<Record<string, (...args: unknown[]) => unknown>>();
  const spied = Object.fromEntries(
    [...SYNC, ...ASYNC].map((name) => [name, vi.fn((...args: unknown[]) => actual[name]!(...args))]),
  );
  return { ...actual, ...spied, default: { ...actual, ...spied } };
});

const calls = (name: string) => (zlib as unknown as Record<string, ReturnType<typeof vi.fn>>)[name]!.mock.calls.length;
const resetCounts = () => {
  for (const name of [...SYNC, ...ASYNC])
    (zlib as unknown as Record<string, ReturnType<typeof vi.fn>>)[name]!.mockClear();
};

const html = `<main>${Array.from({ length: 400 }, (_, i) => `<p class="c${i % 7}">Bohrhammer ${i} V</p>`).join('')}</main>`;

const render = async () =>
  new Response(html, {
    headers: { 'content-type': 'text/html', 'cdn-cache-control': 'max-age=300, stale-while-revalidate=60' },
  });

const get = (acceptEncoding?: string) =>
  new Request('http://shop.test/page', { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

afterEach(resetCounts);

describe('page store compression', () => {
  test('a new page is compressed once per coding asked for, at the first brotli quality and gzip, whoever waits for it', async () => {
    const store = createPageStore({ maxBytes: 1 << 24 });
    resetCounts();
    const answers = await Promise.all([
      store.handle(get('br'), '/page', render),
      store.handle(get('gzip'), '/page', render),
      store.handle(get(), '/page', render),
    ]);
    expect([calls('brotliCompress'), calls('gzip')]).toEqual([1, 1]);
    const [br, gzip, identity] = await Promise.all(answers.map(async (a) => Buffer.from(await a.arrayBuffer())));
    const expected = zlib.brotliCompressSync(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: FIRST_BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
      },
    });
    expect(br!.equals(expected)).toBe(true);
    expect(zlib.gunzipSync(gzip!).toString()).toBe(html);
    expect(identity!.toString()).toBe(html);
    resetCounts();
    // Answers from the store compress nothing again.
    await store.handle(get('br'), '/page', render);
    await store.handle(get('gzip'), '/page', render);
    expect([calls('brotliCompress'), calls('gzip')]).toEqual([0, 0]);
    // The best-quality pass the brotli answer queued, done before the next test counts.
    await store.recompressed();
  });

  test('a page only ever asked for in gzip (Varnish or a CDN in front) is never compressed with brotli', async () => {
    const store = createPageStore({ maxBytes: 1 << 24 });
    resetCounts();
    for (let i = 0; i < 3; i++) await store.handle(get('gzip'), '/page', render);
    expect([calls('brotliCompress'), calls('gzip')]).toEqual([0, 1]);
  });

  test('rendering, storing and answering a page call no synchronous zlib function', async () => {
    const store = createPageStore({ maxBytes: 1 << 24 });
    resetCounts();
    for (const coding of ['br', 'gzip', undefined, 'identity']) {
      await (await store.handle(get(coding), `/page-${coding}`, render)).arrayBuffer();
      // A HIT, and an answer without compression from the stored copy.
      await (await store.handle(get(coding), `/page-${coding}`, render)).arrayBuffer();
      expect(store.hit({ method: 'GET', header: () => coding ?? null }, `/page-${coding}`)?.body ?? null).not.toBe(
        undefined,
      );
    }
    await store.recompressed();
    expect(Object.fromEntries(SYNC.map((name) => [name, calls(name)]))).toEqual(
      Object.fromEntries(SYNC.map((name) => [name, 0])),
    );
  });

  test('a stored copy holds its own bytes, not a slice of a larger buffer (at first and once at its best)', async () => {
    const store = createPageStore({ maxBytes: 1 << 24 });
    const asking = (coding: string) => ({
      method: 'GET',
      header: (name: string) => (name === 'accept-encoding' ? coding : null),
    });
    await store.handle(get('br'), '/page', render);
    await store.handle(get('gzip'), '/page', render);
    const held = () =>
      ['br', 'gzip'].map((coding) => {
        const body = store.hit(asking(coding), '/page')!.body!;
        return [coding, body.buffer.byteLength - body.length];
      });
    expect(held()).toEqual([
      ['br', 0],
      ['gzip', 0],
    ]);
    await store.recompressed();
    expect(held()).toEqual([
      ['br', 0],
      ['gzip', 0],
    ]);
  });

  test('the front is not handed a page to decompress or compress: a client taking no coding, or one not stored yet, goes to handle()', async () => {
    const store = createPageStore({ maxBytes: 1 << 24 });
    await store.handle(get('br'), '/page', render);
    const asking = (coding: string | null) => ({
      method: 'GET',
      header: (name: string) => (name === 'accept-encoding' ? coding : null),
    });
    expect(store.hit(asking('identity'), '/page')).toBeNull();
    expect(store.hit(asking(null), '/page')).toBeNull();
    expect(store.hit(asking('gzip'), '/page')).toBeNull();
    await store.handle(get('gzip'), '/page', render);
    expect(store.hit(asking('gzip'), '/page')?.body?.length).toBeGreaterThan(0);
  });
});
