import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  appendPage,
  filtersToRequest,
  isPagingBeyondTotal,
  listingHref,
  PAGE_SIZES,
  pageCount,
  pageWindow,
  parseListingQuery,
  SORT_OPTIONS,
  toListingSearch,
  type Filters,
} from '#lib/catalog/listing.ts';

const q = (search: string) => new URLSearchParams(search);

describe('PAGE_SIZES', () => {
  test('are the page sizes and sort options of the shop', () => {
    expect(PAGE_SIZES).toEqual({ default: 20, category: 10, orders: 10, priceList: 12, search: 24, overlay: 12 });
    expect(SORT_OPTIONS).toEqual(['latest', 'price-up', 'price-down']);
  });
});

describe('parseListingQuery', () => {
  test('defaults to page 1, sort latest, offset 0 and no filters', () => {
    expect(parseListingQuery(q(''), 'default')).toEqual({ page: 1, sort: 'latest', limit: 20, offset: 0, filters: {} });
    expect(parseListingQuery({}, 'default')).toEqual({ page: 1, sort: 'latest', limit: 20, offset: 0, filters: {} });
  });

  test('uses the page size of the listing kind', () => {
    expect(parseListingQuery(q(''), 'orders').limit).toBe(10);
    expect(parseListingQuery(q(''), 'priceList').limit).toBe(12);
    expect(parseListingQuery(q(''), 'category').limit).toBe(10);
    expect(parseListingQuery(q(''), 'search').limit).toBe(24);
    expect(parseListingQuery(q(''), 'overlay').limit).toBe(12);
  });

  test('computes the offset as (page-1) times the page size', () => {
    expect(parseListingQuery(q('page=3'), 'default')).toMatchObject({ page: 3, offset: 40 });
    expect(parseListingQuery(q('page=3'), 'orders')).toMatchObject({ page: 3, offset: 20 });
    expect(parseListingQuery({ page: '2' }, 'priceList')).toMatchObject({ page: 2, offset: 12 });
  });

  test('falls back to page 1 for non-numeric, fractional, zero or negative pages', () => {
    for (const page of ['abc', '2abc', '1.5', '1e3', '0', '-2', '', ' ', '99999999999999999999']) {
      expect(parseListingQuery({ page }, 'default'), page).toMatchObject({ page: 1, offset: 0 });
    }
  });

  test('accepts every known sort and falls back to latest for unknown ones', () => {
    for (const sort of SORT_OPTIONS) expect(parseListingQuery({ sort }, 'default').sort).toBe(sort);
    expect(parseListingQuery({ sort: 'price' }, 'default').sort).toBe('latest');
    expect(parseListingQuery({ sort: 'PRICE-UP' }, 'default').sort).toBe('latest');
  });

  test('reads f.<attributeCode> parameters as comma-separated filter values', () => {
    expect(parseListingQuery(q('f.color=red,blue&f.size=XL&other=1'), 'default').filters).toEqual({
      color: ['blue', 'red'],
      size: ['XL'],
    });
  });

  test('drops empty filter values and the empty lists they leave', () => {
    expect(parseListingQuery(q('f.color=red,,%20&f.size=&f.brand=,'), 'default').filters).toEqual({ color: ['red'] });
    expect(parseListingQuery({ 'f.size': '', 'f.': 'x', 'f.color': undefined }, 'default').filters).toEqual({});
  });

  test('keeps an attribute code named __proto__ as a plain filter key', () => {
    const { filters } = parseListingQuery(q('f.__proto__=x'), 'default');
    expect(Object.getPrototypeOf(filters)).toBe(Object.prototype);
    expect(Object.entries(filters)).toEqual([['__proto__', ['x']]]);
  });

  test('merges repeated filter parameters and removes duplicate values', () => {
    expect(parseListingQuery(q('f.color=red&f.color=blue,red'), 'default').filters).toEqual({ color: ['blue', 'red'] });
  });
});

describe('toListingSearch', () => {
  test('omits defaults', () => {
    expect(toListingSearch({ page: 1, sort: 'latest', filters: {} })).toBe('');
    expect(toListingSearch({ page: 1, sort: 'latest', filters: { color: [] } })).toBe('');
  });

  test('writes page, sort and filters with sorted keys and values', () => {
    expect(toListingSearch({ page: 2, sort: 'price-down', filters: { size: ['XL', 'L'], color: ['red'] } })).toBe(
      'page=2&sort=price-down&f.color=red&f.size=L,XL',
    );
  });

  test('gives the same string for the same selection in any order', () => {
    const a = toListingSearch({ page: 1, sort: 'latest', filters: { b: ['2', '1'], a: ['x'] } });
    const b = toListingSearch({ page: 1, sort: 'latest', filters: { a: ['x'], b: ['1', '2', '1'] } });
    expect(a).toBe(b);
  });

  test('does not throw on a lone surrogate in a filter value', () => {
    expect(toListingSearch({ page: 1, sort: 'latest', filters: { color: ['a\ud800'] } })).toBe('f.color=a%EF%BF%BD');
  });

  test('round-trips through parseListingQuery', () => {
    const value = fc
      .string({ minLength: 1, unit: 'grapheme' })
      .map((s) => s.trim())
      .filter((s) => s !== '' && !s.includes(','));
    const code = fc
      .string({ minLength: 1, unit: 'grapheme' })
      .map((s) => s.trim())
      .filter((s) => s !== '');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.constantFrom(...SORT_OPTIONS),
        fc.dictionary(code, fc.uniqueArray(value, { minLength: 1, maxLength: 4 }), { maxKeys: 4 }),
        (page, sort, filters) => {
          const parsed = parseListingQuery(q(toListingSearch({ page, sort, filters })), 'default');
          const sorted: Filters = Object.fromEntries(
            Object.entries(filters).map(([k, v]) => [k, [...v].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))]),
          );
          expect(parsed).toMatchObject({ page, sort });
          expect(parsed.filters).toEqual(sorted);
        },
      ),
    );
  });
});

describe('listingHref', () => {
  test('appends the canonical query only when there is one', () => {
    expect(listingHref('/c/tools', { page: 1, sort: 'latest', filters: {} })).toBe('/c/tools');
    expect(listingHref('/c/tools', { page: 2, sort: 'latest', filters: {} })).toBe('/c/tools?page=2');
  });
});

describe('filtersToRequest', () => {
  test('turns filters into {name, values} and drops empty lists', () => {
    expect(filtersToRequest({ color: ['red', 'blue'], size: [], brand: ['  '] })).toEqual([
      { name: 'color', values: ['blue', 'red'] },
    ]);
    expect(filtersToRequest({})).toEqual([]);
  });
});

describe('pageCount', () => {
  test('rounds up and gives 0 for no results', () => {
    expect(pageCount(0, 20)).toBe(0);
    expect(pageCount(1, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(10, 0)).toBe(0);
    expect(pageCount(Number.NaN, 20)).toBe(0);
  });
});

describe('pageWindow', () => {
  test('lists every page when there are few', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  test('keeps first, last and neighbours of the current page with gaps between', () => {
    expect(pageWindow(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 'gap', 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'gap', 19, 20]);
  });

  test('shows a single skipped page instead of a gap', () => {
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageWindow(17, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });

  test('clamps a current page outside the range', () => {
    expect(pageWindow(99, 5)).toEqual([1, 'gap', 4, 5]);
    expect(pageWindow(-3, 20)).toEqual([1, 2, 'gap', 20]);
  });
});

describe('appendPage', () => {
  test('returns the current result unchanged when the paging start is at or beyond the total', () => {
    const current = [1, 2, 3];
    expect(isPagingBeyondTotal(3, 3)).toBe(true);
    expect(isPagingBeyondTotal(4, 3)).toBe(true);
    expect(appendPage(current, [4], 3, 3)).toBe(current);
    expect(appendPage(current, [4], 10, 3)).toBe(current);
    expect(current).toEqual([1, 2, 3]);
  });

  test('appends the next page when the start is below the total', () => {
    const current = [1, 2];
    expect(isPagingBeyondTotal(2, 4)).toBe(false);
    expect(appendPage(current, [3, 4], 2, 4)).toEqual([1, 2, 3, 4]);
    expect(current).toEqual([1, 2]);
  });
});
