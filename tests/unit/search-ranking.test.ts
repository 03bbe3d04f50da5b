// The name-match ranking's parts without an index: how a word fits a name word, and how that and
// the product's category make one relevance. The index applying them is search-index.test.ts.
import { describe, expect, test } from 'vitest';
import { MAX_SUMMED_WORD_SCORE, nameRelevance, singularForms, singularScore, wordScore } from '#lib/search/ranking.ts';

describe('wordScore', () => {
  test('ranks whole word, word end, word start, anywhere, and no match at 0', () => {
    expect(wordScore('schraube', 'schraube')).toBe(4);
    expect(wordScore('spanplattenschraube', 'schraube')).toBe(3);
    expect(wordScore('schraubenkompressor', 'schraube')).toBe(2);
    expect(wordScore('bohrschrauber', 'schraube')).toBe(1);
    expect(wordScore('kompressor', 'schraube')).toBe(0);
  });
});

describe('singularForms', () => {
  test('cuts the German plural endings -en, -n, -e and -s', () => {
    expect(singularForms('schrauben', 'de')).toEqual(['schraub', 'schraube']);
    expect(singularForms('duebel', 'de')).toEqual([]);
    expect(singularForms('handschuhe', 'de')).toEqual(['handschuh']);
    expect(singularForms('akkus', 'de')).toEqual(['akku']);
  });

  test('cuts the English plural endings -es and -s', () => {
    expect(singularForms('screws', 'en')).toEqual(['screw']);
    expect(singularForms('torches', 'en')).toEqual(['torch', 'torche']);
  });

  test('leaves short words and Italian alone', () => {
    expect(singularForms('es', 'de')).toEqual([]);
    expect(singularForms('saws', 'en')).toEqual([]);
    expect(singularForms('viti', 'it')).toEqual([]);
  });
});

describe('singularScore', () => {
  test('counts the singular as a whole name word or its end only', () => {
    const singulars = singularForms('schrauben', 'de');
    expect(singularScore('schraube', singulars)).toBe(4);
    expect(singularScore('spanplattenschraube', singulars)).toBe(3);
    expect(singularScore('schraubstock', singulars)).toBe(0);
    expect(singularScore('schraubendreher', singulars)).toBe(0);
    expect(singularScore('screw', singularForms('screws', 'en'))).toBe(4);
    expect(singularScore('screw', [])).toBe(0);
  });
});

describe('nameRelevance', () => {
  test('a product listed under a category the term names outranks any other name match', () => {
    const screw = nameRelevance(1, true);
    const screwCompressor = nameRelevance(MAX_SUMMED_WORD_SCORE, false);
    expect(screw).toBeGreaterThan(screwCompressor);
  });

  test('within the same listing, the better word fit ranks higher', () => {
    expect(nameRelevance(4, true)).toBeGreaterThan(nameRelevance(3, true));
    expect(nameRelevance(8, false)).toBeGreaterThan(nameRelevance(2, false));
  });

  test('fits a byte, as the index keeps it', () => {
    expect(nameRelevance(MAX_SUMMED_WORD_SCORE, true)).toBeLessThan(256);
  });

  test('refuses a summed score no term can have', () => {
    for (const bad of [0, -1, 2.5, MAX_SUMMED_WORD_SCORE + 1, Number.NaN])
      expect(() => nameRelevance(bad, false), String(bad)).toThrow(RangeError);
  });
});
