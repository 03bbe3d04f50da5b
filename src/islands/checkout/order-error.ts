// What the payment step says when an order is not placed: a translated text by the error's code, and
// for availability errors the items the shopper must remove or reduce (the server's details.items).
import { isFailureOf } from '#lib/http/client.ts';
import { ordersApi } from '#lib/orders/client.ts';

export type OrderErrorKey = 'checkout.orderError' | 'checkout.orderNotAvailable' | 'cart.outdated' | 'server.NETWORK_ERROR' | 'checkout.noPaymentMethods';

export function orderErrorKey(error: unknown): OrderErrorKey {
  if (!isFailureOf(ordersApi.create, error)) return 'checkout.orderError';
  if (error.code === 'CART_OUTDATED_ERROR') return 'cart.outdated';
  if (error.code === 'NETWORK_ERROR') return 'server.NETWORK_ERROR';
  if (error.code === 'OUT_OF_STOCK' || error.code === 'CART_NOT_PURCHASABLE') return 'checkout.orderNotAvailable';
  return 'checkout.orderError';
}

/** The names of the items an availability error lists (`details.items`), so the shopper knows which to remove. */
export function namedItems(error: unknown): string[] {
  if (!isFailureOf(ordersApi.create, error)) return [];
  const items = (error.details as { items?: unknown } | undefined)?.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown) => {
    const { name, sku } = (item ?? {}) as { name?: unknown; sku?: unknown };
    if (typeof name !== 'string' || typeof sku !== 'string') return [];
    return [name === sku ? sku : `${name} (${sku})`];
  });
}

export interface OrderError { key: OrderErrorKey; items: string[] }
