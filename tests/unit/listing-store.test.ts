// The category view (grid or list) lasts for the browser tab: paging, other
// categories and reloads keep it, another tab starts with the shop's default.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { cleanStores, keepMount } from 'nanostores';
import { $categoryView, setCategoryView } from '#lib/catalog/listing-store.ts';
import { MemoryStorage } from '#tests/helpers/memory-storage.ts';

/** The session-storage key, pinned: renaming it would forget every open tab's choice. */
const CATEGORY_VIEW_KEY = 'category-view';

describe('setCategoryView', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('sessionStorage', storage);
    vi.stubGlobal('localStorage', new MemoryStorage());
  });
  afterEach(() => {
    cleanStores($categoryView);
    vi.unstubAllGlobals();
  });

  test('is no choice until the shopper makes one, so the page shows the shop default', () => {
    keepMount($categoryView);
    expect($categoryView.get()).toBeUndefined();
  });

  test('keeps the choice in session storage for the next page in the tab', () => {
    keepMount($categoryView);
    setCategoryView('list');
    expect(storage.getItem(CATEGORY_VIEW_KEY)).toBe('list');
    expect(localStorage.length).toBe(0);
    cleanStores($categoryView);
    keepMount($categoryView);
    expect($categoryView.get()).toBe('list');
  });

  test('reads a stored value that is not a view as no choice', () => {
    storage.setItem(CATEGORY_VIEW_KEY, 'tiles');
    keepMount($categoryView);
    expect($categoryView.get()).toBeUndefined();
  });
});
