// The external registration link of the branding setting: it gets the shopper's
// locale as a query parameter. Content editors type this URL, so it is treated as untrusted: only an
// https URL with a host, or a path on this site, may become a link; anything else is no link at all.

/** An origin no real request can have, used to resolve site paths without a page at hand. */
const PLACEHOLDER_ORIGIN = 'https://storefront.invalid';

/**
 * The href for the external register link with ?locale= set, or null when the configured value is
 * neither https://host/... nor a same-site path starting with exactly one '/'. Rejected among others:
 * 'http://…', '//evil', '/\evil', 'javascript:…', relative paths without a leading '/', credentials.
 */
export function externalRegisterHref(configured: string | null | undefined, locale: string): string | null {
  const raw = configured?.trim();
  if (!raw) return null;
  // Browsers drop tabs and line breaks inside URLs, which would let '/\t/evil' turn into '//evil'.
  // eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
  if (/[\u0000-\u001f\u007f\s]/.test(raw)) return null;
  if (/^https:\/\/[^/\\]/i.test(raw)) return absoluteHref(raw, locale);
  if (/^\/(?![/\\])/.test(raw)) return siteHref(raw, locale);
  return null;
}

function absoluteHref(raw: string, locale: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || !url.hostname || url.username || url.password) return null;
  url.searchParams.set('locale', locale);
  return url.toString();
}

function siteHref(raw: string, locale: string): string | null {
  let url: URL;
  try {
    url = new URL(raw, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  // Whatever the parser made of the path, it must still point at this site.
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  url.searchParams.set('locale', locale);
  return `${url.pathname}${url.search}${url.hash}`;
}
