import { describe, expect, test } from 'vitest';
import { isExactMatch, normalizeTerm, OVERLAY_PAGE, rankExactFirst, SEARCH_DEBOUNCE_MS } from '#lib/search/rules.ts';

interface Hit { name: string; itemnum: string | null; sku: string; originalId: number | null }
const hit = (name: string, itemnum: string | null, sku: string, originalId: number | null = null): Hit => ({ name, itemnum, sku, originalId });
const get = { itemnum: (h: Hit) => h.itemnum, sku: (h: Hit) => h.sku, originalId: (h: Hit) => h.originalId };
const names = (hits: Hit[]): string[] => hits.map((h) => h.name);

describe('normalizeTerm', () => {
  test('trims the term', () => {
    expect(normalizeTerm('  drill  ')).toBe('drill');
  });

  test('collapses inner whitespace', () => {
    expect(normalizeTerm('akku \t  bohrer\n18V')).toBe('akku bohrer 18V');
  });

  test('gives an empty term for whitespace or nothing', () => {
    expect(normalizeTerm('   \n\t ')).toBe('');
    expect(normalizeTerm('')).toBe('');
    expect(normalizeTerm(null)).toBe('');
    expect(normalizeTerm(undefined)).toBe('');
  });
});

describe('constants', () => {
  test('are the 1 s debounce and the overlay step of 12', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(1000);
    expect(OVERLAY_PAGE).toBe(12);
  });
});

describe('isExactMatch', () => {
  test('matches itemnum or sku exactly, ignoring case and surrounding spaces', () => {
    expect(isExactMatch(hit('a', 'AB-100', 'sku-1'), ' ab-100 ', get)).toBe(true);
    expect(isExactMatch(hit('a', 'AB-100', 'SKU-1'), 'sku-1', get)).toBe(true);
  });

  test('does not count a partial itemnum or sku as exact', () => {
    expect(isExactMatch(hit('a', 'AB-100', 'sku-1'), 'AB-10', get)).toBe(false);
    expect(isExactMatch(hit('a', 'AB-100', 'sku-1'), 'sku', get)).toBe(false);
  });

  test('matches originalId only against an all-digit term', () => {
    expect(isExactMatch(hit('a', null, 'x', 4711), '4711', get)).toBe(true);
    expect(isExactMatch(hit('a', null, 'x', 4711), '471', get)).toBe(false);
    expect(isExactMatch(hit('a', null, 'x', 0), '', get)).toBe(false);
    expect(isExactMatch(hit('a', null, 'x', 4711), '4711a', get)).toBe(false);
    // Number() would read these as 42; a shopper typing them is not asking for product 42.
    expect(isExactMatch(hit('a', null, 'x', 42), '0x2A', get)).toBe(false);
    expect(isExactMatch(hit('a', null, 'x', 42), '42.0', get)).toBe(false);
    expect(isExactMatch(hit('a', null, 'x', null), '0', get)).toBe(false);
  });
});

describe('rankExactFirst', () => {
  const hits = [
    hit('contains 1', 'AB-1000', 'p1'),
    hit('by sku', 'X-1', 'ab-100'),
    hit('contains 2', 'ZZ', 'p2'),
    hit('by itemnum', 'AB-100', 'p3'),
    hit('contains 3', 'Q', 'p4'),
  ];

  test('puts exact itemnum and sku matches first, keeping the order within each group', () => {
    expect(names(rankExactFirst(hits, 'AB-100', get))).toEqual(['by sku', 'by itemnum', 'contains 1', 'contains 2', 'contains 3']);
  });

  test('puts the product whose originalId equals a numeric term first', () => {
    const list = [hit('other', '123', 'p1', 1), hit('by id', 'Z', 'p2', 42)];
    expect(names(rankExactFirst(list, '42', get))).toEqual(['by id', 'other']);
  });

  test('leaves the order alone without an exact match or with an empty term', () => {
    expect(names(rankExactFirst(hits, 'nothing', get))).toEqual(names(hits));
    expect(names(rankExactFirst(hits, '   ', get))).toEqual(names(hits));
  });

  test('returns a new array', () => {
    expect(rankExactFirst(hits, 'nothing', get)).not.toBe(hits);
  });
});
