import { describe, expect, test } from 'vitest';
import { pluralText } from '#islands/search/strings.ts';

const de = { one: '{{count}} Treffer für „{{term}}“', other: '{{count}} Treffer für „{{term}}“' };
const en = { one: '{{count}} result', other: '{{count}} results' };
const fr = { one: '{{count}} résultat', other: '{{count}} résultats' };

describe('pluralText', () => {
  test('picks the plural form by the locale and formats the count', () => {
    expect(pluralText('en-GB', 1, en)).toBe('1 result');
    expect(pluralText('en-GB', 2400, en)).toBe('2,400 results');
    expect(pluralText('fr-FR', 0, fr)).toBe('0 résultat');
    expect(pluralText('de-DE', 1200, de, { term: 'bohr' })).toBe('1.200 Treffer für „bohr“');
  });

  test('says "at least" for a capped search: the count with a plus, always plural', () => {
    expect(pluralText('de-DE', 240, de, { term: 'bohr' }, true)).toBe('240+ Treffer für „bohr“');
    expect(pluralText('en-GB', 1, en, {}, true)).toBe('1+ results');
    expect(pluralText('fr-FR', 1, fr, {}, true)).toBe('1+ résultats');
  });
});
