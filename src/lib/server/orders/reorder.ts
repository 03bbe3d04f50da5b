// Reorder: every line of a past order into the cart again, each through the cart's own add, so prices,
// stock and what may be sold are today's and the server's (nothing of the old order's prices is
// reused). A line the cart refuses (no longer sold, not available, an accessory no longer allowed) is
// reported with the cart's reason; the others are added.
import type { Cart } from '#lib/cart/contract.ts';
import type { ReorderResult } from '#lib/orders/contract.ts';
import { isLineError } from '../cart/index.ts';
import type { OrderRow } from './queries.ts';

export interface ReorderLine {
  sku: string;
  quantity: number;
  accessories: string[];
}

export async function reorderLines(
  order: Pick<OrderRow, 'cartInfo'>,
  add: (line: ReorderLine) => Promise<{ cart: Cart }>,
): Promise<ReorderResult> {
  const result: ReorderResult = { cart: null, added: [], refused: [] };
  // One after another: each add reads the cart the one before wrote.
  for (const item of order.cartInfo.cartItems) {
    try {
      ({ cart: result.cart } = await add({
        sku: item.sku,
        quantity: item.quantity,
        accessories: Object.keys(item.selectedAddtionalProducts),
      }));
      result.added.push({ sku: item.sku, quantity: item.quantity });
    } catch (error) {
      if (!isLineError(error)) throw error;
      result.refused.push({ sku: item.sku, name: item.name, code: error.code });
    }
  }
  return result;
}
