// "Did you mean": for a term that finds nothing, the closest spelling the catalogue knows. Each
// word that occurs in no product or category name is replaced by the most similar word of those
// names (search_words, kept by triggers; pg_trgm similarity through its trigram index).
import { sql } from 'drizzle-orm';
import { getDb, rows } from '../db/index.ts';
import { foldTerm, termWords } from '#lib/search/fold.ts';
import { closestWord } from '#lib/search/typo.ts';
import type { Locale } from '#lib/i18n/locales.ts';

/** Similar words read per misspelt word; the closest of them by trigram similarity wins. */
const CANDIDATES = 20;

/** Whether a folded word occurs inside any word of the locale's names. */
async function isKnown(word: string, locale: Locale): Promise<boolean> {
  const [found] = await rows<{ known: boolean }>(await getDb(), sql`
    select exists (select 1 from search_words w where w.locale = ${locale} and w.word like ${`%${word}%`}) as known`);
  return found?.known === true;
}

/** Words of the locale's names similar to `word` (pg_trgm's % operator), most similar first. */
async function similarWords(word: string, locale: Locale): Promise<string[]> {
  const found = await rows<{ word: string }>(await getDb(), sql`
    select w.word from search_words w where w.locale = ${locale} and w.word % ${word}
    order by similarity(w.word, ${word}) desc, w.word limit ${CANDIDATES}`);
  return found.map((r) => r.word);
}

/** The corrected term, or null when every word is known or nothing similar exists. */
export async function suggestTerm(term: string, locale: Locale): Promise<string | null> {
  // Folding keeps only letters, digits and single spaces, so a word is safe in a LIKE pattern.
  const words = termWords(foldTerm(term));
  const corrected = await Promise.all(words.map(async (word) => {
    if (word.length < 3 || /^\d+$/.test(word) || await isKnown(word, locale)) return word;
    return closestWord(word, await similarWords(word, locale)) ?? word;
  }));
  return corrected.some((w, i) => w !== words[i]) ? corrected.join(' ') : null;
}
