// Category pages render each page number on the server (and the page cache keeps one copy per page,
// not per query string); active filters become chips; stores confirm actions with notifications.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { cleanStores } from 'nanostores';
import { activeFilterChips, isServerListing, pageCacheKey } from '#lib/catalog/category-listing.ts';
import { $notifications, notifyFeedback, showCarriedNotifications } from '#lib/shell/notifications.ts';
import type { Facet } from '#lib/catalog/contract.ts';
import { MemoryStorage } from '#tests/helpers/memory-storage.ts';

const key = (url: string) => pageCacheKey(new URL(url, 'https://shop.test'));

describe('pageCacheKey', () => {
  test('keys a category page by its path and its page number', () => {
    expect(key('/c/tools?page=3')).toBe('/c/tools?page=3');
    expect(key('/en/c/tools/drills?page=2')).toBe('/en/c/tools/drills?page=2');
  });

  test('spells a page one way: page 1 and junk are the bare path, leading zeros go', () => {
    expect(key('/c/tools?page=1')).toBe('/c/tools');
    expect(key('/c/tools?page=abc')).toBe('/c/tools');
    expect(key('/c/tools?page=02')).toBe('/c/tools?page=2');
  });

  test('ignores sort, filters and other parameters, which the browser applies', () => {
    expect(key('/c/tools?utm_source=x&sort=price-up&f.color=red&page=4')).toBe('/c/tools?page=4');
    expect(key('/c/tools?utm_source=x')).toBe('/c/tools');
  });

  test('never caches a search page with a query: it renders the results of that query', () => {
    expect(key('/search-details')).toBe('/search-details');
    expect(key('/en/search-details?term=drill')).toBeNull();
    expect(key('/search-details?utm_source=x')).toBeNull();
  });

  test('keeps other routes keyed by path alone, even with a page parameter', () => {
    expect(key('/p/12/drill?page=2')).toBe('/p/12/drill');
    expect(key('/en?page=2')).toBe('/en');
    expect(key('/xx/c/tools?page=2')).toBe('/xx/c/tools');
  });
});

describe('isServerListing', () => {
  test('counts any page of the unfiltered default sort, not a sorted or filtered one', () => {
    expect(isServerListing({ page: 7, sort: 'latest', filters: {} })).toBe(true);
    expect(isServerListing({ page: 1, sort: 'price-up', filters: {} })).toBe(false);
    expect(isServerListing({ page: 1, sort: 'latest', filters: { color: ['red'] } })).toBe(false);
  });
});

describe('activeFilterChips', () => {
  const facets: Facet[] = [
    { id: 'size', label: 'Size', type: 'select', options: [{ value: 'l', label: 'Large', count: 3 }] },
    { id: 'color', label: 'Colour', type: 'select', options: [{ value: 'red', label: 'Red', count: 2 }] },
  ];

  test("names each chosen value by its facet, in the facets' order", () => {
    expect(activeFilterChips({ color: ['red'], size: ['l'] }, facets)).toEqual([
      { code: 'size', value: 'l', facetLabel: 'Size', valueLabel: 'Large' },
      { code: 'color', value: 'red', facetLabel: 'Colour', valueLabel: 'Red' },
    ]);
  });

  test('keeps a value the facets no longer list, under its code, so it can still be removed', () => {
    expect(activeFilterChips({ material: ['oak'] }, facets)).toEqual([
      { code: 'material', value: 'oak', facetLabel: 'material', valueLabel: 'oak' },
    ]);
  });

  test('is empty without filters', () => {
    expect(activeFilterChips({}, facets)).toEqual([]);
  });
});

describe('notifyFeedback', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    vi.useFakeTimers();
    storage = new MemoryStorage();
    vi.stubGlobal('sessionStorage', storage);
  });
  afterEach(() => {
    cleanStores($notifications);
    $notifications.set([]);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  test('shows a success confirmation by key that goes away after 3000 ms', () => {
    notifyFeedback('wishlist.added');
    expect($notifications.get()).toMatchObject([{ kind: 'success', feedback: 'wishlist.added' }]);
    vi.advanceTimersByTime(3000);
    expect($notifications.get()).toEqual([]);
  });

  test('carries a confirmation over to the next page once, and only while it is recent', () => {
    notifyFeedback('auth.signedOut', { carryOver: true });
    $notifications.set([]);
    showCarriedNotifications();
    expect($notifications.get().map((n) => n.feedback)).toEqual(['auth.signedOut']);
    $notifications.set([]);
    showCarriedNotifications();
    expect($notifications.get()).toEqual([]);

    notifyFeedback('auth.signedOut', { carryOver: true });
    $notifications.set([]);
    showCarriedNotifications(Date.now() + 60_000);
    expect($notifications.get()).toEqual([]);
  });

  test('ignores a tampered carry-over', () => {
    storage.setItem('carried-notifications', '[{"feedback":"<script>","at":0},"x"]');
    showCarriedNotifications();
    expect($notifications.get()).toEqual([]);
  });
});
