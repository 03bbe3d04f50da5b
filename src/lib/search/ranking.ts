// How name matches rank. A word a product's name holds may name the product ("Chipboard screw") or
// merely mention something about it ("Screw compressor": a compressor). Which one the name means,
// the name alone cannot say in every language (English puts the thing last, French first, German
// at the end of a compound), but the catalogue can: a product listed in a category whose name holds
// the term is that kind of thing ("Wood screws" lists screws, "Compressors" the screw compressor).
// So a name match in such a category ranks before every other name match; within each, the name
// words' fit decides (whole word, word end, word start, anywhere), then the shorter name.
// A shopper often types the plural ("Schrauben", "screws") that names a category, while a product's
// name holds the singular ("Spanplattenschraube", "Chipboard screw"): such a product, listed in a
// category the term names, is a name match of that group too (singularScore).
import type { Locale } from '#lib/i18n/locales.ts';
import { MAX_TERM_WORDS } from './fold.ts';

/**
 * How well a word of the term matches a word of a name: the whole word (4) beats the word's end (3:
 * in a German compound the last part names the thing, "Spanplattenschraube" is a screw) beats its
 * start (2) beats anywhere inside (1); 0 is no match.
 */
export function wordScore(nameWord: string, word: string): number {
  if (!nameWord.includes(word)) return 0;
  if (nameWord.length === word.length) return 4;
  if (nameWord.endsWith(word)) return 3;
  return nameWord.startsWith(word) ? 2 : 1;
}

/** @internal The best a term's words can score together: each a whole word. */
export const MAX_SUMMED_WORD_SCORE = 4 * MAX_TERM_WORDS;

/** Added for a product listed in a category that holds every word: above any summed word score. */
const NAMED_BY_CATEGORY = MAX_SUMMED_WORD_SCORE + 1;

/**
 * A name match's relevance, higher first (it fits a byte): listed in a category named by the term,
 * then the summed word scores of the term's words.
 */
export function nameRelevance(summedWordScore: number, inCategoryNamedByTerm: boolean): number {
  if (!Number.isInteger(summedWordScore) || summedWordScore < 1 || summedWordScore > MAX_SUMMED_WORD_SCORE)
    throw new RangeError(`a summed word score is 1 to ${MAX_SUMMED_WORD_SCORE}, not ${summedWordScore}`);
  return summedWordScore + (inCategoryNamedByTerm ? NAMED_BY_CATEGORY : 0);
}

/**
 * Endings that make a plural of a singular, per language, longest first (on folded words). Kept to
 * endings that are cut off whole: Italian changes the last vowel ("vite", "viti"), so it has none.
 */
const PLURAL_ENDINGS: Record<Locale, readonly string[]> = {
  de: ['en', 'n', 'e', 's'],
  en: ['es', 's'],
  fr: ['s', 'x'],
  es: ['es', 's'],
  it: [],
};

/** A singular shorter than this is too unspecific to stand for the term ("es" → "e"). */
const MIN_SINGULAR_LENGTH = 4;

/** The singulars a folded term word may be the plural of ("schrauben" → "schraube", "schraub"); none for a short word. */
export function singularForms(word: string, locale: Locale): string[] {
  return PLURAL_ENDINGS[locale]
    .filter((ending) => word.endsWith(ending) && word.length - ending.length >= MIN_SINGULAR_LENGTH)
    .map((ending) => word.slice(0, -ending.length));
}

/**
 * How well a name word holds a singular of the term word: as the whole word (4) or its end (3, a
 * German compound's head: "spanplattenschraube"); 0 otherwise, so that a singular cut short
 * ("schraub") never reaches into other words ("schraubstock"). Counts only for a product listed in a
 * category the term names.
 */
export function singularScore(nameWord: string, singulars: readonly string[]): number {
  let best = 0;
  for (const singular of singulars) {
    const score = wordScore(nameWord, singular);
    if (score >= 3 && score > best) best = score;
  }
  return best;
}
