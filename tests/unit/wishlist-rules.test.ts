import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { keepMount } from 'nanostores';
import { getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import {
  WISHLIST_STORAGE_KEY,
  emptyWishlist,
  parseStoredWishlist,
  removeWishlistItem,
  toggleWishlistItem,
  wishlistTotal,
  type Wishlist,
  type WishlistProduct,
} from '#lib/wishlist/rules.ts';
import { $wishlist, $wishlistCount, removeFromWishlist, toggleWishlist } from '#lib/wishlist/store.ts';
import { resetStores } from '#tests/helpers/stores.ts';

const drill: WishlistProduct = { id: 1, sku: 'BS-18V', name: 'Akku-Bohrschrauber 18 V', image: '/img/bs-18v.jpg' };
const saw: WishlistProduct = { id: 2, sku: 'KS-190', name: 'Handkreissäge 190 mm', image: null };
const hammer: WishlistProduct = { id: 3, sku: 'FH-1000', name: 'Fäustel 1000 g', image: '/img/fh.jpg' };

const skus = (list: Wishlist): string[] => list.items.map((i) => i.product.sku);

describe('toggleWishlistItem', () => {
  test('adds a product that is not in the wishlist', () => {
    const list = toggleWishlistItem(emptyWishlist(), drill);
    expect(list.items).toEqual([{ product: drill, qty: 1 }]);
  });

  test('removes a product that is already in the wishlist', () => {
    const once = toggleWishlistItem(emptyWishlist(), drill);
    expect(toggleWishlistItem(once, drill).items).toEqual([]);
  });

  test('recognises the product by sku and keeps the others in order', () => {
    let list = emptyWishlist();
    for (const p of [drill, saw, hammer]) list = toggleWishlistItem(list, p);
    list = toggleWishlistItem(list, { ...saw, name: 'renamed' });
    expect(skus(list)).toEqual(['BS-18V', 'FH-1000']);
  });

  test('does not change the list it was given', () => {
    const list = toggleWishlistItem(emptyWishlist(), drill);
    toggleWishlistItem(list, saw);
    toggleWishlistItem(list, drill);
    expect(skus(list)).toEqual(['BS-18V']);
  });
});

describe('removeWishlistItem', () => {
  test('removes only the product with that sku', () => {
    const list = toggleWishlistItem(toggleWishlistItem(emptyWishlist(), drill), saw);
    expect(skus(removeWishlistItem(list, 'BS-18V'))).toEqual(['KS-190']);
  });

  test('leaves the list as is for a sku that is not in it', () => {
    const list = toggleWishlistItem(emptyWishlist(), drill);
    expect(skus(removeWishlistItem(list, 'NOPE'))).toEqual(['BS-18V']);
  });
});

describe('wishlistTotal', () => {
  test('counts the items', () => {
    expect(wishlistTotal(emptyWishlist())).toBe(0);
    const list = toggleWishlistItem(toggleWishlistItem(emptyWishlist(), drill), saw);
    expect(wishlistTotal(list)).toBe(2);
  });
});

describe('parseStoredWishlist', () => {
  test('reads a stored wishlist back', () => {
    const list = toggleWishlistItem(toggleWishlistItem(emptyWishlist(), drill), saw);
    expect(parseStoredWishlist(JSON.stringify(list))).toEqual(list);
  });

  test('gives an empty wishlist when nothing is stored', () => {
    expect(parseStoredWishlist(null)).toEqual({ items: [] });
  });

  test.each([
    'not json',
    '{"items":',
    '[]',
    'null',
    '{"foo":1}',
    '{"items":[{"product":{"id":"1"},"qty":1}]}',
    '{"items":[{"product":{"id":1,"sku":"X","name":"X","image":null},"qty":0}]}',
    '{"items":"BS-18V"}',
  ])('treats the unreadable value %s as empty', (raw) => {
    expect(parseStoredWishlist(raw)).toEqual({ items: [] });
  });
});

describe('wishlist store', () => {
  // The persistent stores' in-memory storage stands in for the browser's localStorage.
  beforeAll(() => useTestStorageEngine());

  afterEach(() => resetStores([$wishlist], [$wishlistCount]));

  const stored = (): string | undefined => getTestStorage()[WISHLIST_STORAGE_KEY];

  test('stores the wishlist under its fixed key when an item is added', () => {
    toggleWishlist(drill);
    expect(parseStoredWishlist(stored() ?? null)).toEqual({ items: [{ product: drill, qty: 1 }] });
    expect($wishlistCount.get()).toBe(1);
  });

  test('clears the stored wishlist when the last item is removed', () => {
    toggleWishlist(drill);
    toggleWishlist(saw);
    removeFromWishlist(drill.sku);
    expect(stored()).toBeDefined();
    removeFromWishlist(saw.sku);
    expect(stored()).toBeUndefined();
    expect(Object.keys(getTestStorage())).toHaveLength(0);
    expect($wishlistCount.get()).toBe(0);
  });

  test('clears the stored wishlist when the last item is toggled off', () => {
    toggleWishlist(drill);
    toggleWishlist(drill);
    expect(stored()).toBeUndefined();
  });

  test('restores the stored wishlist in the browser', () => {
    const list = toggleWishlistItem(emptyWishlist(), hammer);
    setTestStorageKey(WISHLIST_STORAGE_KEY, JSON.stringify(list));
    keepMount($wishlistCount);
    expect($wishlist.get()).toEqual(list);
    expect($wishlistCount.get()).toBe(1);
  });

  test('follows a change made in another tab while shown', () => {
    keepMount($wishlistCount);
    setTestStorageKey(WISHLIST_STORAGE_KEY, JSON.stringify(toggleWishlistItem(emptyWishlist(), saw)));
    expect($wishlistCount.get()).toBe(1);
    setTestStorageKey(WISHLIST_STORAGE_KEY, 'not json');
    expect($wishlist.get()).toEqual({ items: [] });
  });
});
