// Addresses that are not valid percent-encoding (/%ZZ, /%E0%A4%A): the server front (scripts/lib/serve-shop.ts)
// escapes them and marks the request, and the middleware answers with the 400 error page.

/** Request header the server front sets on a request whose address it had to repair. */
export const MALFORMED_URL_HEADER = 'x-storefront-malformed-url';

/** The address with every '%' that does not start a valid escape written as '%25'; null when it decodes fine. */
export function escapeMalformedUrl(url: string): string | null {
  try {
    decodeURI(url);
    return null;
  } catch {
    const escaped = url.replace(/%(?![0-9A-Fa-f]{2})/g, '%25');
    try {
      decodeURI(escaped);
      return escaped;
    } catch {
      // Well-formed escapes that are no UTF-8 (%E0%A4%A): keep the path's shape, drop what cannot be read.
      return escaped.replace(/%[0-9A-Fa-f]{2}/g, (e) =>
        Number.parseInt(e.slice(1), 16) < 0x80 ? e : '%25' + e.slice(1),
      );
    }
  }
}
