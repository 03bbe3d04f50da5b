// "Did you mean": which word of the catalogue a misspelt search word most likely meant. The
// vocabulary holds every folded word of the product and category names of one language; a word
// it does not know is replaced by the known word with the highest trigram similarity (as pg_trgm
// measures it), so a suggestion is one word the shopper can click.

/** Below this similarity a word is too different to be what the shopper meant (pg_trgm's own threshold). */
const MIN_SUGGESTION_SIMILARITY = 0.3;

/** Words this short, and numbers, are never corrected nor suggested: too many are "similar". */
export function isCorrectable(word: string): boolean {
  return word.length >= 3 && !/^\d+$/.test(word);
}

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

/** The folded words of one language's names, found by substring or by similarity. */
export class Vocabulary {
  private readonly words = new Map<string, number>();
  /** trigram -> the words holding it: similar words share trigrams, so only those are compared. */
  private readonly byTrigram = new Map<string, string[]>();

  /** Adds a folded word (words too short to correct, and numbers, are left out). */
  add(word: string): void {
    if (!isCorrectable(word) || this.words.has(word)) return;
    const grams = trigrams(word);
    this.words.set(word, grams.size);
    for (const gram of grams) {
      const list = this.byTrigram.get(gram);
      if (list) list.push(word);
      else this.byTrigram.set(gram, [word]);
    }
  }

  /** Whether some word holds `fragment` (a shopper types parts of words: "bohr" is known). */
  knows(fragment: string): boolean {
    for (const word of this.words.keys()) if (word.includes(fragment)) return true;
    return false;
  }

  /**
   * The known word most similar to `word`, or null when none reaches the threshold. Ties go to the
   * shorter, then the alphabetically first word, so the same catalogue always suggests the same.
   */
  closest(word: string): string | null {
    const grams = trigrams(word);
    const shared = new Map<string, number>();
    for (const gram of grams) {
      for (const candidate of this.byTrigram.get(gram) ?? []) shared.set(candidate, (shared.get(candidate) ?? 0) + 1);
    }
    let best: { word: string; score: number } | null = null;
    for (const [candidate, common] of shared) {
      if (candidate === word) continue;
      const score = common / (grams.size + this.words.get(candidate)! - common);
      if (score < MIN_SUGGESTION_SIMILARITY) continue;
      if (
        !best ||
        score > best.score ||
        (score === best.score &&
          (candidate.length < best.word.length || (candidate.length === best.word.length && candidate < best.word)))
      )
        best = { word: candidate, score };
    }
    return best?.word ?? null;
  }
}
