// A word of another language, put into the shopper's: "bohrmaschine" on /en finds nothing in the
// English names, but the German names of some products hold it, and those products have English
// names too. What the products that word finds have in common in English is its translation, read
// off the catalogue itself: "Schlagbohrmaschine 18 V" / "Impact drill 18 V" and "Schlagbohrmaschine
// 230 V" / "Impact drill 230 V" give "impact drill". Numbers, units and model names are spelled
// alike in both names, so they drop out.
import { MAX_TERM_WORDS } from './fold.ts';
import { isCorrectable } from './typo.ts';

/** One product's (or category's) folded name (#lib/search/fold.ts) in the term's language and in the shopper's. */
export interface NamePair {
  from: string;
  to: string;
}

/** The words of a folded name worth searching for: no numbers, nothing shorter than three letters. */
function searchableWords(folded: string): string[] {
  return [...new Set(folded.split(' ').filter(isCorrectable))];
}

/**
 * The words every pair's `to` name holds and its `from` name does not, in the order of the first
 * `to` name (at most as many as a search takes); null when no word is common to all of them, as
 * when the term finds things of different kinds ("akku": batteries and cordless screwdrivers).
 */
export function commonTranslation(pairs: readonly NamePair[]): string | null {
  let common: string[] | null = null;
  for (const { from, to } of pairs) {
    const fromWords = new Set(searchableWords(from));
    const own = searchableWords(to).filter((w) => !fromWords.has(w));
    common = common === null ? own : common.filter((w) => own.includes(w));
    if (common.length === 0) return null;
  }
  return common === null ? null : common.slice(0, MAX_TERM_WORDS).join(' ');
}
