// Recommendations: how many products a recommendation row shows, the carousel's geometry, and the
// editor's filter and key rules (a row is configured by a title and a filter such as
// "brand=Brandt %26 Sohn&colour=red").
import { slugify } from './slug.ts';

export const RECOMMENDATION_LIMIT = 20;

/** Carousel geometry: px of the next slide peeking in, slides per view below the desktop breakpoint (px). */
export const CAROUSEL = { peek: 16, perViewMobile: 2, desktopFrom: 1024 } as const;

/** Percent-decoded, so a value can hold what the filter syntax uses ("%26" for &); text that is no valid escape stays as typed. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * One attribute and the values a product must have: the listing's Filter (contract.ts), written out
 * here because the content schemas use this module and the contract uses the schemas.
 */
export interface RecommendationFilter {
  name: string;
  values: string[];
}

/**
 * A recommendation filter's attribute code=value pairs, one filter per pair (a product must match
 * every pair). Pairs are joined by '&'; a pair's name ends at its first '='; both are trimmed and
 * percent-decoded (a value holding '&' is written "%26"). A pair with an empty name or value is
 * dropped.
 */
export function parseRecommendationFilter(text: string): RecommendationFilter[] {
  return text.split('&').flatMap((piece) => {
    const at = piece.indexOf('=');
    const name = decoded((at < 0 ? piece : piece.slice(0, at)).trim()).trim();
    const value = at < 0 ? '' : decoded(piece.slice(at + 1).trim()).trim();
    return name === '' || value === '' ? [] : [{ name, values: [value] }];
  });
}

/**
 * Pieces of a filter that hold text but no '=': almost always a value's '&' written as it is
 * ("brand=Brandt & Sohn" splits off " Sohn"). The parser drops them like any incomplete pair; the
 * workspace refuses them, so the editor learns to write "%26".
 */
export function strayFilterPieces(text: string): string[] {
  return text
    .split('&')
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '' && !piece.includes('='));
}

/**
 * A recommendation row's key: its id and anchor in the page and its list name for analytics, the
 * slug of its title with umlauts transliterated ("Neuheiten für Profis" → "neuheiten-fuer-profis").
 */
export function recommendationKey(title: string): string {
  return slugify(title);
}
