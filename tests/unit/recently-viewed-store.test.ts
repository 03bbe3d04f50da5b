import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { cleanStores, keepMount } from 'nanostores';
import { $recentlyViewed, recordProductView, type RecentProduct } from '#lib/catalog/recently-viewed-store.ts';
import { RECENTLY_VIEWED_KEY } from '#lib/catalog/recently-viewed.ts';
import { MemoryStorage } from '#tests/helpers/memory-storage.ts';

const product = (sku: string): RecentProduct => ({
  sku,
  name: sku,
  itemnum: `${sku}-01`,
  image: null,
  href: `/p/1/${sku}`,
  locale: 'de',
});

describe('recordProductView', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('sessionStorage', storage);
  });
  afterEach(() => {
    cleanStores($recentlyViewed);
    vi.unstubAllGlobals();
  });

  test('keeps views newest first without duplicates, in session storage', () => {
    keepMount($recentlyViewed);
    recordProductView(product('a'));
    recordProductView(product('b'));
    recordProductView(product('a'));
    expect($recentlyViewed.get().map((p) => p.sku)).toEqual(['a', 'b']);
    expect(JSON.parse(storage.getItem(RECENTLY_VIEWED_KEY)!).map((p: RecentProduct) => p.sku)).toEqual(['a', 'b']);
  });

  test('drops stored entries that are not products, keeps the rest', () => {
    storage.setItem(
      RECENTLY_VIEWED_KEY,
      JSON.stringify([{ sku: 'x' }, product('b'), { ...product('c'), href: 'javascript:alert(1)' }]),
    );
    keepMount($recentlyViewed);
    recordProductView(product('a'));
    expect($recentlyViewed.get().map((p) => p.sku)).toEqual(['a', 'b']);
  });

  test('still shows the current view when storage is unavailable', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    });
    keepMount($recentlyViewed);
    recordProductView(product('a'));
    expect($recentlyViewed.get().map((p) => p.sku)).toEqual(['a']);
  });

  test('a new page in the same tab starts from the stored list; other tabs and localStorage never see it', () => {
    const local = new MemoryStorage();
    vi.stubGlobal('localStorage', local);
    keepMount($recentlyViewed);
    recordProductView(product('a'));
    cleanStores($recentlyViewed);
    keepMount($recentlyViewed);
    expect($recentlyViewed.get().map((p) => p.sku)).toEqual(['a']);
    expect(local.length).toBe(0);
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    cleanStores($recentlyViewed);
    keepMount($recentlyViewed);
    expect($recentlyViewed.get()).toEqual([]);
  });
});
