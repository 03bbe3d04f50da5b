import { describe, expect, test } from 'vitest';
import {
  byAttributeOrder,
  breadcrumbJsonLd,
  galleryImages,
  headerAttributes,
  primaryTrail,
  productAlternates,
  productJsonLd,
  propertyAttributes,
  shortDescription,
  variantLabels,
} from '#lib/catalog/product.ts';
import type { CustomAttribute } from '#lib/catalog/contract.ts';

const attr = (code: string, value: string, extra: Partial<CustomAttribute> = {}): CustomAttribute => ({
  attribute_code: code,
  label: code.toUpperCase(),
  value,
  valueLabel: `${value}!`,
  image: null,
  position: 0,
  location: 'details',
  html: false,
  ...extra,
});

describe('galleryImages', () => {
  test('puts the cover first and shows no image twice', () => {
    expect(galleryImages('/a.svg', ['/a.svg', '/b.svg', '/b.svg', '/c.svg'])).toEqual(['/a.svg', '/b.svg', '/c.svg']);
  });
  test('works without a cover or gallery', () => {
    expect(galleryImages(null, ['/b.svg'])).toEqual(['/b.svg']);
    expect(galleryImages(null, [])).toEqual([]);
    expect(galleryImages('', [''])).toEqual([]);
  });
});

describe('primaryTrail', () => {
  const a = [
    { text: 'Tools', link: 'tools', primary: false },
    { text: 'Drills', link: 'tools/drills', primary: false },
  ];
  const b = [
    { text: 'Tools', link: 'tools', primary: true },
    { text: 'Screwdrivers', link: 'tools/screwdrivers', primary: true },
  ];
  test('prefers the primary trail', () => {
    expect(primaryTrail([a, b])).toEqual(b);
  });
  test('takes the first trail when none is primary, and nothing without trails', () => {
    expect(primaryTrail([a, [], a.slice(0, 1)])).toEqual(a);
    expect(primaryTrail([])).toEqual([]);
    expect(primaryTrail([[]])).toEqual([]);
  });
});

describe('attribute groups', () => {
  test('join the values of a multiselect and drop repeated values', () => {
    const groups = propertyAttributes(
      [attr('certificate', 'ce'), attr('weight', '2'), attr('certificate', 'gs'), attr('certificate', 'ce')],
      [],
    );
    expect(groups.map((g) => [g.code, g.values.map((v) => v.label)])).toEqual([
      ['certificate', ['ce!', 'gs!']],
      ['weight', ['2!']],
    ]);
  });
});

describe('headerAttributes and propertyAttributes', () => {
  const attrs = [
    attr('brand', 'makita', { location: 'header' }),
    attr('manufacturer_number', 'M-1', { location: 'header' }),
    attr('voltage', '18', { location: 'list' }),
    attr('weight', '2'),
    attr('datasheet', '<p>x</p>', { html: true }),
  ];
  test('header attributes follow the setting order and skip codes the product lacks', () => {
    expect(headerAttributes(attrs, ['manufacturer_number', 'nope', 'brand']).map((g) => g.code)).toEqual([
      'manufacturer_number',
      'brand',
    ]);
  });
  test('properties leave out what the header shows', () => {
    expect(propertyAttributes(attrs, ['brand', 'weight']).map((g) => g.code)).toEqual(['voltage', 'datasheet']);
  });
});

describe('variantLabels', () => {
  const variant = (name: string, attributes: CustomAttribute[]) => ({ name, attributes });
  test('labels variants by the attributes that differ', () => {
    expect(
      variantLabels([
        variant('Glove 8', [attr('brand', 'x'), attr('size', '8')]),
        variant('Glove 9', [attr('brand', 'x'), attr('size', '9')]),
      ]),
    ).toEqual(['8!', '9!']);
  });
  test('combines several differing attributes and falls back to the name', () => {
    expect(
      variantLabels([
        variant('A', [attr('size', '8'), attr('colour', 'red')]),
        variant('B', [attr('size', '9'), attr('colour', 'blue')]),
      ]),
    ).toEqual(['8! / red!', '9! / blue!']);
    expect(variantLabels([variant('A', [attr('size', '8')]), variant('B', [attr('size', '8')])])).toEqual(['A', 'B']);
    expect(variantLabels([])).toEqual([]);
  });
});

describe('shortDescription', () => {
  test('keeps short text and collapses white space', () => {
    expect(shortDescription('  A   drill\n for wood ')).toBe('A drill for wood');
  });
  test('cuts long text at a word with an ellipsis, within the limit', () => {
    const text = 'word '.repeat(60);
    const cut = shortDescription(text, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut.endsWith('word…')).toBe(true);
  });
});

describe('productJsonLd', () => {
  test('describes the product without any offer or price', () => {
    const ld = productJsonLd({
      name: 'Drill',
      sku: 'BMA-1',
      itemnum: '1',
      url: 'https://x/p/1/drill',
      images: ['https://x/a.svg'],
      description: 'Text',
      brand: 'Makita',
    });
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Drill',
      sku: 'BMA-1',
      mpn: '1',
      image: ['https://x/a.svg'],
      description: 'Text',
      brand: { '@type': 'Brand', name: 'Makita' },
    });
    expect(JSON.stringify(ld)).not.toMatch(/offer|price/i);
  });
  test("names the GTIN by its length and takes the manufacturer's part number as mpn", () => {
    const base = { name: 'Screw', sku: 'S', itemnum: 'I', url: 'u', images: [], description: '' };
    expect(productJsonLd({ ...base, gtin: '4006381333931', mpn: 'W-4711' })).toMatchObject({
      gtin13: '4006381333931',
      mpn: 'W-4711',
    });
    expect(productJsonLd({ ...base, gtin: '96385074' })).toMatchObject({ gtin8: '96385074', mpn: 'I' });
    expect(productJsonLd({ ...base, gtin: '012345678905' })).toHaveProperty('gtin12', '012345678905');
    expect(productJsonLd({ ...base, gtin: '10012345678902' })).toHaveProperty('gtin14', '10012345678902');
    expect(JSON.stringify(productJsonLd({ ...base, gtin: '12345' }))).not.toContain('gtin');
  });

  test('leaves out what is missing', () => {
    const ld = productJsonLd({ name: 'Drill', sku: 'S', itemnum: 'I', url: 'u', images: [], description: '' });
    expect(ld).not.toHaveProperty('image');
    expect(ld).not.toHaveProperty('description');
    expect(ld).not.toHaveProperty('brand');
  });
});

describe('breadcrumbJsonLd', () => {
  test('numbers the items from 1', () => {
    expect(
      breadcrumbJsonLd([
        { name: 'Home', url: 'a' },
        { name: 'Tools', url: 'b' },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'a' },
        { '@type': 'ListItem', position: 2, name: 'Tools', item: 'b' },
      ],
    });
  });
});

describe('productAlternates', () => {
  test('uses each locale its own slug, German without a prefix', () => {
    expect(productAlternates(7, { de: 'bohrer', en: 'drill', fr: 'perceuse' }, ['de', 'en', 'fr', 'es'])).toEqual({
      de: '/p/7/bohrer',
      en: '/en/p/7/drill',
      fr: '/fr/p/7/perceuse',
    });
  });
  test('offers only the shop’s languages', () => {
    expect(productAlternates(7, { de: 'bohrer', en: 'drill' }, ['de'])).toEqual({ de: '/p/7/bohrer' });
  });
});

describe('byAttributeOrder', () => {
  test('position, then code, then value with numbers as numbers, whatever order the rows came in', () => {
    const row = (position: number, code: string, value: string) => ({ position, attribute_code: code, value });
    const rows = [
      row(6, 'size', '10'),
      row(2, 'colour', 'red'),
      row(6, 'size', '8'),
      row(6, 'grip', 'soft'),
      row(6, 'size', '9'),
    ];
    const sorted = [...rows].sort(byAttributeOrder).map((r) => `${r.attribute_code}=${r.value}`);
    expect(sorted).toEqual(['colour=red', 'grip=soft', 'size=8', 'size=9', 'size=10']);
    expect([...rows].reverse().sort(byAttributeOrder)).toEqual([...rows].sort(byAttributeOrder));
  });
});
