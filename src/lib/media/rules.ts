// The media library's rules, shared by the server, the pages and the workspace: how content names a
// medium, the limits of an upload, and when a medium may be used. Plain functions, no schema library.
import { LOCALES, type Locale } from '../i18n/locales.ts';

/** The largest file the library takes; the workspace names it in its refusal. */
export const MAX_MEDIUM_BYTES = 10 * 1024 * 1024;
/**
 * The most pixels a picture may have (8000×5000): the largest rendition is 1200 px wide, and decoding
 * costs memory by the pixel, so a bigger scan is a mistake to fix before uploading, not a picture to keep.
 */
export const MAX_MEDIUM_PIXELS = 40_000_000;

/**
 * Content names a medium by this address, never by its file: replacing the file keeps every use,
 * and the shop adds the current file's version (?v=) when it renders the page.
 */
export const mediumPath = (id: number): string => `/images/lib/${id}`;

const MEDIUM_REF = /\/images\/lib\/(\d{1,9})(?![\d.])/g;

/** The media a text names (a config's JSON, a page's HTML), each once. */
export function mediumIds(text: string): number[] {
  return [...new Set([...text.matchAll(MEDIUM_REF)].map((m) => Number(m[1])))];
}

/** The medium a field's value is, when it is one (with or without a version). */
export function mediumIdOf(value: string): number | null {
  const m = /^\/images\/lib\/(\d{1,9})(?:\?v=[A-Za-z0-9_-]{8})?$/.exec(value);
  return m ? Number(m[1]) : null;
}

/** The languages whose alternative text a medium still lacks: it may be used once none is left. */
export function missingAlt(alt: Partial<Record<string, string>>): Locale[] {
  return LOCALES.filter((l) => !alt[l]?.trim());
}

/** Alternative texts are short: a sentence saying what the picture shows. */
export const MAX_ALT_LENGTH = 300;
