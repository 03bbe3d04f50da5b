import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { $recentlyViewed, recordProductView, type RecentProduct } from '#lib/catalog/recently-viewed-store.ts';
import { RECENTLY_VIEWED_KEY } from '#lib/catalog/recently-viewed.ts';

const product = (sku: string): RecentProduct => ({ sku, name: sku, itemnum: `${sku}-01`, image: null, href: `/p/1/${sku}`, locale: 'de' });

class MemoryStorage {
  data = new Map<string, string>();
  getItem(key: string) { return this.data.get(key) ?? null; }
  setItem(key: string, value: string) { this.data.set(key, value); }
}

describe('recordProductView', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('sessionStorage', storage);
    $recentlyViewed.set([]);
  });
  afterEach(() => vi.unstubAllGlobals());

  test('keeps views newest first without duplicates, in session storage', () => {
    recordProductView(product('a'));
    recordProductView(product('b'));
    recordProductView(product('a'));
    expect($recentlyViewed.get().map((p) => p.sku)).toEqual(['a', 'b']);
    expect(JSON.parse(storage.getItem(RECENTLY_VIEWED_KEY)!).map((p: RecentProduct) => p.sku)).toEqual(['a', 'b']);
  });

  test('drops stored entries that are not products, keeps the rest', () => {
    storage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify([{ sku: 'x' }, product('b'), { ...product('c'), href: 'javascript:alert(1)' }]));
    recordProductView(product('a'));
    expect($recentlyViewed.get().map((p) => p.sku)).toEqual(['a', 'b']);
  });

  test('still shows the current view when storage is unavailable', () => {
    vi.stubGlobal('sessionStorage', { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } });
    recordProductView(product('a'));
    expect($recentlyViewed.get().map((p) => p.sku)).toEqual(['a']);
  });
});
