// How name matches rank. A word a product's name holds may name the product ("Chipboard screw") or
// merely mention something about it ("Screw compressor": a compressor). Which one the name means,
// the name alone cannot say in every language (English puts the thing last, French first, German
// at the end of a compound), but the catalogue can: a product listed in a category whose name holds
// the term is that kind of thing ("Wood screws" lists screws, "Compressors" the screw compressor).
// So a name match in such a category ranks before every other name match; within each, the name
// words' fit decides (whole word, word end, word start, anywhere), then the shorter name.
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

/** The best a term's words can score together: each a whole word. */
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
