import { describe, expect, test } from 'vitest';
import {
  parseRecentlyViewed,
  pushRecentlyViewed,
  RECENTLY_VIEWED_KEY,
  serializeRecentlyViewed,
} from '#lib/catalog/recently-viewed.ts';

interface Item {
  sku: string;
  name: string;
}
const item = (sku: string, name = sku): Item => ({ sku, name });
const bySku = (i: Item): string => i.sku;
const isItem = (v: unknown): v is Item =>
  typeof v === 'object' && v !== null && typeof (v as Item).sku === 'string' && typeof (v as Item).name === 'string';
const skus = (list: Item[]): string[] => list.map(bySku);

describe('pushRecentlyViewed', () => {
  test('puts a new product at the front', () => {
    expect(skus(pushRecentlyViewed([item('a'), item('b')], item('c'), bySku))).toEqual(['c', 'a', 'b']);
    expect(skus(pushRecentlyViewed([], item('a'), bySku))).toEqual(['a']);
  });

  test('moves a product viewed again to the front without a duplicate, keeping its newest data', () => {
    const list = pushRecentlyViewed([item('a'), item('b', 'old'), item('c')], item('b', 'new'), bySku);
    expect(list).toEqual([item('b', 'new'), item('a'), item('c')]);
  });

  test('caps the list, dropping the oldest', () => {
    const list = Array.from({ length: 12 }, (_, i) => item(String(i)));
    const pushed = pushRecentlyViewed(list, item('new'), bySku);
    expect(pushed).toHaveLength(12);
    expect(pushed[0]?.sku).toBe('new');
    expect(skus(pushed)).not.toContain('11');
    expect(skus(pushRecentlyViewed([item('a'), item('b')], item('c'), bySku, 2))).toEqual(['c', 'a']);
  });

  test('removes duplicates already in the list', () => {
    expect(skus(pushRecentlyViewed([item('a'), item('b'), item('a')], item('c'), bySku))).toEqual(['c', 'a', 'b']);
  });

  test('does not change the given list', () => {
    const list = [item('a')];
    pushRecentlyViewed(list, item('b'), bySku);
    expect(list).toEqual([item('a')]);
  });
});

describe('parseRecentlyViewed', () => {
  test('reads what serializeRecentlyViewed wrote', () => {
    const list = [item('a'), item('b')];
    expect(parseRecentlyViewed(serializeRecentlyViewed(list), isItem, bySku)).toEqual(list);
  });

  test('gives an empty list for missing, malformed or non-array data', () => {
    for (const raw of [null, undefined, '', '{', 'null', '42', '"a"', '{"sku":"a","name":"a"}']) {
      expect(parseRecentlyViewed(raw, isItem, bySku), String(raw)).toEqual([]);
    }
  });

  test('drops invalid and duplicate entries but keeps the valid ones', () => {
    const raw = JSON.stringify([item('a'), null, 7, { sku: 1 }, item('a', 'dup'), item('b')]);
    expect(parseRecentlyViewed(raw, isItem, bySku)).toEqual([item('a'), item('b')]);
  });

  test('caps a list stored too long', () => {
    const raw = JSON.stringify(Array.from({ length: 30 }, (_, i) => item(String(i))));
    expect(parseRecentlyViewed(raw, isItem, bySku)).toHaveLength(12);
  });
});

describe('serializeRecentlyViewed', () => {
  test('writes at most the maximum number of entries', () => {
    const list = Array.from({ length: 20 }, (_, i) => item(String(i)));
    expect(JSON.parse(serializeRecentlyViewed(list))).toHaveLength(12);
  });
});

describe('RECENTLY_VIEWED_KEY', () => {
  test('is the session storage key', () => {
    expect(RECENTLY_VIEWED_KEY).toBe('vsf-recently-viewed');
  });
});
