// The search's fallback to the catalogue's other languages: a shopper on /en who types the German
// "bohrmaschine" finds nothing in the English names, but the German names hold it. The language
// whose names hold the term best is searched instead; its products are shown in the shopper's
// language (ids are the same in every language), and where those products share a name in the
// shopper's language, that name is searched instead and offered as "Did you mean …?".
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import { getDb, rows } from '../db/index.ts';
import type { SearchIndex } from './search-index.ts';
import { foldTerm, termWords } from '#lib/search/fold.ts';
import { commonTranslation, type NamePair } from '#lib/search/translation.ts';
import { isCorrectable } from '#lib/search/typo.ts';
import { LOCALES, type Locale } from '#lib/i18n/locales.ts';

const NameRow = z.object({ id: z.number(), locale: z.string(), search_name: z.string() });

/**
 * The other language whose product names hold the term most often (then: whose names and
 * categories hold it most often; then the first in LOCALES, German, the shop's own); null when no
 * other language holds it.
 */
export function languageHolding(index: SearchIndex, term: string, shopper: Locale): Locale | null {
  const words = termWords(foldTerm(term));
  let best: { locale: Locale; named: number; total: number } | null = null;
  for (const locale of LOCALES) {
    if (locale === shopper) continue;
    // Every word must be part of a name or category word of that language: a word its vocabulary
    // does not know rules it out at a fraction of a search's cost (most terms that get here are typos).
    const vocabulary = index.vocabulary(locale);
    if (words.some((w) => isCorrectable(w) && !vocabulary.knows(w))) continue;
    const { named, total } = index.containsMatches(term, locale, 0);
    if (total === 0) continue;
    if (best === null || named > best.named || (named === best.named && total > best.total))
      best = { locale, named, total };
  }
  return best?.locale ?? null;
}

/**
 * What the products (or, when no product name holds it, the categories) that `term` finds in
 * language `from` are called in language `to` (#lib/search/translation.ts); null when they share
 * no name there.
 */
export async function translateTerm(
  index: SearchIndex,
  term: string,
  from: Locale,
  to: Locale,
  products: { named: number; listed: number[] },
): Promise<string | null> {
  if (products.named > 0) return commonTranslation(await productNamePairs(products.listed, from, to));
  const categories = index.categoriesHolding(termWords(foldTerm(term)), from);
  return commonTranslation(
    categories.flatMap((c): NamePair[] => {
      const translated = index.category(c.id, to);
      return translated ? [{ from: c.searchName, to: translated.searchName }] : [];
    }),
  );
}

/** The folded names of products in both languages; a product without a name in either is left out. */
async function productNamePairs(ids: number[], from: Locale, to: Locale): Promise<NamePair[]> {
  if (ids.length === 0) return [];
  const found = await rows(
    await getDb(),
    NameRow,
    sql`select product_id as id, locale, search_name from product_search
      where product_id = any(${`{${ids.join(',')}}`}::int[]) and locale in (${from}, ${to})`,
  );
  const names = new Map(found.map((r) => [`${r.locale}:${r.id}`, r.search_name]));
  return ids.flatMap((id): NamePair[] => {
    const [fromName, toName] = [names.get(`${from}:${id}`), names.get(`${to}:${id}`)];
    return fromName !== undefined && toName !== undefined ? [{ from: fromName, to: toName }] : [];
  });
}
