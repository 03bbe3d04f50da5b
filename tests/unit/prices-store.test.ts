// Live prices on static pages: every sku the page shows goes out in one
// price-list request when the first price appears, and signing in or out prices them all again.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { keepMount } from 'nanostores';
import { $prices, $pricesVisible, requestPrices } from '#lib/catalog/prices-store.ts';
import { $loggedIn, setLoggedIn } from '#lib/auth/session-store.ts';
import { resetStores } from '#tests/helpers/stores.ts';

let requests: string[][];
let fail: boolean;

beforeEach(() => {
  vi.useFakeTimers();
  requests = [];
  fail = false;
  vi.stubGlobal('document', {
    cookie: '',
    getElementById: (id: string) => (id === 'page-skus' ? { textContent: JSON.stringify(['ASR-1', 'HSH-2']) } : null),
  });
  vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
    const { skus } = JSON.parse(String(init.body)) as { skus: string[] };
    requests.push(skus);
    if (fail) return Response.json({ code: 'INTERNAL_ERROR', message: 'Something went wrong.', status: 500 }, { status: 500 });
    const items = skus.map((sku) => ({ sku, priceInfo: { regular: 10, special: null, currency: 'EUR' }, stock: null }));
    return Response.json({ items, pricesVisible: true });
  }));
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
    expect($prices.get()['ASR-1']).toEqual({ state: 'loaded', priceInfo: { regular: 10, special: null, currency: 'EUR' }, stock: null });
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
    expect(requests).toEqual([['ASR-1', 'HSH-2'], ['ASR-1', 'HSH-2']]);
  });

  test('a failed request leaves the prices not loaded and reports it', async () => {
    fail = true;
    keepMount($prices);
    await settle();
    expect($prices.get()['ASR-1']).toEqual({ state: 'not-loaded' });
    expect(globalThis.reportError).toHaveBeenCalledOnce();
  });
});
