import { describe, expect, test } from 'vitest';
import { CAROUSEL, RECOMMENDATION_LIMIT, recommendationFilter, recommendationKey } from '#lib/catalog/recommendations.ts';

describe('recommendationFilter', () => {
  test('joins name=value pairs with &', () => {
    expect(recommendationFilter([{ name: 'brand', value: 'Bosch' }, { name: 'color', value: 'blue' }]))
      .toBe('brand=Bosch&color=blue');
  });

  test('drops pairs with an empty or blank name or value', () => {
    expect(recommendationFilter([
      { name: '', value: 'x' },
      { name: 'brand', value: '' },
      { name: '  ', value: 'x' },
      { name: 'color', value: '   ' },
      { name: 'size', value: 'XL' },
    ])).toBe('size=XL');
  });

  test('trims names and values', () => {
    expect(recommendationFilter([{ name: ' brand ', value: ' Bosch ' }])).toBe('brand=Bosch');
  });

  test('gives an empty string for no usable pairs', () => {
    expect(recommendationFilter([])).toBe('');
    expect(recommendationFilter([{ name: '', value: '' }])).toBe('');
  });
});

describe('recommendationKey', () => {
  test('transliterates umlauts and ß', () => {
    expect(recommendationKey('Küche')).toBe('kueche');
    expect(recommendationKey('Größe')).toBe('groesse');
    expect(recommendationKey('Ärger Öl Übel')).toBe('aerger-oel-uebel');
    expect(recommendationKey('STRAẞE')).toBe('strasse');
  });

  test('transliterates umlauts typed as a base letter plus combining diaeresis', () => {
    expect(recommendationKey('Ku\u0308che')).toBe('kueche');
  });

  test('strips other accents', () => {
    expect(recommendationKey('Café crème à la Señor')).toBe('cafe-creme-a-la-senor');
  });

  test('lower-cases, collapses non-alphanumerics to one dash and trims dashes', () => {
    expect(recommendationKey('  Akku-Bohrschrauber 18V / 2x 4,0 Ah!  ')).toBe('akku-bohrschrauber-18v-2x-4-0-ah');
    expect(recommendationKey('--Hello___World--')).toBe('hello-world');
  });

  test('gives an empty key for text without letters or digits', () => {
    expect(recommendationKey('  !?  ')).toBe('');
    expect(recommendationKey('')).toBe('');
  });
});

describe('constants', () => {
  test('are the recommendation limit and carousel geometry', () => {
    expect(RECOMMENDATION_LIMIT).toBe(20);
    expect(CAROUSEL).toEqual({ peek: 16, perViewMobile: 2, desktopFrom: 1024 });
  });
});
