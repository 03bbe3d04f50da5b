// Live prices on static pages: every sku the page shows goes out in one
// price-list request when the first price appears, and signing in or out prices them all again.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { keepMount } from 'nanostores';
import { $prices, $pricesVisible, requestPrices, seedPublicPrices } from '#lib/catalog/prices-store.ts';
import { $loggedIn, setLoggedIn } from '#lib/auth/session-store.ts';
import { resetStores } from '#tests/helpers/stores.ts';

let requests: string[][];
let fail: boolean;
/** The currency of the public prices the page was rendered with; none: a page without any. */
let pageCurrency: string | undefined;

beforeEach(() => {
  vi.useFakeTimers();
  requests = [];
  fail = false;
  pageCurrency = undefined;
  vi.stubGlobal('document', {
    cookie: '',
    getElementById: (id: string) =>
      id === 'page-prices'
        ? { textContent: JSON.stringify({ skus: ['ASR-1', 'HSH-2'], currency: pageCurrency }) }
        : null,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const { skus } = JSON.parse(String(init.body)) as { skus: string[] };
      requests.push(skus);
      if (fail)
        return Response.json(
          { code: 'INTERNAL_ERROR', message: 'Something went wrong.', status: 500 },
          { status: 500 },
        );
      const items = skus.map((sku) => ({
        sku,
        priceInfo: { regular: 10, special: null, currency: 'EUR' },
        stock: null,
      }));
      return Response.json({ items, pricesVisible: true });
    }),
  );
  vi.stubGlobal('reportError', vi.fn());
});

afterEach(() => {
  resetStores([$prices, $pricesVisible, $loggedIn]);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('$prices', () => {
  test('asks for the page skus and those requested in the same task in one request', async () => {
    keepMount($prices);
    requestPrices(['HSH-2', 'XYZ-3']);
    expect($prices.get()['XYZ-3']).toEqual({ state: 'loading' });
    await settle();
    expect(requests).toEqual([['ASR-1', 'HSH-2', 'XYZ-3']]);
    expect($prices.get()['ASR-1']).toEqual({
      state: 'loaded',
      priceInfo: { regular: 10, special: null, currency: 'EUR' },
      stock: null,
    });
    expect($pricesVisible.get().visible).toBe(true);
  });

  test('asks only for skus it does not know yet', async () => {
    keepMount($prices);
    await settle();
    requestPrices(['ASR-1']);
    await settle();
    expect(requests).toHaveLength(1);
  });

  test('prices everything again after signing in', async () => {
    keepMount($prices);
    await settle();
    setLoggedIn(true);
    expect($prices.get()['HSH-2']).toEqual({ state: 'loading' });
    await settle();
    expect(requests).toEqual([
      ['ASR-1', 'HSH-2'],
      ['ASR-1', 'HSH-2'],
    ]);
  });

  test('a failed request leaves the prices not loaded and reports it', async () => {
    fail = true;
    keepMount($prices);
    await settle();
    expect($prices.get()['ASR-1']).toEqual({ state: 'not-loaded' });
    expect(globalThis.reportError).toHaveBeenCalledOnce();
  });

  describe('public prices the page and its islands were rendered with', () => {
    const publicPrices = {
      currency: 'EUR',
      pricesVisible: true,
      skus: ['ASR-1', 'NOP-9'],
      items: [{ sku: 'ASR-1', priceInfo: { regular: 4, special: null, currency: 'EUR' }, stock: null }],
    };
    beforeEach(() => {
      pageCurrency = 'EUR';
    });

    test("are a guest's own in the page currency: no request, and a sku without an item has no price", async () => {
      seedPublicPrices(publicPrices);
      keepMount($prices);
      await settle();
      expect(requests).toEqual([]);
      expect($prices.get()['ASR-1']).toEqual({
        state: 'loaded',
        priceInfo: { regular: 4, special: null, currency: 'EUR' },
        stock: null,
      });
      expect($prices.get()['NOP-9']).toEqual({ state: 'loaded', priceInfo: null, stock: null });
    });

    test('signing in on the page prices everything the page shows, seeded or not', async () => {
      seedPublicPrices(publicPrices);
      keepMount($prices);
      await settle();
      setLoggedIn(true);
      await settle();
      expect(requests).toHaveLength(1);
      expect(requests[0]).toEqual(expect.arrayContaining(['ASR-1', 'NOP-9', 'HSH-2']));
      expect($prices.get()['ASR-1']).toMatchObject({ priceInfo: { regular: 10 } });
    });

    test.each([
      ['a signed-in customer, whose prices are their own', 'vsf-auth=1'],
      ['a guest who chose another currency', 'vsf-currency=GBP'],
    ])('are not taken by %s: the page batch asks for everything', async (_who, cookie) => {
      (document as { cookie: string }).cookie = cookie;
      seedPublicPrices(publicPrices);
      keepMount($prices);
      await settle();
      expect(requests).toEqual([['ASR-1', 'HSH-2']]);
      expect($prices.get()['ASR-1']).toMatchObject({ priceInfo: { regular: 10 } });
    });
  });
});
