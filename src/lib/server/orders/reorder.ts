// Reorder: every line of a past order into the cart again, each through the cart's own add, so prices,
// stock and what may be sold are today's and the server's (nothing of the old order's prices is
// reused). A line the cart refuses (no longer sold, not available, an accessory no longer allowed) is
// reported with the cart's reason; the others are added.
import { LINE_ERRORS, type Cart } from '#lib/cart/contract.ts';
import type { ReorderResult } from '#lib/orders/contract.ts';
import { ApiError } from '../http.ts';
import type { OrderRow } from './store.ts';

type LineError = (typeof LINE_ERRORS)[number];
const isLineError = (code: string): code is LineError => (LINE_ERRORS as readonly string[]).includes(code);

export interface ReorderLine { sku: string; quantity: number; accessories: string[] }

export async function reorderLines(order: Pick<OrderRow, 'cartInfo'>, add: (line: ReorderLine) => Promise<{ cart: Cart }>): Promise<ReorderResult> {
  const result: ReorderResult = { cart: null, added: [], refused: [] };
  // One after another: each add reads the cart the one before wrote.
  for (const item of order.cartInfo.cartItems) {
    try {
      ({ cart: result.cart } = await add({ sku: item.sku, quantity: item.quantity, accessories: Object.keys(item.selectedAddtionalProducts) }));
      result.added.push({ sku: item.sku, quantity: item.quantity });
    } catch (error) {
      if (!(error instanceof ApiError) || !isLineError(error.code)) throw error;
      result.refused.push({ sku: item.sku, name: item.name, code: error.code });
    }
  }
  return result;
}
