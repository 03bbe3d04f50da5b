// One spelling for matching: a shopper types "saege", "Säge" or "SÄGE" for the same word, so names
// and terms are compared lower-cased with umlauts spelled out (ä → ae, ß → ss), accents dropped and
// everything but letters and digits turned into single spaces, with a space at both ends: then
// "% bohr%" is a word-prefix match and "% bohr %" a whole-word match, both plain LIKE patterns
// that the trigram indexes serve. The database keeps names folded by foldSql (a generated column);
// terms go through foldTerm, which must agree with it.

const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', œ: 'oe', æ: 'ae' };
const ACCENTED = 'àáâãåāçèéêëēìíîïñòóôõøōùúûýÿ';
const PLAIN = 'aaaaaaceeeeeiiiinoooooouuuyy';

/**
 * The SQL expression that folds `column`. lower() of a C-collation database leaves non-ASCII
 * capitals alone, so capital umlauts and accents are replaced as well.
 */
export function foldSql(column: string): string {
  let expr = `lower(${column})`;
  for (const [from, to] of Object.entries(UMLAUTS)) {
    expr = `replace(${expr}, '${from}', '${to}')`;
    if (from !== 'ß') expr = `replace(${expr}, '${from.toUpperCase()}', '${to}')`;
  }
  const plain = `translate(${expr}, '${ACCENTED}${ACCENTED.toUpperCase()}', '${PLAIN}${PLAIN}')`;
  return `(' ' || regexp_replace(${plain}, '[^a-z0-9]+', ' ', 'g') || ' ')`;
}

/** The same folding as foldSql, for a search term, without the spaces at both ends. */
export function foldTerm(term: string): string {
  let folded = term.toLowerCase();
  for (const [from, to] of Object.entries(UMLAUTS)) folded = folded.replaceAll(from, to);
  folded = [...folded]
    .map((c) => {
      const at = ACCENTED.indexOf(c);
      return at === -1 ? c : PLAIN[at]!;
    })
    .join('');
  return folded.replace(/[^a-z0-9]+/g, ' ').trim();
}

/** A search takes this many words of a term at most. */
export const MAX_TERM_WORDS = 6;

/** The words of a folded term (at most MAX_TERM_WORDS): a product name matches when it holds every one. */
export function termWords(folded: string): string[] {
  return [...new Set(folded.split(' ').filter((w) => w !== ''))].slice(0, MAX_TERM_WORDS);
}
