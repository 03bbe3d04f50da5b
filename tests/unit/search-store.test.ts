// The overlay's search state: debounced, trimmed requests, one at a time,
// paging in steps of 12, and a paging start at or beyond the total leaving the result unchanged.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { keepMount } from 'nanostores';
import {
  $searchLoading,
  $searchOpen,
  $searchResults,
  $searchTerm,
  close,
  loadMore,
  setTerm,
} from '#lib/search/store.ts';
import { readSearchPageQuery, searchPageHref } from '#lib/search/page-query.ts';
import { searchDetailsHref } from '#lib/search/term.ts';
import { resetStores } from '#tests/helpers/stores.ts';

interface Sent {
  keyword: string;
  offset: number;
  limit: number;
}

const hit = (id: number) => ({
  id,
  sku: `SKU-${id}`,
  itemnum: String(id),
  slug: `p-${id}`,
  name: `Product ${id}`,
  image: null,
  hidePrices: false,
  variantSkus: [],
  attributes: [],
  isVariant: false,
});

let sent: Sent[];
let signals: AbortSignal[];
/** Fake-timer milliseconds the mocked server takes to answer. */
let latency: number;
/** The status the mocked search answers with; anything but 200 is the one error body. */
let status: number;

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  signals = [];
  latency = 0;
  status = 200;
  // The header search field is on the page for the whole test, as it is for the whole page.
  keepMount($searchTerm);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (!url.endsWith('/search')) return Response.json({ items: [], pricesVisible: true });
      if (status !== 200)
        return Response.json({ code: 'INTERNAL_ERROR', message: 'Something went wrong.', status }, { status });
      const body = JSON.parse(String(init.body)) as Sent;
      sent.push(body);
      signals.push(init.signal!);
      if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
      if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      const total = 30;
      const ids = Array.from(
        { length: Math.max(0, Math.min(body.limit, total - body.offset)) },
        (_, i) => body.offset + i + 1,
      );
      return Response.json({ data: ids.map(hit), count: total, categories: [] });
    }),
  );
});

afterEach(() => {
  resetStores([$searchTerm, $searchOpen, $searchResults], [$searchLoading]);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('setTerm', () => {
  test('opens at once but requests only after 1 s without typing, with the trimmed term', async () => {
    setTerm(' d', 'de');
    setTerm(' dr ', 'de');
    expect($searchOpen.get()).toBe(true);
    expect($searchTerm.get()).toBe(' dr ');
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([expect.objectContaining({ keyword: 'dr', offset: 0, limit: 12 })]);
    await settle();
    expect($searchResults.get()).toMatchObject({ term: 'dr', count: 30 });
    expect($searchResults.get().items).toHaveLength(12);
    expect($searchLoading.get()).toBe(false);
  });

  test('an empty term closes and clears without a request', async () => {
    setTerm('   ', 'de');
    await vi.advanceTimersByTimeAsync(2000);
    expect($searchOpen.get()).toBe(false);
    expect(sent).toEqual([]);
  });

  test('a failed search shows as an empty result, not an error', async () => {
    status = 500;
    const reportError = vi.fn();
    vi.stubGlobal('reportError', reportError);
    setTerm('drill', 'de');
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect($searchResults.get()).toMatchObject({ term: 'drill', items: [], count: 0 });
    expect($searchLoading.get()).toBe(false);
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ message: 'search: request failed' }));
  });

  test('a newer search aborts the one still running', async () => {
    latency = 3000;
    setTerm('dr', 'de');
    await vi.advanceTimersByTimeAsync(1000);
    setTerm('drill', 'de');
    await vi.advanceTimersByTimeAsync(1000);
    expect(signals[0]!.aborted).toBe(true);
    expect($searchLoading.get()).toBe(true);
    await vi.advanceTimersByTimeAsync(3000);
    expect($searchResults.get().term).toBe('drill');
    expect($searchLoading.get()).toBe(false);
  });
});

describe('loadMore', () => {
  test('adds the next 12 and stops at the total, returning the result unchanged', async () => {
    setTerm('dr', 'de');
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    await loadMore('de');
    expect(sent.at(-1)).toMatchObject({ offset: 12, limit: 12 });
    expect($searchResults.get().items.map((i) => i.id)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    await loadMore('de');
    expect($searchResults.get().items).toHaveLength(30);
    const full = $searchResults.get();
    const requests = sent.length;
    await loadMore('de');
    expect(sent.length).toBe(requests);
    expect($searchResults.get()).toBe(full);
  });
});

describe('close', () => {
  test('keeps the term but drops a search that has not started', async () => {
    setTerm('drill', 'de');
    close();
    await vi.advanceTimersByTimeAsync(2000);
    expect($searchOpen.get()).toBe(false);
    expect($searchTerm.get()).toBe('drill');
    expect(sent).toEqual([]);
  });
});

describe('search page URLs', () => {
  test('encode the term with encodeURIComponent, locale-prefixed except in German', () => {
    expect(searchDetailsHref('de', '  Grip 100 ')).toBe('/search-details?term=Grip%20100');
    expect(searchDetailsHref('en', 'a&b/ü')).toBe('/en/search-details?term=a%26b%2F%C3%BC');
  });

  test('round-trip term, page, sort and filters', () => {
    const query = readSearchPageQuery('?term=Grip+100&page=3&sort=price-down&f.brand=b,a');
    expect(query).toMatchObject({
      term: 'Grip 100',
      page: 3,
      sort: 'price-down',
      filters: { brand: ['a', 'b'] },
      limit: 24,
      offset: 48,
    });
    const href = searchPageHref('/en/search-details', query);
    expect(href).toBe('/en/search-details?term=Grip%20100&page=3&sort=price-down&f.brand=a,b');
    expect(readSearchPageQuery(href.slice(href.indexOf('?')))).toEqual(query);
  });

  test('fall back to page 1 and the default sort for hand-edited values', () => {
    expect(readSearchPageQuery('?term=x&page=abc&sort=cheapest')).toMatchObject({
      page: 1,
      sort: 'relevance',
      offset: 0,
    });
  });
});
