// "Did you mean": which word of the catalogue a misspelt search word most likely meant. The
// database proposes names that hold a similar word (pg_trgm); this picks the word itself, with the
// trigram similarity pg_trgm uses, so a suggestion is one word the shopper can click.
import { foldTerm } from './fold.ts';

/** Below this similarity a word is too different to be what the shopper meant. */
const MIN_SUGGESTION_SIMILARITY = 0.3;

/** pg_trgm's trigrams of one word: padded with two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const found = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) found.add(padded.slice(i, i + 3));
  return found;
}

/** @internal Exported for tests. Shared trigrams over all trigrams of two folded words, 0..1, as pg_trgm's similarity(). */
export function wordSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/**
 * The word of `texts` (product or category names as shown) closest to the folded `word`, as it is
 * written there, or null when none is similar enough. Ties go to the shorter, then the
 * alphabetically first word, so the same catalogue always suggests the same word.
 */
export function closestWord(word: string, texts: readonly string[]): string | null {
  let best: { text: string; score: number } | null = null;
  for (const text of texts) {
    for (const candidate of text.split(/[^\p{L}\p{N}]+/u)) {
      const folded = foldTerm(candidate);
      if (folded.length < 3 || folded.includes(' ') || folded === word) continue;
      const score = wordSimilarity(word, folded);
      if (score < MIN_SUGGESTION_SIMILARITY) continue;
      if (!best || score > best.score || (score === best.score && (candidate.length < best.text.length
        || (candidate.length === best.text.length && candidate < best.text)))) best = { text: candidate, score };
    }
  }
  return best?.text ?? null;
}
