import { describe, expect, test } from 'vitest';
import {
  breadcrumbJsonLd,
  categoryAlternates,
  categoryBar,
  categoryCrumbs,
  isDefaultListing,
  listingCard,
  parseStoredView,
  requestableFilters,
  toggleFilter,
  withSelectedOptions,
  type TreeNode,
} from '#lib/catalog/category-listing.ts';
import { localePath } from '#lib/site/paths.ts';
import { FILTER_LIMITS } from '#lib/catalog/listing.ts';
import type { Facet } from '#lib/catalog/contract.ts';

describe('isDefaultListing', () => {
  test('is true only for page 1, sort latest and no filters', () => {
    expect(isDefaultListing({ page: 1, sort: 'latest', filters: {} })).toBe(true);
    expect(isDefaultListing({ page: 2, sort: 'latest', filters: {} })).toBe(false);
    expect(isDefaultListing({ page: 1, sort: 'price-up', filters: {} })).toBe(false);
    expect(isDefaultListing({ page: 1, sort: 'latest', filters: { brand: ['acme'] } })).toBe(false);
  });

  test('treats empty filter lists as no filter', () => {
    expect(isDefaultListing({ page: 1, sort: 'latest', filters: { brand: [], colour: [' '] } })).toBe(true);
  });
});

describe('toggleFilter', () => {
  test('adds a value, keeping values sorted and unique', () => {
    expect(toggleFilter({ brand: ['b'] }, 'brand', 'a', true)).toEqual({ brand: ['a', 'b'] });
    expect(toggleFilter({ brand: ['a'] }, 'brand', 'a', true)).toEqual({ brand: ['a'] });
    expect(toggleFilter({}, 'colour', 'red', true)).toEqual({ colour: ['red'] });
  });

  test('removes a value and drops the list it leaves empty', () => {
    expect(toggleFilter({ brand: ['a', 'b'] }, 'brand', 'a', false)).toEqual({ brand: ['b'] });
    expect(toggleFilter({ brand: ['a'], colour: ['red'] }, 'brand', 'a', false)).toEqual({ colour: ['red'] });
  });

  test('does not change the filters it was given', () => {
    const filters = { brand: ['a'] };
    toggleFilter(filters, 'brand', 'b', true);
    expect(filters).toEqual({ brand: ['a'] });
  });
});

describe('requestableFilters', () => {
  test('keeps valid attribute filters', () => {
    expect(requestableFilters({ brand: ['acme'], voltage: ['12', '18'] })).toEqual({
      brand: ['acme'],
      voltage: ['12', '18'],
    });
  });

  test('drops attribute codes and values the product-list endpoint would reject', () => {
    expect(requestableFilters({ 'Bad Code': ['x'], brand: ['acme', 'x'.repeat(101)] })).toEqual({ brand: ['acme'] });
    expect(requestableFilters({ ['c'.repeat(41)]: ['x'] })).toEqual({});
  });

  test('caps the number of values and filters', () => {
    const many = Array.from({ length: 60 }, (_, i) => `v${String(i).padStart(2, '0')}`);
    expect(requestableFilters({ brand: many }).brand).toHaveLength(FILTER_LIMITS.values);
    const codes = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`a${i}`, ['x']]));
    expect(Object.keys(requestableFilters(codes))).toHaveLength(FILTER_LIMITS.filters);
  });
});

describe('withSelectedOptions', () => {
  const brand: Facet = {
    id: 'brand',
    label: 'Brand',
    type: 'select',
    options: [
      { value: 'acme', label: 'ACME', count: 4 },
      { value: 'bolt', label: 'Bolt', count: 2 },
    ],
  };
  const colour: Facet = {
    id: 'colour',
    label: 'Colour',
    type: 'select',
    options: [{ value: 'red', label: 'Red', count: 3 }],
  };

  test('returns the facets unchanged when every selected value is listed', () => {
    expect(withSelectedOptions([brand, colour], [brand, colour], { brand: ['acme'] })).toEqual([brand, colour]);
  });

  test('brings back a selected value the backend no longer lists, with count 0 and its label', () => {
    const narrowed: Facet = { ...brand, options: [{ value: 'acme', label: 'ACME', count: 1 }] };
    const [result] = withSelectedOptions([narrowed], [brand], { brand: ['bolt'] });
    expect(result?.options).toEqual([
      { value: 'acme', label: 'ACME', count: 1 },
      { value: 'bolt', label: 'Bolt', count: 0 },
    ]);
  });

  test('brings back a whole group that vanished, in the order of the unfiltered page', () => {
    const result = withSelectedOptions([colour], [brand, colour], { brand: ['acme'] });
    expect(result.map((f) => f.id)).toEqual(['brand', 'colour']);
    expect(result[0]?.options).toEqual([{ value: 'acme', label: 'ACME', count: 0 }]);
  });

  test('ignores selections for attributes it knows nothing about', () => {
    expect(withSelectedOptions([brand], [brand], { unknown: ['x'] })).toEqual([brand]);
  });
});

describe('parseStoredView', () => {
  test('accepts only grid and list', () => {
    expect(parseStoredView('list', 'grid')).toBe('list');
    expect(parseStoredView('grid', 'list')).toBe('grid');
    expect(parseStoredView(null, 'list')).toBe('list');
    expect(parseStoredView('tiles', 'grid')).toBe('grid');
  });
});

describe('categoryAlternates', () => {
  test('gives every offered locale its own slug path', () => {
    const build = (l: 'de' | 'en' | 'fr' | 'es' | 'it', p: string) => localePath(l, `/c/${p}`);
    expect(categoryAlternates({ de: 'werkzeuge', en: 'tools', fr: 'outillage' }, ['de', 'en', 'es'], build)).toEqual({
      de: '/c/werkzeuge',
      en: '/en/c/tools',
    });
  });
});

describe('categoryBar', () => {
  const node = (id: number, productCount: number, children: TreeNode[] = []): TreeNode => ({
    id,
    name: `c${id}`,
    slugPath: `p/${id}`,
    productCount,
    children,
  });
  const tree = [node(1, 9, [node(2, 5, [node(4, 5), node(5, 0)]), node(3, 4)]), node(6, 2)];

  test('offers the subcategories of a category that has some, without empty ones', () => {
    const bar = categoryBar(tree, 2);
    expect(bar?.root.id).toBe(1);
    expect(bar?.items.map((c) => c.id)).toEqual([4]);
  });

  test('offers the siblings on a leaf, keeping the current one even when empty', () => {
    expect(categoryBar(tree, 5)?.items.map((c) => c.id)).toEqual([4, 5]);
    expect(categoryBar(tree, 3)?.items.map((c) => c.id)).toEqual([2, 3]);
  });

  test('offers nothing for a root without children, and null for an unknown id', () => {
    expect(categoryBar(tree, 6)?.items).toEqual([]);
    expect(categoryBar(tree, 99)).toBeNull();
  });
});

describe('categoryCrumbs', () => {
  const trail = [
    { name: 'Tools', slugPath: 'tools' },
    { name: 'Drills', slugPath: 'tools/drills' },
  ];

  test('starts with Home at the locale home, then the trail with locale-prefixed category links', () => {
    expect(categoryCrumbs('en', 'Home', trail)).toEqual([
      { text: 'Home', link: '/en' },
      { text: 'Tools', link: '/en/c/tools' },
      { text: 'Drills', link: '/en/c/tools/drills' },
    ]);
    expect(categoryCrumbs('de', 'Startseite', trail)[0]).toEqual({ text: 'Startseite', link: '/' });
  });
});

describe('breadcrumbJsonLd', () => {
  test('lists the crumbs as a schema.org BreadcrumbList with absolute URLs', () => {
    expect(
      breadcrumbJsonLd(
        [
          { text: 'Home', link: '/en' },
          { text: 'Tools', link: '/en/c/tools' },
        ],
        'https://shop.example',
      ),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/en' },
        { '@type': 'ListItem', position: 2, name: 'Tools', item: 'https://shop.example/en/c/tools' },
      ],
    });
  });
});

describe('listingCard', () => {
  test('keeps only the attributes a card shows: list attributes without HTML', () => {
    const attribute = (code: string, location: string, html = false) => ({
      attribute_code: code,
      label: code,
      value: 'v',
      valueLabel: 'v',
      image: null,
      position: 1,
      location,
      html,
    });
    const card = {
      id: 1,
      sku: 'A-1',
      itemnum: '1',
      slug: 'a',
      name: 'A',
      image: null,
      hidePrices: false,
      variantSkus: [],
      attributes: [attribute('colour', 'list'), attribute('brand', 'header'), attribute('sheet', 'list', true)],
    };
    expect(listingCard(card).attributes.map((a) => a.attribute_code)).toEqual(['colour']);
    expect(card.attributes).toHaveLength(3);
  });
});
