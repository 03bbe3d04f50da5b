// The name-match ranking's parts without an index: how a word fits a name word, and how that and
// the product's category make one relevance. The index applying them is search-index.test.ts.
import { describe, expect, test } from 'vitest';
import { MAX_SUMMED_WORD_SCORE, nameRelevance, wordScore } from '#lib/search/ranking.ts';

describe('wordScore', () => {
  test('ranks whole word, word end, word start, anywhere, and no match at 0', () => {
    expect(wordScore('schraube', 'schraube')).toBe(4);
    expect(wordScore('spanplattenschraube', 'schraube')).toBe(3);
    expect(wordScore('schraubenkompressor', 'schraube')).toBe(2);
    expect(wordScore('bohrschrauber', 'schraube')).toBe(1);
    expect(wordScore('kompressor', 'schraube')).toBe(0);
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
