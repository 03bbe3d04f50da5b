// Offline check of an EU VAT identification number (USt-IdNr.): its country's format and check digits, for the
// 27 member states and Northern Ireland (XI). Whether the number is registered only VIES can say; this catches
// typos and numbers of the wrong country while the shopper is still typing. Pure, so the checkout form and the
// server run the same code. The per-country rules are in vat-id-rules.ts.
import { padNational, RULES } from './vat-id-rules.ts';

export type VatIdProblem = 'VAT_ID_FORMAT' | 'VAT_ID_CHECKSUM' | 'VAT_ID_COUNTRY';

/**
 * Prefixes that mark a number as another country's: every EU VAT prefix, Greece's ISO code and the neighbours
 * whose numbers shoppers paste most (GB, CH, NO, and EU for a non-Union OSS number).
 */
const FOREIGN_PREFIXES = new Set([...Object.keys(RULES), 'GR', 'GB', 'CH', 'NO', 'EU']);

/** Spaces (also non-breaking ones from copied text), dots, slashes, dashes of any width and colons ('DK: 1…'). */
const SEPARATORS = /[\s.:/\u2010-\u2015\u2212-]/g;

/** The VAT prefix for an ISO country: the same code except Greece (ISO GR, VAT EL); undefined without rules. */
function vatPrefix(country: string): string | undefined {
  const code = country.trim().toUpperCase();
  const prefix = code === 'GR' ? 'EL' : code;
  return Object.hasOwn(RULES, prefix) ? prefix : undefined;
}

/** Whether checkVatId has rules for this ISO country (the EU members, XI for Northern Ireland; EL as alias of GR). */
export function isEuVatCountry(country: string): boolean {
  return vatPrefix(country) !== undefined;
}

/**
 * Normalises (strips spaces, dots, slashes, dashes, colons, upper-cases) and checks `raw` for the given ISO country
 * of the address (e.g. 'AT'). The number may come with or without its prefix ('ATU13585627' or 'U13585627'); a
 * prefix of another country is VAT_ID_COUNTRY, and so is a country without rules. Greece's prefix is EL for ISO GR
 * (GR is accepted as a prefix too and normalised to EL). `normalised` has the prefix and the long form of old
 * short numbers (BE 9 digits, EL 8, NL without leading zeros), as VIES expects it.
 */
export function checkVatId(
  raw: string,
  country: string,
): { ok: true; normalised: string } | { ok: false; problem: VatIdProblem } {
  const prefix = vatPrefix(country);
  const check = prefix === undefined ? undefined : RULES[prefix];
  if (prefix === undefined || check === undefined) return { ok: false, problem: 'VAT_ID_COUNTRY' };

  const compact = raw.toUpperCase().replace(SEPARATORS, '');
  const own = (prefix === 'EL' ? ['EL', 'GR'] : [prefix]).some((p) => compact.startsWith(p));
  // A French key is two characters and may be letters, so a bare French number can read like a prefix: it is
  // taken as another country's unless it carries FR. Likewise a leading FR is always the prefix, never a key.
  if (!own && FOREIGN_PREFIXES.has(compact.slice(0, 2))) return { ok: false, problem: 'VAT_ID_COUNTRY' };

  const national = padNational(prefix, own ? compact.slice(2) : compact);
  const problem = check(national);
  return problem === null ? { ok: true, normalised: prefix + national } : { ok: false, problem };
}
