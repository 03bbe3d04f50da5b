import { describe, expect, test } from 'vitest';
import { fill, plural } from '#lib/i18n/format.ts';

/** The CLDR category plural() picks: forms named after their category. */
const pluralCategory = (intlLocale: string, count: number) =>
  plural(intlLocale, count, { zero: 'zero', one: 'one', two: 'two', few: 'few', many: 'many', other: 'other' });
import { de as deMessages } from '#lib/i18n/messages/de.ts';
import { en as enMessages } from '#lib/i18n/messages/en.ts';
import { fr as frMessages } from '#lib/i18n/messages/fr.ts';

const de = { one: '{{count}} Treffer für „{{term}}“', other: '{{count}} Treffer für „{{term}}“' };
const en = { one: '{{count}} result', other: '{{count}} results' };
const fr = { one: '{{count}} résultat', other: '{{count}} résultats' };

describe('fill', () => {
  test('fills every occurrence of a known placeholder, spaces inside the braces allowed', () => {
    expect(fill('Image {{index}} of {{ count }}', { index: 2, count: 3 })).toBe('Image 2 of 3');
    expect(fill('{{a}}-{{a}}', { a: 'x' })).toBe('x-x');
  });

  test('keeps an unknown placeholder visible instead of blanking it', () => {
    expect(fill('Image {{index}} of {{ count }} {{x}}', { index: 2, count: 3 })).toBe('Image 2 of 3 {{x}}');
    expect(fill('Coupon {{code}}')).toBe('Coupon {{code}}');
  });

  test('inserts numbers as written, without grouping', () => {
    expect(fill('© {{year}} {{title}}', { year: 2026, title: 'Shop' })).toBe('© 2026 Shop');
    expect(fill('At least {{min}} characters', { min: 0 })).toBe('At least 0 characters');
  });

  test('takes an empty string as a value, and leaves single braces alone', () => {
    expect(fill('[{{a}}]', { a: '' })).toBe('[]');
    expect(fill('{a} {{a}}', { a: 'x' })).toBe('{a} x');
  });

  test('does not read inherited properties as values', () => {
    expect(fill('{{constructor}} {{toString}}', {})).toBe('{{constructor}} {{toString}}');
  });

  test('inserts a value as text: a placeholder inside a value is not filled again', () => {
    expect(fill('{{a}} {{b}}', { a: '{{b}}', b: 'x' })).toBe('{{b}} x');
  });
});

describe('plural categories', () => {
  test('uses the CLDR categories of German and English: only exactly 1 is one', () => {
    for (const locale of ['de-DE', 'en-GB']) {
      expect(
        [0, 1, 2, 1000].map((n) => pluralCategory(locale, n)),
        locale,
      ).toEqual(['other', 'one', 'other', 'other']);
    }
  });

  test('counts 0 and 1 as one in French', () => {
    expect([0, 1, 2, 1000].map((n) => pluralCategory('fr-FR', n))).toEqual(['one', 'one', 'other', 'other']);
  });
});

describe('plural', () => {
  test('picks the plural form by the locale and formats the count', () => {
    expect(plural('en-GB', 1, en)).toBe('1 result');
    expect(plural('en-GB', 0, en)).toBe('0 results');
    expect(plural('en-GB', 2400, en)).toBe('2,400 results');
    expect(plural('fr-FR', 0, fr)).toBe('0 résultat');
    expect(plural('fr-FR', 1, fr)).toBe('1 résultat');
    expect(plural('fr-FR', 2, fr)).toBe('2 résultats');
    expect(plural('de-DE', 1200, de, { term: 'bohr' })).toBe('1.200 Treffer für „bohr“');
    expect(plural('de-DE', 1234, { one: '{{count}} Produkt', other: '{{count}} Produkte' })).toBe('1.234 Produkte');
    const products = { one: '{{count}} product', other: '{{count}} products' };
    expect([1, 0, 12].map((n) => plural('en-GB', n, products))).toEqual(['1 product', '0 products', '12 products']);
    expect(plural('fr-FR', 0, { one: '{{count}} produit', other: '{{count}} produits' })).toBe('0 produit');
  });

  test('says "at least" for a capped search: the count with a plus, always plural', () => {
    expect(plural('de-DE', 240, de, { term: 'bohr' }, { atLeast: true })).toBe('240+ Treffer für „bohr“');
    expect(plural('en-GB', 1, en, {}, { atLeast: true })).toBe('1+ results');
    expect(plural('fr-FR', 1, fr, {}, { atLeast: true })).toBe('1+ résultats');
    expect(plural('en-GB', 2400, en, {}, { atLeast: false })).toBe('2,400 results');
  });

  test('falls back to the other form for a category the message lacks (French many)', () => {
    expect(pluralCategory('fr-FR', 1_000_000)).toBe('many');
    expect(plural('fr-FR', 1_000_000, fr)).toBe('1\u202f000\u202f000 résultats');
    expect(plural('fr-FR', 1_000_000, { ...fr, many: '{{count}} de résultats' })).toBe(
      '1\u202f000\u202f000 de résultats',
    );
  });

  test('the count it computes wins over a count among the variables', () => {
    expect(plural('en-GB', 3, en, { count: 'x' })).toBe('3 results');
  });

  test('renders the shipped messages the same way in every locale', () => {
    const forms = (m: Record<string, string>, key: string) => ({ one: m[`${key}_one`]!, other: m[`${key}_other`]! });
    expect(plural('en-GB', 1, forms(enMessages, 'cart.totalItems'))).toBe('1 item');
    expect(plural('fr-FR', 0, forms(frMessages, 'catalog.products'))).toBe(
      fill(frMessages['catalog.products_one'], { count: '0' }),
    );
    expect(plural('de-DE', 2, forms(deMessages, 'search.resultsFor'), { term: 'bohr' })).toBe(
      fill(deMessages['search.resultsFor_other'], { count: '2', term: 'bohr' }),
    );
  });
});
