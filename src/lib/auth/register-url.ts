// The external registration link of the branding setting: it gets the shopper's locale as a query
// parameter. Content editors type this URL, so it is treated as untrusted: only what the content link
// rules take as a page link (src/lib/content/links.ts: an https URL with a host, or else a path on
// this site, 'register' meaning /register as the spec says) may become a link; anything else is no
// link at all.
import { asPageLink, httpsUrl, isSitePath } from '../content/links.ts';

/** An origin no real request can have, used to resolve site paths without a page at hand. */
const PLACEHOLDER_ORIGIN = 'https://storefront.invalid';

/**
 * The href for the external register link with ?locale= set, or null when the configured value is
 * neither https://host/... nor a same-site path ('register' is /register). Rejected among others:
 * 'http://…', '//evil', '/\evil', 'javascript:…', credentials.
 */
export function externalRegisterHref(configured: string | null | undefined, locale: string): string | null {
  const raw = configured?.trim();
  if (!raw) return null;
  const absolute = httpsUrl(raw);
  if (absolute) {
    absolute.searchParams.set('locale', locale);
    return absolute.toString();
  }
  // Not https: a path on this site, as the spec has it ('register' is /register).
  const path = asPageLink(raw);
  if (!isSitePath(path)) return null;
  const url = new URL(path, PLACEHOLDER_ORIGIN);
  url.searchParams.set('locale', locale);
  return `${url.pathname}${url.search}${url.hash}`;
}
