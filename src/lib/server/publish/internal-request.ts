// Requests the shop makes of itself: the static export's crawl and the warm-up after start. They
// read every page once, so they say nothing about which pages shoppers read again, and must not
// queue the expensive best-quality recompression (recompress-queue.ts) that only pages read again earn.
//
// They are recognised by a header carrying a random token made when the process starts and never
// sent anywhere else: a client cannot guess it, so it cannot pass for the exporter whatever server or
// proxy stands in front. The token lives on globalThis under a registered symbol because the
// exporter and the server front are loaded outside the bundle that holds the page store.
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** @internal Exported for tests: the header name. */
export const INTERNAL_REQUEST_HEADER = 'x-storefront-internal';

const KEY = Symbol.for('storefront.internal-request-token');
const holder = globalThis as typeof globalThis & { [KEY]?: Buffer };

function token(): Buffer {
  holder[KEY] ??= Buffer.from(randomBytes(24).toString('base64url'));
  return holder[KEY];
}

/** The header that marks a request as the shop's own (only valid in this process). */
export function internalRequestHeaders(): Record<string, string> {
  return { [INTERNAL_REQUEST_HEADER]: token().toString() };
}

/** Whether the request carries this process's token. */
export function isInternalRequest(header: (name: string) => string | null): boolean {
  const sent = header(INTERNAL_REQUEST_HEADER);
  if (sent === null) return false;
  const expected = token();
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
