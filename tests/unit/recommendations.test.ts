import { describe, expect, test } from 'vitest';
import {
  CAROUSEL,
  parseRecommendationFilter,
  RECOMMENDATION_LIMIT,
  recommendationKey,
  strayFilterPieces,
} from '#lib/catalog/recommendations.ts';
import { contentConfigSchemas } from '#lib/content/schemas.ts';

describe('constants', () => {
  test('are the recommendation limit and carousel geometry', () => {
    expect(RECOMMENDATION_LIMIT).toBe(20);
    expect(CAROUSEL).toEqual({ peek: 16, perViewMobile: 2, desktopFrom: 1024 });
  });
});

describe('parseRecommendationFilter', () => {
  test('reads name=value pairs joined by &, one filter per pair', () => {
    expect(parseRecommendationFilter('brand=protool&colour=red')).toEqual([
      { name: 'brand', values: ['protool'] },
      { name: 'colour', values: ['red'] },
    ]);
  });

  test('drops pairs with an empty name or value, and empty pieces', () => {
    expect(parseRecommendationFilter('=red&colour=&&brand=ferrox& =x&size')).toEqual([
      { name: 'brand', values: ['ferrox'] },
    ]);
    expect(parseRecommendationFilter('')).toEqual([]);
  });

  test('trims names and values, and keeps a value with "=" whole', () => {
    expect(parseRecommendationFilter(' brand = Brandt  &note=a=b')).toEqual([
      { name: 'brand', values: ['Brandt'] },
      { name: 'note', values: ['a=b'] },
    ]);
  });

  test('a value holds & written as %26; a bare & ends the pair', () => {
    expect(parseRecommendationFilter('brand=Brandt %26 Sohn&colour=rot')).toEqual([
      { name: 'brand', values: ['Brandt & Sohn'] },
      { name: 'colour', values: ['rot'] },
    ]);
    expect(parseRecommendationFilter('brand=Brandt & Sohn')).toEqual([{ name: 'brand', values: ['Brandt'] }]);
  });

  test('text that is no valid escape stays as typed', () => {
    expect(parseRecommendationFilter('size=100%')).toEqual([{ name: 'size', values: ['100%'] }]);
  });
});

describe('strayFilterPieces', () => {
  test('names the pieces without "=" that a bare & split off', () => {
    expect(strayFilterPieces('brand=Brandt & Sohn&colour=red')).toEqual(['Sohn']);
    expect(strayFilterPieces('brand=x&&colour=')).toEqual([]);
  });
});

describe('recommendationKey', () => {
  test('is the slug of the title with umlauts transliterated', () => {
    expect(recommendationKey('Markenqualität von Brandt & Sohn')).toBe('markenqualitaet-von-brandt-sohn');
    expect(recommendationKey('Größte Öfen für Übersee')).toBe('groesste-oefen-fuer-uebersee');
    expect(recommendationKey('Qualità firmata')).toBe('qualita-firmata');
    expect(recommendationKey('!!!')).toBe('');
  });
});

describe('block:home-recommendations', () => {
  const schema = contentConfigSchemas['block:home-recommendations'];

  test('takes a title and a filter, showing at most 20 products', () => {
    expect(schema.parse({ title: 'Rot', filter: 'colour=red' })).toEqual({
      title: 'Rot',
      filter: 'colour=red',
      limit: 20,
    });
    expect(schema.safeParse({ title: 'Rot', filter: 'colour=red', limit: 21 }).success).toBe(false);
  });

  test('refuses a filter without a pair, a bare & in a value and a title without letters', () => {
    const issues = (config: object) => schema.safeParse(config).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ title: 'Rot', filter: 'colour=' })).toEqual([
      'needs at least one attribute code=value pair, such as brand=protool',
    ]);
    expect(issues({ title: 'Marke', filter: 'brand=Brandt & Sohn' })).toEqual([
      '"Sohn" is no code=value pair; write an & inside a value as %26',
    ]);
    expect(issues({ title: '…', filter: 'colour=red' })).toEqual([
      'needs a letter or digit: the row is named after its title',
    ]);
  });
});
