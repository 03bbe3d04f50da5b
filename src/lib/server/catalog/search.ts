// Keyword search: an exact, case-insensitive item number or SKU match, or the originalId, wins
// alone; otherwise every word of the term (folded: lower case, umlauts spelled out, #lib/search/fold.ts)
// is looked for in product names, then category names and item numbers.
//
// Name matches are ranked by relevance (#lib/search/ranking.ts: listed in a category the term names,
// then whole word, word end, word start, substring; then the shorter name, then the newer id);
// item number and category matches follow, parents before
// variants, newest first. Only the best SEARCH_MAX_HITS are ranked (the overlay pages through
// them, the search page lists their parents); `capped` says that more products match, so the
// shopper is told to refine. A term found nowhere is searched in the catalogue's other languages
// (search-languages.ts): by its translation into the shopper's language where the catalogue gives
// one, which the answer names (`suggestion`), else in the language that holds it (`foundIn`). A
// term no language holds is searched again in the closest spelling the catalogue knows, which the
// answer names (`suggestion`). All of it reads the in-memory index (search-index.ts), which
// publish events keep current.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import { getDb, rows } from '../db/index.ts';
import { productCards } from './products.ts';
import { searchIndex } from './search-index-store.ts';
import type { Hit, SearchIndex } from './search-index.ts';
import { languageHolding, translateTerm } from './search-languages.ts';
import { foldTerm, termWords } from '#lib/search/fold.ts';
import { isCorrectable } from '#lib/search/typo.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { ProductCard } from '#lib/catalog/contract.ts';

const ParentRow = z.object({ id: z.number(), parent_id: z.number().nullable() });

export interface SearchHit extends ProductCard {
  isVariant: boolean;
}
export type SearchCategory = { id: number; name: string; slugPath: string };

/** The best this many contains-matches are ranked and counted: 10 search pages, 20 overlay steps. */
export const SEARCH_MAX_HITS = 240;

export interface SearchResult {
  /** Ranked hits from the requested offset on, never beyond the first SEARCH_MAX_HITS. */
  ids: number[];
  /** Number of ranked hits (at most SEARCH_MAX_HITS). */
  count: number;
  /** More products match than were ranked. */
  capped: boolean;
  /** An exact item number, SKU or originalId match (then nothing else is listed). */
  exact: boolean;
  /** What a listing shows for `ids`: each hit's parent, or the hit itself; no repeats, in order. */
  listed: number[];
  /**
   * The term was found nowhere: these are the hits of this term instead ("Did you mean"), a closer
   * spelling or the term's translation into the shopper's language.
   */
  suggestion?: string;
  /** The term was found nowhere in the shopper's language: these are its matches in this language's names. */
  foundIn?: Locale;
}

/** The corrected term: each word no name holds replaced by the most similar known word; null when none was. */
function suggestTerm(index: SearchIndex, term: string, locale: Locale): string | null {
  const vocabulary = index.vocabulary(locale);
  const words = termWords(foldTerm(term));
  const corrected = words.map((word) =>
    !isCorrectable(word) || vocabulary.knows(word) ? word : (vocabulary.closest(word) ?? word),
  );
  return corrected.some((w, i) => w !== words[i]) ? corrected.join(' ') : null;
}

/** One page of the ranked hits, with their count; exact matches short-circuit. */
export async function searchProducts(
  term: string,
  locale: Locale,
  offset = 0,
  limit = SEARCH_MAX_HITS,
): Promise<SearchResult> {
  const index = await searchIndex();
  const page = (hits: Hit[], count: number, capped: boolean, exact: boolean): SearchResult => ({
    ids: hits.map((h) => h.id),
    count,
    capped,
    exact,
    listed: [...new Set(hits.map((h) => h.listed))],
  });
  const exact = index.exact(term);
  if (exact.length > 0) return page(exact.slice(offset, offset + limit), exact.length, false, true);
  const end = Math.min(offset + limit, SEARCH_MAX_HITS);
  const contains = (t: string, inLocale = locale) => {
    const { ranked, total } = index.containsMatches(t, inLocale, end > offset ? end : 0);
    return page(
      ranked.slice(offset, Math.max(end, offset)),
      Math.min(total, SEARCH_MAX_HITS),
      total > SEARCH_MAX_HITS,
      false,
    );
  };
  const found = contains(term);
  if (found.count > 0) return found;
  // Nothing matches. A word that another language's names hold as typed is likelier meant than a
  // guessed spelling: "bohrhammer" on /en is the rotary hammer, not a typo of "hammer".
  const elsewhere = await otherLanguageResult(index, term, locale, contains);
  if (elsewhere !== null) return elsewhere;
  // Most likely a typo, so the closest spelling the catalogue knows is searched instead and named,
  // for the shopper to confirm ("Did you mean ...?").
  const suggestion = suggestTerm(index, term, locale);
  if (suggestion === null) return found;
  const corrected = contains(suggestion);
  return corrected.count > 0 ? { ...corrected, suggestion } : found;
}

/**
 * The term searched in the other language that holds it best: its translation's own hits when the
 * catalogue translates it (a "Did you mean" in the shopper's language), else that language's hits
 * (`foundIn`); null when no other language holds it.
 */
async function otherLanguageResult(
  index: SearchIndex,
  term: string,
  shopper: Locale,
  contains: (term: string, inLocale?: Locale) => SearchResult,
): Promise<SearchResult | null> {
  const language = languageHolding(index, term, shopper);
  if (language === null) return null;
  const { ranked, named, namedAsTyped } = index.containsMatches(term, language, SEARCH_MAX_HITS);
  const namedProducts = [...new Set(ranked.slice(0, named).map((h) => h.listed))];
  // A term the names hold only as a singular is a category's plural ("trennscheiben"): it
  // translates as that category is named ("cutting discs"), not as the one product called so.
  const translation = await translateTerm(index, term, language, shopper, {
    named: namedAsTyped,
    listed: namedProducts,
  });
  if (translation !== null) {
    const translated = contains(translation);
    if (translated.count > 0) return { ...translated, suggestion: translation };
  }
  return { ...contains(term, language), foundIn: language };
}

/** All ranked hits (variants included), best first: the scope of the search page and its filters. */
export async function searchProductIds(term: string, locale: Locale): Promise<SearchResult> {
  return searchProducts(term, locale, 0, SEARCH_MAX_HITS);
}

/**
 * Categories whose name in `locale` holds every word of the term: more word-prefix matches first,
 * then shorter names; named as `shownIn` names them (the shopper's language, when the term was
 * found in another one), and left out where that language lacks them.
 */
export async function searchCategories(
  term: string,
  locale: Locale,
  { limit = 6, shownIn = locale }: { limit?: number; shownIn?: Locale } = {},
): Promise<SearchCategory[]> {
  const index = await searchIndex();
  const words = termWords(foldTerm(term));
  const prefixes = (searchName: string) => words.filter((w) => searchName.includes(` ${w}`)).length;
  const found = index
    .categoriesHolding(words, locale)
    .map((c) => ({ c, prefixes: prefixes(c.searchName) }))
    .sort(
      (a, b) =>
        b.prefixes - a.prefixes ||
        a.c.name.length - b.c.name.length ||
        (a.c.name < b.c.name ? -1 : a.c.name > b.c.name ? 1 : 0),
    );
  return found
    .map(({ c }) => index.category(c.id, shownIn))
    .filter((c) => c !== undefined)
    .slice(0, limit)
    .map((c) => ({ id: c.id, name: c.name, slugPath: c.slugPath }));
}

export async function searchHits(ids: number[], locale: Locale): Promise<SearchHit[]> {
  if (ids.length === 0) return [];
  const [cards, parents] = await Promise.all([productCards(ids, locale), parentsOf(ids)]);
  return cards.map((c) => ({ ...c, isVariant: parents.get(c.id) !== c.id }));
}

/** Maps each product id to its parent's id, or to itself for a product without parent. */
async function parentsOf(ids: number[]): Promise<Map<number, number>> {
  const found = await rows(await getDb(), ParentRow, sql`select id, parent_id from products where id in ${ids}`);
  return new Map(found.map((r) => [r.id, r.parent_id ?? r.id]));
}
