// Search term folding, the "Did you mean" vocabulary and its text, the search page's relevance sort
// in the URL, and taking a suggestion in the overlay.
import { afterEach, describe, expect, test } from 'vitest';
import { foldTerm, termWords } from '#lib/search/fold.ts';
import { Vocabulary, wordSimilarity } from '#lib/search/typo.ts';
import { aroundSuggestion } from '#lib/search/rules.ts';
import { $searchResults, $searchTerm, acceptSuggestion } from '#lib/search/store.ts';
import { readSearchPageQuery, searchPageHref } from '#lib/search/page-query.ts';
import { resetStores } from '#tests/helpers/stores.ts';

describe('foldTerm', () => {
  test('spells out umlauts and ß, drops accents and case, and turns punctuation into single spaces', () => {
    expect(foldTerm('  Säge ')).toBe('saege');
    expect(foldTerm('GRÖẞE'.replace('ẞ', 'ß'))).toBe('groesse');
    expect(foldTerm('Straße')).toBe('strasse');
    expect(foldTerm('Forêt à béton')).toBe('foret a beton');
    expect(foldTerm('Akku-Pack, 18 V')).toBe('akku pack 18 v');
    expect(foldTerm('Grip_100%')).toBe('grip 100');
    expect(foldTerm('%_\\')).toBe('');
  });

  test('termWords drops repeats and keeps at most six words', () => {
    expect(termWords('a b a c d e f g h')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(termWords('')).toEqual([]);
  });
});

describe('Vocabulary', () => {
  const vocabulary = (...words: string[]) => {
    const v = new Vocabulary();
    for (const w of words) v.add(w);
    return v;
  };

  test('measures trigram similarity like pg_trgm', () => {
    expect(wordSimilarity('hammer', 'hammer')).toBe(1);
    expect(wordSimilarity('hamer', 'hammer')).toBeCloseTo(5 / 8);
    expect(wordSimilarity('abc', 'xyz')).toBe(0);
  });

  test('picks the most similar known word', () => {
    expect(vocabulary('schlagbohrmaschine', 'bohrmaschinen', 'mallet').closest('bohrmashine')).toBe('bohrmaschinen');
    expect(vocabulary('rotary', 'hammer', 'soft', 'face', 'mallet').closest('hamer')).toBe('hammer');
    expect(vocabulary('rotary', 'hammer').closest('zzqqxx')).toBeNull();
  });

  test('never suggests the word itself, short words or numbers', () => {
    expect(vocabulary('hammer', 'mm', '1500').closest('hammer')).toBeNull();
    expect(vocabulary('mm', '1500').closest('15000')).toBeNull();
  });

  test('breaks ties by the shorter, then the alphabetically first word, whatever the order they were added in', () => {
    expect(vocabulary('abcx', 'abcy', 'abcdef').closest('abcd')).toBe(
      vocabulary('abcdef', 'abcy', 'abcx').closest('abcd'),
    );
    expect(vocabulary('abcy', 'abcx').closest('abcz')).toBe('abcx');
  });

  test('knows the parts of its words', () => {
    const v = vocabulary('schlagbohrmaschine');
    expect(v.knows('bohr')).toBe(true);
    expect(v.knows('bohrer')).toBe(false);
  });
});

describe('aroundSuggestion', () => {
  test('fills the term and splits around the suggestion wherever a language puts it', () => {
    expect(aroundSuggestion('No results for “{{term}}”. Did you mean {{suggestion}}?', { term: 'hamer' })).toEqual([
      'No results for “hamer”. Did you mean ',
      '?',
    ]);
    expect(aroundSuggestion('{{suggestion}}? ({{term}})', { term: 'x' })).toEqual(['', '? (x)']);
  });
});

describe('search page sort', () => {
  test('is relevance unless the URL names another order', () => {
    expect(readSearchPageQuery('?term=x').sort).toBe('relevance');
    expect(readSearchPageQuery('?term=x&sort=latest').sort).toBe('latest');
  });

  test('round-trips every order, leaving the default out of the URL', () => {
    for (const sort of ['relevance', 'latest', 'price-up', 'price-down'] as const) {
      const href = searchPageHref('/search-details', { term: 'bohr', page: 2, sort, filters: { brand: ['a'] } });
      expect(href.includes('sort='), href).toBe(sort !== 'relevance');
      expect(readSearchPageQuery(href.slice(href.indexOf('?'))), href).toMatchObject({
        term: 'bohr',
        page: 2,
        sort,
        filters: { brand: ['a'] },
      });
    }
  });
});

describe('acceptSuggestion', () => {
  afterEach(() => resetStores([$searchTerm, $searchResults] as never[]));

  test('makes the suggestion the term; the items shown are already its own', () => {
    const items = $searchResults.get().items;
    $searchTerm.set('bohrmashine');
    $searchResults.set({
      term: 'bohrmashine',
      items,
      categories: [],
      count: 3,
      capped: false,
      offset: 0,
      suggestion: 'bohrmaschinen',
    });
    acceptSuggestion();
    expect($searchTerm.get()).toBe('bohrmaschinen');
    expect($searchResults.get()).toMatchObject({ term: 'bohrmaschinen', count: 3, suggestion: undefined });
  });
});
