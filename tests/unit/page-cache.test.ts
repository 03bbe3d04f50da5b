// The origin's page store (src/lib/server/publish/page-cache.ts) on its own: what it keeps, what it
// answers from memory, what it drops on a publish, and what it must never keep. Responses are built
// the way the cache provider's setHeaders() leaves them on a cacheable page: the rules travel in
// `cdn-cache-control`, the tags in `xkey`.
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import type { Invalidation } from '#lib/server/publish/bus.ts';
import { createPageStore, type CachedPageStore } from '#lib/server/publish/page-cache.ts';
import { INTERNAL_REQUEST_HEADER, internalRequestHeaders } from '#lib/server/publish/internal-request.ts';

const RULES = 'max-age=300, stale-while-revalidate=60';
const LAST_MODIFIED = 'Wed, 01 Jul 2026 10:00:00 GMT';

interface PageOptions {
  tags?: string[];
  status?: number;
  rules?: string | null;
  headers?: Record<string, string>;
}

function page(body: string, opts: PageOptions = {}): Response {
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'public, max-age=0, s-maxage=300, stale-while-revalidate=60',
    'last-modified': LAST_MODIFIED,
    ...opts.headers,
  });
  if (opts.rules !== null) headers.set('cdn-cache-control', opts.rules ?? RULES);
  if (opts.tags?.length) {
    headers.set('xkey', opts.tags.join(' '));
    headers.set('surrogate-key', opts.tags.join(' '));
  }
  return new Response(body, { status: opts.status ?? 200, headers });
}

/** A render function that counts its calls; each call renders `body()` afresh. */
function renderer(body: (n: number) => string, opts: PageOptions | ((n: number) => PageOptions) = {}) {
  const counter = {
    calls: 0,
    render: async () => {
      counter.calls += 1;
      const n = counter.calls;
      return page(body(n), typeof opts === 'function' ? opts(n) : opts);
    },
  };
  return counter;
}

function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const get = (headers: Record<string, string> = {}, method = 'GET') =>
  new Request('http://shop.test/page', { method, headers });

async function text(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const coding = response.headers.get('content-encoding');
  return (coding === 'gzip' ? gunzipSync(bytes) : coding === 'br' ? brotliDecompressSync(bytes) : bytes).toString(
    'utf8',
  );
}

const state = (response: Response) => response.headers.get('x-astro-cache');

/** Cards that differ in their details, as a listing's do: where brotli's best quality beats the first pass. */
const listingHtml = (from = 0) =>
  `<main><ul>${Array.from({ length: 120 }, (_, n) => from + n)
    .map(
      (i) =>
        `<li class="card"><a href="/p/${1000 + i}/item-${(i * 7919) % 1000}">Bohrhammer ${i % 13} V Modell ${(i * 31) % 97}</a><span class="sku">ASR-${10_000 + ((i * 37) % 500)}</span></li>`,
    )
    .join('')}</ul></main>`;

function newStore(now?: () => number): CachedPageStore {
  return createPageStore({ maxBytes: 64 * 1024 * 1024, now });
}

describe('page store: hits and validators', () => {
  test('the first request renders (MISS), the next is answered from memory (HIT) with the same body', async () => {
    const store = newStore();
    const r = renderer((n) => `<p>render ${n}</p>`, { tags: ['p:1', 'shell:de'] });
    const first = await store.handle(get(), '/page', r.render);
    expect(state(first)).toBe('MISS');
    expect(await text(first)).toBe('<p>render 1</p>');
    const second = await store.handle(get(), '/page', r.render);
    expect(state(second)).toBe('HIT');
    expect(await text(second)).toBe('<p>render 1</p>');
    expect(r.calls).toBe(1);
    expect(second.headers.get('etag')).toMatch(/^W\/".+"$/);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('last-modified')).toBe(LAST_MODIFIED);
    expect(second.headers.get('xkey')).toBe('p:1 shell:de');
    expect(second.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=60');
    expect(second.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(second.headers.get('age')).toMatch(/^\d+$/);
    // The rules header is the provider's internal channel, not something to send.
    expect(second.headers.has('cdn-cache-control')).toBe(false);
    expect(store.stats.entries).toBe(1);
  });

  test('different keys are different pages', async () => {
    const store = newStore();
    const r = renderer((n) => `render ${n}`);
    await store.handle(get(), '/a', r.render);
    const b = await store.handle(get(), '/b', r.render);
    expect(state(b)).toBe('MISS');
    expect(await text(b)).toBe('render 2');
    expect(await text(await store.handle(get(), '/a', r.render))).toBe('render 1');
  });

  test('If-None-Match answers 304 for the weak and the strong form of the ETag, also in a list, and 200 otherwise', async () => {
    const store = newStore();
    const r = renderer(() => '<p>same</p>');
    const first = await store.handle(get(), '/page', r.render);
    const etag = first.headers.get('etag')!;
    const strong = etag.replace(/^W\//, '');
    for (const ifNoneMatch of [etag, strong, `"nope", ${etag}`, `W/"nope" , ${strong}`, '*']) {
      const answer = await store.handle(get({ 'if-none-match': ifNoneMatch }), '/page', r.render);
      expect(answer.status, ifNoneMatch).toBe(304);
      expect(answer.headers.get('etag')).toBe(etag);
      expect(await answer.text()).toBe('');
    }
    for (const ifNoneMatch of ['"nope"', 'W/"nope", "other"', `${strong.slice(0, -2)}"`]) {
      const answer = await store.handle(get({ 'if-none-match': ifNoneMatch }), '/page', r.render);
      expect(answer.status, ifNoneMatch).toBe(200);
      expect(await text(answer)).toBe('<p>same</p>');
    }
    expect(r.calls).toBe(1);
  });

  test('the ETag is a hash of the HTML: another body gets another ETag', async () => {
    const store = newStore();
    const a = await store.handle(get(), '/a', renderer(() => 'one').render);
    const b = await store.handle(get(), '/b', renderer(() => 'two').render);
    const c = await store.handle(get(), '/c', renderer(() => 'one').render);
    expect(a.headers.get('etag')).not.toBe(b.headers.get('etag'));
    expect(a.headers.get('etag')).toBe(c.headers.get('etag'));
  });

  test("If-Modified-Since answers 304 from the page's Last-Modified on, 200 before it; If-None-Match wins over it", async () => {
    const store = newStore();
    const r = renderer(() => 'page');
    await store.handle(get(), '/page', r.render);
    const later = 'Wed, 01 Jul 2026 10:00:01 GMT';
    const earlier = 'Wed, 01 Jul 2026 09:59:59 GMT';
    expect((await store.handle(get({ 'if-modified-since': LAST_MODIFIED }), '/page', r.render)).status).toBe(304);
    expect((await store.handle(get({ 'if-modified-since': later }), '/page', r.render)).status).toBe(304);
    expect((await store.handle(get({ 'if-modified-since': earlier }), '/page', r.render)).status).toBe(200);
    expect((await store.handle(get({ 'if-modified-since': 'not a date' }), '/page', r.render)).status).toBe(200);
    // A client holding another version sends its ETag; the date alone must not make that a 304.
    expect(
      (await store.handle(get({ 'if-none-match': '"other"', 'if-modified-since': later }), '/page', r.render)).status,
    ).toBe(200);
    expect(r.calls).toBe(1);
  });

  test('a page without Last-Modified never answers 304 to If-Modified-Since', async () => {
    const store = newStore();
    const r = renderer(() => 'page', { headers: {} });
    const render = async () => {
      const response = await r.render();
      response.headers.delete('last-modified');
      return response;
    };
    await store.handle(get(), '/page', render);
    const answer = await store.handle(get({ 'if-modified-since': 'Wed, 01 Jul 2099 10:00:00 GMT' }), '/page', render);
    expect(answer.status).toBe(200);
    expect(answer.headers.has('last-modified')).toBe(false);
  });

  test('brotli or gzip as Accept-Encoding allows (q-values honoured), identity otherwise; the bodies are the same page', async () => {
    const store = newStore();
    const html = `<main>${'Bohrmaschine Ä ö ü ß € '.repeat(200)}</main>`;
    const r = renderer(() => html);
    await store.handle(get(), '/page', r.render);
    const cases: [string | undefined, string | null][] = [
      ['br, gzip, deflate', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.5, br;q=0.4', 'gzip'],
      [undefined, null],
      ['identity', null],
      ['deflate', null],
      ['gzip;q=0', null],
    ];
    for (const [acceptEncoding, coding] of cases) {
      const answer = await store.handle(
        get(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        '/page',
        r.render,
      );
      expect(answer.headers.get('content-encoding'), acceptEncoding).toBe(coding);
      const length = Number(answer.headers.get('content-length'));
      expect(await text(answer), acceptEncoding).toBe(html);
      if (coding) expect(length, acceptEncoding).toBeLessThan(Buffer.byteLength(html));
      else expect(length, acceptEncoding).toBe(Buffer.byteLength(html));
    }
    expect(r.calls).toBe(1);
  });

  test('a page is stored in the coding its first request takes; another is made from it once, when first asked for, and kept', async () => {
    const store = newStore();
    const html = `<main>${'Schlagbohrmaschine 18 V, Koffer '.repeat(300)}</main>`;
    const r = renderer(() => html);
    const gzip = get({ 'accept-encoding': 'gzip' });
    const br = get({ 'accept-encoding': 'br, gzip' });
    const first = await store.handle(gzip, '/page', r.render);
    expect(state(first)).toBe('MISS');
    const gzipBytes = Number(first.headers.get('content-length'));
    // Only the gzip copy is kept: what Varnish or a CDN in front asks for.
    expect(store.stats.bytes).toBe(gzipBytes);
    // The server front answers only what is stored; a coding that is not goes through handle().
    expect(store.hit({ method: 'GET', header: (n) => br.headers.get(n) }, '/page')).toBeNull();
    const [one, two] = await Promise.all([store.handle(br, '/page', r.render), store.handle(br, '/page', r.render)]);
    for (const answer of [one, two]) {
      expect(state(answer)).toBe('HIT');
      expect(answer.headers.get('content-encoding')).toBe('br');
      expect(await text(answer)).toBe(html);
    }
    const brBytes = Number(one.headers.get('content-length'));
    expect(store.stats.bytes).toBe(gzipBytes + brBytes);
    expect(store.hit({ method: 'GET', header: (n) => br.headers.get(n) }, '/page')?.coding).toBe('br');
    expect(await text(await store.handle(gzip, '/page', r.render))).toBe(html);
    expect(r.calls).toBe(1);
  });

  test("a page a shopper asks for again is recompressed with brotli's best quality in the background: smaller, the same page, the same ETag", async () => {
    const store = newStore();
    const html = listingHtml();
    const r = renderer(() => html);
    const br = { 'accept-encoding': 'br' };
    const first = await store.handle(get(br), '/page', r.render);
    const firstLength = Number(first.headers.get('content-length'));
    const bytesBefore = store.stats.bytes;
    // The first answer (the render's) queues nothing: most pages of a catalogue are read once.
    expect(store.stats.recompressing).toBe(0);
    const again = await store.handle(get(br), '/page', r.render);
    expect(Number(again.headers.get('content-length'))).toBe(firstLength);
    expect(store.stats.recompressing).toBe(1);
    await store.recompressed();
    const later = await store.handle(get(br), '/page', r.render);
    expect(Number(later.headers.get('content-length'))).toBeLessThan(firstLength);
    expect(await text(later)).toBe(html);
    expect(later.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(store.stats.bytes).toBe(bytesBefore - (firstLength - Number(later.headers.get('content-length'))));
    // Once at its best it is not queued again.
    expect(store.stats.recompressing).toBe(0);
    expect(r.calls).toBe(1);
  });

  test('the best-quality pass is queued by brotli answers from the store only, once per page', async () => {
    const store = newStore();
    const r = renderer(() => listingHtml());
    await store.handle(get({ 'accept-encoding': 'br' }), '/page', r.render);
    // gzip (a CDN or Varnish in front) and no coding gain nothing from a better brotli copy.
    await store.handle(get({ 'accept-encoding': 'gzip' }), '/page', r.render);
    await store.handle(get(), '/page', r.render);
    expect(store.stats.recompressing).toBe(0);
    store.hit({ method: 'GET', header: (name) => (name === 'accept-encoding' ? 'br' : null) }, '/page');
    await store.handle(get({ 'accept-encoding': 'br' }), '/page', r.render);
    expect(store.stats.recompressing).toBe(1);
    await store.recompressed();
  });

  test("the shop's own requests (export, warm-up) never queue the best-quality pass; a forged marker does", async () => {
    const store = newStore();
    const r = renderer(() => listingHtml());
    const own: Record<string, string> = { 'accept-encoding': 'br', ...internalRequestHeaders() };
    await store.handle(get(own), '/page', r.render);
    for (let i = 0; i < 3; i++) expect(state(await store.handle(get(own), '/page', r.render))).toBe('HIT');
    const header = (name: string) => own[name] ?? null;
    expect(store.hit({ method: 'GET', header }, '/page')).not.toBeNull();
    expect(store.stats.recompressing).toBe(0);
    const forged = {
      'accept-encoding': 'br',
      [INTERNAL_REQUEST_HEADER]: 'x'.repeat(own[INTERNAL_REQUEST_HEADER]!.length),
    };
    await store.handle(get(forged), '/page', r.render);
    expect(store.stats.recompressing).toBe(1);
    await store.recompressed();
  });

  test("the export's no-store requests are rendered and not kept; from a client, no-store changes nothing", async () => {
    const store = newStore();
    const r = renderer((n) => `render ${n}`, { tags: ['t:x'] });
    const exporter = { 'accept-encoding': 'identity', 'cache-control': 'no-store', ...internalRequestHeaders() };
    const first = await store.handle(get(exporter), '/page', r.render);
    expect(await text(first)).toBe('render 1');
    expect(first.headers.get('cdn-cache-control')).toBeNull();
    expect(first.headers.get('xkey')).toBe('t:x');
    expect(store.stats.entries).toBe(0);
    expect(await text(await store.handle(get(exporter), '/page', r.render))).toBe('render 2');
    // A client asking no-store is answered from the store like anyone else: it cannot force renders.
    const client = { 'accept-encoding': 'identity', 'cache-control': 'no-store' };
    expect(await text(await store.handle(get(client), '/page', r.render))).toBe('render 3');
    expect(await text(await store.handle(get(client), '/page', r.render))).toBe('render 3');
    expect(r.calls).toBe(3);
    // A page already stored and fresh is what the data says: the export takes it.
    expect(await text(await store.handle(get(exporter), '/page', r.render))).toBe('render 3');
    expect(r.calls).toBe(3);
  });

  test('a page dropped before its background pass is not brought back by it', async () => {
    const store = newStore();
    const r = renderer(() => listingHtml(), { tags: ['t:x'] });
    await store.handle(get({ 'accept-encoding': 'br' }), '/page', r.render);
    await store.handle(get({ 'accept-encoding': 'br' }), '/page', r.render);
    expect(store.stats.recompressing).toBe(1);
    store.invalidate({ tags: ['t:x'] });
    await store.recompressed();
    expect(store.stats).toEqual({ entries: 0, bytes: 0, memory: 0, recompressing: 0 });
  });

  test('HEAD is answered from the store without a body', async () => {
    const store = newStore();
    const r = renderer(() => 'body');
    await store.handle(get(), '/page', r.render);
    const head = await store.handle(get({}, 'HEAD'), '/page', r.render);
    expect(head.status).toBe(200);
    expect(state(head)).toBe('HIT');
    expect(head.headers.get('content-length')).toBe('4');
    expect(await head.text()).toBe('');
  });
});

describe('page store: invalidation', () => {
  async function warm(store: CachedPageStore, pages: Record<string, string[]>) {
    const renders: Record<string, ReturnType<typeof renderer>> = {};
    for (const [key, tags] of Object.entries(pages)) {
      renders[key] = renderer((n) => `${key} #${n}`, { tags });
      expect(state(await store.handle(get(), key, renders[key].render))).toBe('MISS');
      expect(state(await store.handle(get(), key, renders[key].render))).toBe('HIT');
    }
    return renders;
  }

  const PAGES = {
    '/p/1': ['shell:de', 'p:1', 'c:3'],
    '/p/2': ['shell:de', 'p:2', 'c:4'],
    '/c/3': ['shell:de', 'c:3', 'p:1'],
    '/en/p/1': ['shell:en', 'p:1'],
    '/sitemap.xml': ['sitemap'],
  };

  test('a tag drops exactly the pages carrying it', async () => {
    const store = newStore();
    const renders = await warm(store, PAGES);
    store.invalidate({ tags: ['p:1', 'unknown:tag'] });
    expect(store.stats.entries).toBe(2);
    for (const [key, expected] of Object.entries({
      '/p/1': 'MISS',
      '/c/3': 'MISS',
      '/en/p/1': 'MISS',
      '/p/2': 'HIT',
      '/sitemap.xml': 'HIT',
    })) {
      const answer = await store.handle(get(), key, renders[key]!.render);
      expect(state(answer), key).toBe(expected);
      expect(await text(answer)).toBe(`${key} #${expected === 'MISS' ? 2 : 1}`);
    }
    store.invalidate({ tags: ['shell:en'] });
    expect(state(await store.handle(get(), '/en/p/1', renders['/en/p/1']!.render))).toBe('MISS');
    expect(state(await store.handle(get(), '/p/1', renders['/p/1']!.render))).toBe('HIT');
  });

  test('an empty tag list drops nothing', async () => {
    const store = newStore();
    await warm(store, PAGES);
    store.invalidate({ tags: [] });
    expect(store.stats.entries).toBe(Object.keys(PAGES).length);
  });

  test('{ all: true } drops every page', async () => {
    const store = newStore();
    const renders = await warm(store, PAGES);
    store.invalidate({ all: true });
    expect(store.stats).toEqual({ entries: 0, bytes: 0, memory: 0, recompressing: 0 });
    for (const key of Object.keys(PAGES))
      expect(state(await store.handle(get(), key, renders[key]!.render)), key).toBe('MISS');
  });

  test('invalidatePath drops one page', async () => {
    const store = newStore();
    const renders = await warm(store, PAGES);
    store.invalidatePath('/p/2');
    expect(state(await store.handle(get(), '/p/2', renders['/p/2']!.render))).toBe('MISS');
    expect(state(await store.handle(get(), '/p/1', renders['/p/1']!.render))).toBe('HIT');
  });

  test('a render that started before one of its tags was dropped is answered but not stored', async () => {
    const store = newStore();
    const gate = deferred();
    let calls = 0;
    const render = async () => {
      calls += 1;
      const n = calls;
      if (n === 1) await gate.promise;
      return page(`render ${n}`, { tags: ['p:1', 'shell:de'] });
    };
    const pending = store.handle(get(), '/p/1', render);
    await Promise.resolve();
    store.invalidate({ tags: ['p:1'] });
    gate.resolve();
    const answered = await pending;
    expect(answered.status).toBe(200);
    expect(await text(answered)).toBe('render 1');
    expect(store.stats.entries).toBe(0);
    const next = await store.handle(get(), '/p/1', render);
    expect(state(next)).toBe('MISS');
    expect(await text(next)).toBe('render 2');
    expect(state(await store.handle(get(), '/p/1', render))).toBe('HIT');
  });

  test('a request arriving after an invalidation does not get the answer of a render that started before it', async () => {
    const store = newStore();
    const gate = deferred();
    let calls = 0;
    const render = async () => {
      calls += 1;
      const n = calls;
      if (n === 1) await gate.promise;
      return page(`render ${n}`, { tags: ['p:1'] });
    };
    const before = store.handle(get(), '/p/1', render);
    await Promise.resolve();
    // The publish is acknowledged here: whoever asks from now on must see the new data.
    store.invalidate({ tags: ['p:1'] });
    const after = store.handle(get(), '/p/1', render);
    gate.resolve();
    expect(await text(await before)).toBe('render 1');
    expect(await text(await after)).toBe('render 2');
  });

  test('a render during { all: true } is not stored; one during an unrelated invalidation is', async () => {
    const store = newStore();
    const cases: [Invalidation, boolean][] = [
      [{ all: true }, false],
      [{ tags: ['p:2'] }, true],
    ];
    for (const [invalidation, stored] of cases) {
      const gate = deferred();
      const key = `/p/1/${String(stored)}`;
      const pending = store.handle(get(), key, async () => {
        await gate.promise;
        return page('render', { tags: ['p:1'] });
      });
      await Promise.resolve();
      store.invalidate(invalidation);
      gate.resolve();
      expect((await pending).status).toBe(200);
      const next = await store.handle(get(), key, async () => page('again', { tags: ['p:1'] }));
      expect(state(next), JSON.stringify(invalidation)).toBe(stored ? 'HIT' : 'MISS');
    }
  });

  test('concurrent requests for one uncached page render it once and all get it', async () => {
    const store = newStore();
    const gate = deferred();
    let calls = 0;
    const render = async () => {
      calls += 1;
      await gate.promise;
      return page(`render ${calls}`, { tags: ['p:1'] });
    };
    const answers = Array.from({ length: 8 }, () => store.handle(get({ 'accept-encoding': 'gzip' }), '/p/1', render));
    await new Promise((r) => setTimeout(r, 10));
    gate.resolve();
    const settled = await Promise.all(answers);
    expect(calls).toBe(1);
    for (const answer of settled) {
      expect(answer.status).toBe(200);
      expect(await text(answer)).toBe('render 1');
    }
  });

  test('concurrent requests for a page that may not be stored each get a full answer', async () => {
    const store = newStore();
    let calls = 0;
    const render = async () => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 5));
      return page(`personal ${calls}`, { headers: { 'set-cookie': 'session=abc; HttpOnly' } });
    };
    const answers = await Promise.all(Array.from({ length: 4 }, () => store.handle(get(), '/p/1', render)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(await answer.text()).toMatch(/^personal \d$/);
    }
    expect(store.stats.entries).toBe(0);
  });
});

describe('page store: age', () => {
  test('after max-age a page is served STALE while one background render replaces it; after the swr window it is a MISS', async () => {
    let clock = 1_000_000;
    const store = newStore(() => clock);
    const gate = deferred();
    let calls = 0;
    const render = async () => {
      calls += 1;
      const n = calls;
      if (n === 2) await gate.promise;
      return page(`render ${n}`, { tags: ['p:1'] });
    };
    expect(state(await store.handle(get(), '/p/1', render))).toBe('MISS');

    clock += 300_000;
    const fresh = await store.handle(get(), '/p/1', render);
    expect(state(fresh)).toBe('HIT');
    expect(fresh.headers.get('age')).toBe('300');

    clock += 1_000;
    const stale = await store.handle(get(), '/p/1', render);
    expect(state(stale)).toBe('STALE');
    expect(await text(stale)).toBe('render 1');
    // The background render runs once, however many requests see the stale page meanwhile.
    const again = await store.handle(get(), '/p/1', render);
    expect(state(again)).toBe('STALE');
    expect(await text(again)).toBe('render 1');
    expect(calls).toBe(2);
    gate.resolve();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const replaced = await store.handle(get(), '/p/1', render);
    expect(state(replaced)).toBe('HIT');
    expect(await text(replaced)).toBe('render 2');
    expect(replaced.headers.get('age')).toBe('0');
    expect(calls).toBe(2);

    clock += 361_000;
    const expired = await store.handle(get(), '/p/1', render);
    expect(state(expired)).toBe('MISS');
    expect(await text(expired)).toBe('render 3');
  });

  test('a failing background render keeps the stale page', async () => {
    let clock = 0;
    const store = newStore(() => clock);
    let fail = false;
    const render = async () => {
      if (fail) throw new Error('database down');
      return page('good', { tags: ['p:1'] });
    };
    await store.handle(get(), '/p/1', render);
    fail = true;
    clock += 301_000;
    expect(state(await store.handle(get(), '/p/1', render))).toBe('STALE');
    await new Promise((resolve) => setTimeout(resolve, 10));
    const again = await store.handle(get(), '/p/1', render);
    expect(state(again)).toBe('STALE');
    expect(await text(again)).toBe('good');
  });
});

describe('page store: memory cap', () => {
  test('beyond the byte cap the least recently used page goes first', async () => {
    // Random base64 hardly compresses, so each page takes about 7.6 KB in the one coding it is stored
    // in (gzip, for a request taking none): two fit in 20 KB, three do not.
    const bodies = Object.fromEntries(['/a', '/b', '/c'].map((k) => [k, randomBytes(7_500).toString('base64')]));
    const store = createPageStore({ maxBytes: 20_000 });
    const r = Object.fromEntries(Object.keys(bodies).map((k) => [k, renderer(() => bodies[k]!)]));
    await store.handle(get(), '/a', r['/a']!.render);
    await store.handle(get(), '/b', r['/b']!.render);
    expect(store.stats.entries).toBe(2);
    expect(store.stats.bytes).toBeGreaterThan(15_000);
    // /a is used again, so /b is now the least recently used.
    expect(state(await store.handle(get(), '/a', r['/a']!.render))).toBe('HIT');
    await store.handle(get(), '/c', r['/c']!.render);
    expect(store.stats.entries).toBe(2);
    expect(store.stats.bytes).toBeLessThanOrEqual(20_000);
    expect(state(await store.handle(get(), '/a', r['/a']!.render))).toBe('HIT');
    expect(state(await store.handle(get(), '/c', r['/c']!.render))).toBe('HIT');
    const b = await store.handle(get(), '/b', r['/b']!.render);
    expect(state(b)).toBe('MISS');
    expect(await text(b)).toBe(bodies['/b']);
  });

  test('the background pass is not a use: a page recompressed after another was used still goes first', async () => {
    const pages = { '/a': listingHtml(), '/b': 'b', '/c': listingHtml(500) };
    const br = get({ 'accept-encoding': 'br' });
    // The cap holds /a (recompressed) and /b, but not /c beside them: one must go.
    const probe = newStore();
    await probe.handle(get(), '/c', renderer(() => pages['/c']).render);
    const cBytes = probe.stats.memory;
    probe.invalidate({ all: true });
    await probe.handle(get(), '/a', renderer(() => pages['/a']).render);
    await probe.handle(get(), '/b', renderer(() => pages['/b']).render);
    await probe.handle(br, '/a', renderer(() => pages['/a']).render);
    await probe.recompressed();
    const store = createPageStore({ maxBytes: probe.stats.memory + cBytes - 1 });
    await store.handle(get(), '/a', renderer(() => pages['/a']).render);
    await store.handle(get(), '/b', renderer(() => pages['/b']).render);
    // /a asked again (queues its pass), then /b: /a is the least recently used.
    await store.handle(br, '/a', renderer(() => pages['/a']).render);
    await store.handle(get(), '/b', renderer(() => pages['/b']).render);
    const both = store.stats.memory;
    await store.recompressed();
    expect(store.stats.memory).toBeLessThan(both);
    await store.handle(get(), '/c', renderer(() => pages['/c']).render);
    expect([store.holds('/a'), store.holds('/b'), store.holds('/c')]).toEqual([false, true, true]);
  });

  test("the limit counts each page's overhead beside its bytes: a page with many tags weighs more", async () => {
    const store = newStore();
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `c:${i}`);
    await store.handle(get(), '/few', renderer(() => 'same page', { tags: tags(2) }).render);
    const few = store.stats;
    expect(few.memory - few.bytes).toBeGreaterThanOrEqual(2048 + 2 * 40);
    await store.handle(get(), '/many', renderer(() => 'same page', { tags: tags(200) }).render);
    const both = store.stats;
    // The same bytes again, but 200 tags: their index places and the tag list itself.
    expect(both.bytes).toBe(2 * few.bytes);
    expect(both.memory - few.memory - few.bytes).toBeGreaterThan(2048 + 200 * 40 + tags(200).join(' ').length - 1);
    // A limit the bytes alone would meet, but not the overhead: only one of the two pages stays.
    const tight = createPageStore({ maxBytes: both.memory - 1 });
    await tight.handle(get(), '/few', renderer(() => 'same page', { tags: tags(2) }).render);
    await tight.handle(get(), '/many', renderer(() => 'same page', { tags: tags(200) }).render);
    expect(tight.stats.entries).toBe(1);
    expect(tight.stats.bytes).toBeLessThan(both.memory);
  });

  test('dropped pages give their bytes back', async () => {
    const store = newStore();
    await store.handle(get(), '/a', renderer(() => 'a'.repeat(1000), { tags: ['t:a'] }).render);
    await store.handle(get(), '/b', renderer(() => 'b'.repeat(1000), { tags: ['t:b'] }).render);
    const both = store.stats.bytes;
    store.invalidate({ tags: ['t:a'] });
    expect(store.stats.bytes).toBeGreaterThan(0);
    expect(store.stats.bytes).toBeLessThan(both);
    store.invalidate({ tags: ['t:b'] });
    expect(store.stats.bytes).toBe(0);
  });
});

describe('page store: what is never stored or replayed', () => {
  const cases: [string, PageOptions][] = [
    ['a 404', { status: 404 }],
    ['a 500', { status: 500 }],
    ['a redirect', { status: 302, headers: { location: '/elsewhere' } }],
    ['a page setting a cookie', { headers: { 'set-cookie': 'vsf-cart=abc; Path=/; HttpOnly' } }],
    ['a page without the rules header', { rules: null }],
    ['a page with max-age=0', { rules: 'max-age=0, stale-while-revalidate=60' }],
  ];
  test.each(cases)('%s is passed through as rendered and rendered again next time', async (_, opts) => {
    const store = newStore();
    const r = renderer((n) => `render ${n}`, { ...opts, tags: ['p:1'] });
    const first = await store.handle(get({ 'accept-encoding': 'gzip' }), '/page', r.render);
    expect(first.status).toBe(opts.status ?? 200);
    expect(state(first)).toBeNull();
    expect(first.headers.has('content-encoding')).toBe(false);
    expect(first.headers.has('cdn-cache-control')).toBe(false);
    if (opts.headers?.['set-cookie']) expect(first.headers.get('set-cookie')).toBe(opts.headers['set-cookie']);
    expect(await first.text()).toBe('render 1');
    const second = await store.handle(get(), '/page', r.render);
    expect(await second.text()).toBe('render 2');
    expect(r.calls).toBe(2);
    expect(store.stats.entries).toBe(0);
  });

  test('per-request headers (x-request-id) are not replayed to the next shopper', async () => {
    const store = newStore();
    const r = renderer(
      () => 'page',
      (n) => ({ headers: { 'x-request-id': `req-${n}`, 'x-frame-options': 'DENY' } }),
    );
    await store.handle(get(), '/page', r.render);
    const hit = await store.handle(get(), '/page', r.render);
    expect(state(hit)).toBe('HIT');
    expect(hit.headers.has('x-request-id')).toBe(false);
    expect(hit.headers.has('set-cookie')).toBe(false);
    // Headers that describe the page itself are kept.
    expect(hit.headers.get('x-frame-options')).toBe('DENY');
    expect(hit.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  test('a render that throws rejects, stores nothing, and the next request renders again', async () => {
    const store = newStore();
    let calls = 0;
    const render = async () => {
      calls += 1;
      if (calls === 1) throw new Error('boom');
      return page('ok', { tags: ['p:1'] });
    };
    await expect(store.handle(get(), '/page', render)).rejects.toThrow('boom');
    expect(state(await store.handle(get(), '/page', render))).toBe('MISS');
    expect(state(await store.handle(get(), '/page', render))).toBe('HIT');
  });
});
