// The browser's side of the cart's bulk operations (src/lib/cart/bulk-contract.ts): adding several
// lines in one request, and resolving a quick order's item numbers. A successful add hands the cart to
// the cart store and opens the cart drawer, as every other add does.
import { ApiClientError, call, endpoints } from '../http/client.ts';
import type { bulkCartApi as bulkContract, LineRefusal, ResolvedQuickLine } from './bulk-contract.ts';
import { bulkCartRoutes } from './routes.ts';
import { adoptCart } from './store.ts';
import { $cartSidebarOpen } from '../shell/ui-store.ts';
import type { Locale } from '../i18n/locales.ts';

export type { LineRefusal, ResolvedQuickLine } from './bulk-contract.ts';

const bulkApi = endpoints<typeof bulkContract>(bulkCartRoutes);

export type BulkAddOutcome =
  | { ok: true; added: number; refused: LineRefusal[] }
  /** The request failed as a whole; `code` picks the message (cart.error.*, server.NETWORK_ERROR). */
  | { ok: false; code: string };

const failureCode = (error: unknown) => (error instanceof ApiClientError ? error.code : 'NETWORK_ERROR');

export async function addLines(lines: { sku: string; quantity: number }[], locale: Locale): Promise<BulkAddOutcome> {
  try {
    const result = await call(bulkApi.addMany, { lines, locale });
    if (result.cart) adoptCart(result.cart);
    if (result.added.length > 0) $cartSidebarOpen.set(true);
    return { ok: true, added: result.added.length, refused: result.refused };
  } catch (error) {
    return { ok: false, code: failureCode(error) };
  }
}

export async function resolveLines(
  lines: { ref: string; quantity: number }[],
  locale: Locale,
): Promise<ResolvedQuickLine[] | { code: string }> {
  try {
    return (await call(bulkApi.resolveLines, { lines, locale })).lines;
  } catch (error) {
    return { code: failureCode(error) };
  }
}
