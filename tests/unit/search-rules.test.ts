import { describe, expect, test } from 'vitest';
import { OVERLAY_PAGE, SEARCH_DEBOUNCE_MS } from '#lib/search/rules.ts';
import { normalizeTerm } from '#lib/search/term.ts';

describe('normalizeTerm', () => {
  test('mends what the search would refuse: control characters, broken characters, overlong terms', () => {
    expect(normalizeTerm('a\u000Bb\u0000c\u0085')).toBe('a b c');
    expect(normalizeTerm('bohr\uD800')).toBe('bohr\uFFFD');
    const long = normalizeTerm(`${'x'.repeat(199)}\u{1F528}`);
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.isWellFormed()).toBe(true);
  });

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
