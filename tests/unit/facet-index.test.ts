// FacetIndex cases the property test in tests/integration/facet-index.test.ts meets only by chance.
import { describe, expect, test } from 'vitest';
import { FacetIndex, type IndexedListing } from '#lib/server/catalog/facet-index.ts';

const listing = (id: number, variants: number[], values: [string, string][] = []): IndexedListing => ({
  id,
  created: id,
  categories: [1],
  variants,
  values: values.map(([code, value]) => ({ code, value })),
  prices: {},
});

describe('FacetIndex', () => {
  test('a variant moved to a parent put before its old one still names its new parent', () => {
    const index = new FacetIndex(['colour']);
    index.put([listing(1, []), listing(2, [10], [['colour', 'red']])]);
    expect(index.ownersOf([10])).toEqual([2]);
    // Re-read after the move, in id order: the new parent (1) comes before the old one (2).
    index.put([listing(1, [10], [['colour', 'red']]), listing(2, [])]);
    expect(index.ownersOf([10])).toEqual([1]);
  });

  test('two filters on one attribute must both match, and its counts leave out both', () => {
    const index = new FacetIndex(['colour', 'size']);
    index.setCategories([{ id: 1, idPath: '1' }]);
    index.put([
      listing(
        1,
        [],
        [
          ['colour', 'red'],
          ['colour', 'blue'],
          ['size', 's'],
        ],
      ),
      listing(
        2,
        [],
        [
          ['colour', 'red'],
          ['size', 'm'],
        ],
      ),
    ]);
    const scope = {
      categoryId: 1,
      filters: [
        { name: 'colour', values: ['red'] },
        { name: 'colour', values: ['blue'] },
      ],
    };
    expect(index.page(scope, 'newest', 'EUR', 10, 0)).toEqual({ count: 1, ids: [1] });
    const counts = index.facetCounts(scope, ['colour', 'size']);
    expect(Object.fromEntries(counts.get('colour')!)).toEqual({ red: 2, blue: 1 });
    expect(Object.fromEntries(counts.get('size')!)).toEqual({ s: 1 });
  });

  test('a filter unites common values (kept as bitsets) and rare ones (kept as lists), and follows changes', () => {
    const index = new FacetIndex(['colour']);
    index.setCategories([{ id: 1, idPath: '1' }]);
    const products = Array.from({ length: 100 }, (_, i) =>
      listing(i + 1, [], i % 2 === 0 ? [['colour', 'red']] : i === 7 ? [['colour', 'blue']] : []),
    );
    index.put(products);
    const scope = { categoryId: 1, filters: [{ name: 'colour', values: ['red', 'blue'] }] };
    expect(index.page(scope, 'newest', 'EUR', 0, 0).count).toBe(51);
    index.remove([1]);
    expect(index.page(scope, 'newest', 'EUR', 0, 0).count).toBe(50);
    index.put([listing(200, [], [['colour', 'red']]), listing(8, [])]);
    expect(index.page(scope, 'newest', 'EUR', 0, 0).count).toBe(50);
    expect(index.page(scope, 'newest', 'EUR', 1, 0).ids).toEqual([200]);
    // Product 3 is no longer red: read again into its own slot, it must leave red's bitset.
    index.put([listing(3, [])]);
    expect(index.page(scope, 'newest', 'EUR', 0, 0).count).toBe(49);
  });
});
