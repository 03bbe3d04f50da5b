// Keyword search: an exact, case-insensitive item number or SKU match, or the originalId, wins
// alone; otherwise every word of the term (folded: lower case, umlauts spelled out, #lib/search/fold.ts)
// is looked for in product names, then category names and item numbers.
//
// Name matches are ranked by relevance (whole word, word end, word start, substring; then the
// shorter name) from the narrow product_search rows; item number and category matches follow,
// parents before variants, newest first. Only the best SEARCH_MAX_HITS are ranked (the overlay
// pages through them, the search page lists their parents); `capped` says that more products
// match, so the shopper is told to refine. Category members are many: when many match, a page of
// them is read in ranking order from products_search_rank_idx, testing product after product
// until the page is full; when few match they are sorted. A term found nowhere is searched again
// in the closest spelling the catalogue knows, which the answer names (`suggestion`).
//
// Cost: name matches are sorted, not walked, so a frequent word pays for all its word-boundary
// matches (thousands of rows on 100k products; plain substrings only when those do not fill the
// window), and a typo pays for two searches. Both keep p99 above 20 ms (BENCHMARKS.md); walking a
// (locale, length, id) order per relevance tier would bound them like the category walk below.
import { sql, type SQL } from 'drizzle-orm';
import { getDb, rows } from '../db/index.ts';
import { productCards } from './products.ts';
import { suggestTerm } from './search-suggest.ts';
import { foldTerm, termWords } from '#lib/search/fold.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { ProductCard } from '#lib/catalog/contract.ts';

export interface SearchHit extends ProductCard { isVariant: boolean }
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
  /** The term was found nowhere: these are the hits of this spelling instead ("Did you mean"). */
  suggestion?: string;
}

/** A ranked product and what a listing shows for it (its parent, or itself). */
interface Hit { id: number; listed: number }

/** Escapes LIKE wildcards so a shopper's '%' or '_' is matched literally. */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function likePattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/** An int[] parameter that both drivers pass as one value (drizzle would spread a JS array). */
function intArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.join(',')}}`}::int[]`;
}

/**
 * The ranking after "name matches first": parents (no parent_id) first, newest first; ids are
 * positive, so coalesce(parent_id, 0) is "parent_id nulls first". products_search_rank_idx has
 * exactly this order.
 */
const RANK = sql`coalesce(p.parent_id, 0), p.created_at desc, p.id desc`;

/** Runs a query selecting `id` and `listed`. */
async function hitList(query: SQL): Promise<Hit[]> {
  return (await rows<Hit>(await getDb(), query)).map((r) => ({ id: Number(r.id), listed: Number(r.listed) }));
}

const LISTED = sql`coalesce(p.parent_id, p.id) as listed`;

async function exactMatches(term: string): Promise<Hit[]> {
  const numeric = /^\d{1,9}$/.test(term) ? Number(term) : null;
  return hitList(sql`
    select p.id, ${LISTED} from products p where p.is_active and (
      lower(p.itemnum) = ${term.toLowerCase()} or lower(p.sku) = ${term.toLowerCase()}
      ${numeric !== null ? sql`or p.original_id = ${numeric}` : sql``})
    order by ${RANK}`);
}

/**
 * Walking the ranking order and testing each product costs about wanted x products / hits tests;
 * sorting all hits costs about hits (each a bit cheaper). Walking pays above this many hits.
 */
function breakEven(maxProductId: number): number {
  return Math.ceil(Math.sqrt(2 * SEARCH_MAX_HITS * Math.max(maxProductId, 1)));
}

/**
 * The first `wanted` active products in ranking order that pass `test`. Reads at most as many
 * products as a walk at break-even density needs (doubled, as hits are not spread evenly) and
 * answers null when those held too few hits.
 */
async function walk(test: SQL, wanted: number, maxProductId: number): Promise<Hit[] | null> {
  const budget = Math.ceil((2 * wanted * maxProductId) / breakEven(maxProductId));
  // The outer order must name columns of the inner one, or the planner sorts (and tests) the
  // whole budget instead of stopping at the `wanted`th hit.
  const found = await hitList(sql`
    select p.id, p.listed from (select p.id, p.itemnum, coalesce(p.parent_id, 0) as family, p.created_at, ${LISTED}
      from products p where p.is_active order by ${RANK} limit ${budget}) p
    where ${test} order by p.family, p.created_at desc, p.id desc limit ${wanted}`);
  return found.length === wanted || budget >= maxProductId ? found : null;
}

/**
 * Active name matches in ranking order, from the best `probe` rows, and how many rows matched.
 * `bounded`: only names where some word of the term starts or ends a word (everything that ranks
 * above plain substrings); those LIKE patterns hold a word boundary, which the trigram index finds
 * far faster than a bare substring of a frequent word.
 */
async function nameMatches(words: string[], locale: Locale, probe: number, bounded: boolean): Promise<{ hits: Hit[]; total: number }> {
  // Relevance, per word: a whole word (4) beats a word's end (3: in a German compound the last
  // part names the thing, "Spanplattenschraube" is a screw) beats a word's start (2) beats any
  // substring (1). Then the shorter name (the product itself before its variants), then the newer
  // id. All of it is read from the narrow product_search row, so only the best `probe` rows are
  // checked for being active.
  const score = sql.join(words.map((w) => sql`(case when t.search_name like ${`% ${escapeLike(w)} %`} then 4
    when t.search_name like ${`%${escapeLike(w)} %`} then 3 when t.search_name like ${`% ${escapeLike(w)}%`} then 2 else 1 end)`), sql` + `);
  const found = await rows<Hit & { total: number }>(await getDb(), sql`
    select x.id, coalesce(p.parent_id, x.id) as listed, x.total from (
      select t.product_id as id, ${score} as score, length(t.search_name) as len, count(*) over () as total
      from product_search t
      where t.locale = ${locale} and ${sql.join(words.map((w) => sql`t.search_name like ${likePattern(w)}`), sql` and `)}
        ${bounded ? sql`and (${sql.join(words.map((w) => sql`t.search_name like ${`% ${escapeLike(w)}%`} or t.search_name like ${`%${escapeLike(w)} %`}`), sql` or `)})` : sql``}
      order by score desc, len, t.product_id desc limit ${probe}) x
    join products p on p.id = x.id and p.is_active
    order by x.score desc, x.len, x.id desc`);
  return { hits: found.map((r) => ({ id: Number(r.id), listed: Number(r.listed) })), total: Number(found[0]?.total ?? 0) };
}

/**
 * Ranked hits (the first `wanted`) and how many there are, up to one more than the window: name
 * matches by relevance, then item number and category matches (parents first, newest first).
 */
async function containsMatches(term: string, locale: Locale, wanted: number): Promise<{ ranked: Hit[]; total: number }> {
  const words = termWords(foldTerm(term));
  const window = SEARCH_MAX_HITS + 1;
  // A few inactive products among the best rows are expected; when more than that drop out, the
  // ranking is read again in full.
  const probe = window + 64;
  let named: Hit[] = [];
  if (words.length > 0) {
    // Word-boundary matches rank first; when they fill the window, plain substrings never count.
    const ranked = async (bounded: boolean) => {
      const first = await nameMatches(words, locale, probe, bounded);
      return first.hits.length < window && first.total > probe ? (await nameMatches(words, locale, first.total, bounded)).hits : first.hits;
    };
    named = await ranked(true);
    if (named.length < window) named = await ranked(false);
  }
  // The window holds name matches only, so the count is known: only the page is needed.
  if (named.length >= window) return { ranked: named.slice(0, wanted), total: window };
  const names = named.map((h) => h.id);
  const pattern = likePattern(term);
  const categoryTest = words.length === 0 ? sql`false` : sql.join(words.map((w) => sql`ct.search_name like ${likePattern(w)}`), sql` and `);
  const [first] = await rows<{ categories: number[]; max_id: number | null }>(await getDb(), sql`
    select array(select ct.category_id from category_translations ct where ct.locale = ${locale} and ${categoryTest}) as categories,
      (select max(id) from products) as max_id`);
  const categories = (first?.categories ?? []).map(Number);
  const maxId = Number(first?.max_id ?? 0);
  // All name matches are known; the others (item number or category) follow them, as many as it
  // takes to fill the window and tell whether more match.
  const needed = window - named.length;
  const otherTest = sql`p.id <> all(${intArray(names)}) and (p.itemnum ilike ${pattern} or exists (
    select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = any(${intArray(categories)})))`;
  const sorted = sql`
    select o.id, coalesce(p.parent_id, o.id) as listed from (
      select pc.product_id from product_categories pc where pc.category_id = any(${intArray(categories)})
      union select a.id from products a where a.itemnum ilike ${pattern}) o (id)
    cross join lateral (select r.parent_id, r.created_at from products r
      where r.id = o.id and r.is_active offset 0) p
    where o.id <> all(${intArray(names)})
    order by coalesce(p.parent_id, 0), p.created_at desc, o.id desc limit ${needed}`;
  // Category members come straight from an index, so counting them (up to break-even) is cheap
  // and spares rare terms a walk that would find nothing.
  const limit = breakEven(maxId);
  const [{ hits } = { hits: 0 }] = await rows<{ hits: number }>(await getDb(), sql`
    select (select count(*) from (select 1 from products a where a.itemnum ilike ${pattern} limit ${limit}) a)
      + (select count(*) from (select 1 from product_categories pc where pc.category_id = any(${intArray(categories)}) limit ${limit}) c) as hits`);
  // Nothing else matches (a typo, most often): no query needed to list it.
  const others = Number(hits) === 0 ? [] : (Number(hits) >= limit ? await walk(otherTest, needed, maxId) : null) ?? await hitList(sorted);
  const ranked = [...named, ...others];
  return { ranked, total: ranked.length };
}

/** One page of the ranked hits, with their count; exact matches short-circuit. */
export async function searchProducts(term: string, locale: Locale, offset = 0, limit = SEARCH_MAX_HITS): Promise<SearchResult> {
  const page = (hits: Hit[], count: number, capped: boolean, exact: boolean): SearchResult => ({
    ids: hits.map((h) => h.id), count, capped, exact, listed: [...new Set(hits.map((h) => h.listed))],
  });
  const exact = await exactMatches(term);
  if (exact.length > 0) return page(exact.slice(offset, offset + limit), exact.length, false, true);
  const end = Math.min(offset + limit, SEARCH_MAX_HITS);
  const wanted = end > offset ? end : 0;
  const contains = async (t: string) => {
    const { ranked, total } = await containsMatches(t, locale, wanted);
    return page(ranked.slice(offset, Math.max(end, offset)), Math.min(total, SEARCH_MAX_HITS), total > SEARCH_MAX_HITS, false);
  };
  const found = await contains(term);
  if (found.count > 0) return found;
  // Nothing matches: most likely a typo, so the closest spelling the catalogue knows is searched
  // instead and named, for the shopper to confirm ("Did you mean ...?").
  const suggestion = await suggestTerm(term, locale);
  if (suggestion === null) return found;
  const corrected = await contains(suggestion);
  return corrected.count > 0 ? { ...corrected, suggestion } : found;
}

/** All ranked hits (variants included), best first: the scope of the search page and its filters. */
export async function searchProductIds(term: string, locale: Locale): Promise<SearchResult> {
  return searchProducts(term, locale, 0, SEARCH_MAX_HITS);
}

/** Categories whose name holds every word of the term: word-prefix matches first, then shorter names. */
export async function searchCategories(term: string, locale: Locale, limit = 6): Promise<SearchCategory[]> {
  const words = termWords(foldTerm(term));
  if (words.length === 0) return [];
  const prefix = sql.join(words.map((w) => sql`(ct.search_name like ${`% ${escapeLike(w)}%`})::int`), sql` + `);
  const found = await rows<SearchCategory>(await getDb(), sql`
    select ct.category_id as id, ct.name, ct.slug_path as "slugPath" from category_translations ct
    where ct.locale = ${locale} and ${sql.join(words.map((w) => sql`ct.search_name like ${likePattern(w)}`), sql` and `)}
    order by ${prefix} desc, length(ct.name), ct.name limit ${limit}`);
  return found.map((r) => ({ id: Number(r.id), name: r.name, slugPath: r.slugPath }));
}

export async function searchHits(ids: number[], locale: Locale): Promise<SearchHit[]> {
  if (ids.length === 0) return [];
  const [cards, parents] = await Promise.all([productCards(ids, locale), parentsOf(ids)]);
  return cards.map((c) => ({ ...c, isVariant: parents.get(c.id) !== c.id }));
}

/** Maps each product id to its parent's id, or to itself for a product without parent. */
async function parentsOf(ids: number[]): Promise<Map<number, number>> {
  const found = await rows<{ id: number; parent_id: number | null }>(await getDb(), sql`select id, parent_id from products where id in ${ids}`);
  return new Map(found.map((r) => [Number(r.id), r.parent_id === null ? Number(r.id) : Number(r.parent_id)]));
}
