// What the payment step says when an order is not placed: a translated text by the error's code, and
// for availability and quantity-rule errors the items the shopper must change (the server's
// details.items); an order cap's text names the cap (details.maxTotal / maxPieces / maxOpenOrders), the
// credit limit's its limit, the open balance and the order's total.
import { isFailureOf } from '#lib/http/client.ts';
import { ordersApi } from '#lib/orders/client.ts';
import { formatPrice } from '#lib/catalog/price.ts';
import type { TemplateVars } from '#lib/i18n/format.ts';

/** The order caps' own texts (src/lib/server/orders/limits.ts). */
export const ORDER_LIMIT_KEYS = [
  'checkout.error.ORDER_VALUE_LIMIT',
  'checkout.error.ORDER_QUANTITY_LIMIT',
  'checkout.error.TOO_MANY_OPEN_ORDERS',
  'checkout.error.CREDIT_LIMIT_EXCEEDED',
  'checkout.error.CREDIT_CURRENCY',
] as const;

export type OrderErrorKey =
  | 'checkout.orderError'
  | 'checkout.orderNotAvailable'
  | 'checkout.cartValueLimit'
  | 'checkout.quantityRule'
  | 'cart.outdated'
  | 'server.NETWORK_ERROR'
  | 'checkout.noPaymentMethods'
  | 'checkout.error.PERMISSION_DENIED'
  | (typeof ORDER_LIMIT_KEYS)[number];

export function orderErrorKey(error: unknown): OrderErrorKey {
  if (!isFailureOf(ordersApi.create, error)) return 'checkout.orderError';
  if (error.code === 'CART_OUTDATED_ERROR') return 'cart.outdated';
  if (error.code === 'NETWORK_ERROR') return 'server.NETWORK_ERROR';
  if (error.code === 'OUT_OF_STOCK' || error.code === 'CART_NOT_PURCHASABLE') return 'checkout.orderNotAvailable';
  if (error.code === 'CART_VALUE_LIMIT') return 'checkout.cartValueLimit';
  if (error.code === 'QUANTITY_RULE') return 'checkout.quantityRule';
  // A company user whose role may not order (src/lib/account/roles.ts).
  if (error.code === 'PERMISSION_DENIED') return 'checkout.error.PERMISSION_DENIED';
  if (
    error.code === 'ORDER_VALUE_LIMIT' ||
    error.code === 'ORDER_QUANTITY_LIMIT' ||
    error.code === 'TOO_MANY_OPEN_ORDERS' ||
    error.code === 'CREDIT_LIMIT_EXCEEDED' ||
    error.code === 'CREDIT_CURRENCY'
  ) {
    return `checkout.error.${error.code}`;
  }
  return 'checkout.orderError';
}

/** The `{{max}}` of an order cap's text, formatted for the shopper; nothing for other errors. */
export function orderErrorValues(error: unknown, intlLocale: string): TemplateVars {
  if (!isFailureOf(ordersApi.create, error)) return {};
  const details = (error.details ?? {}) as {
    maxTotal?: unknown;
    currency?: unknown;
    maxPieces?: unknown;
    maxOpenOrders?: unknown;
    creditLimit?: unknown;
    openBalance?: unknown;
    orderTotal?: unknown;
  };
  const count = (value: unknown) => (typeof value === 'number' ? new Intl.NumberFormat(intlLocale).format(value) : '');
  const currency = typeof details.currency === 'string' ? details.currency : undefined;
  const money = (value: unknown) => formatPrice(value, { currency, locale: intlLocale, freeLabel: '' });
  if (error.code === 'ORDER_VALUE_LIMIT') return { max: money(details.maxTotal) };
  if (error.code === 'CREDIT_LIMIT_EXCEEDED')
    return { limit: money(details.creditLimit), balance: money(details.openBalance), total: money(details.orderTotal) };
  if (error.code === 'CREDIT_CURRENCY') return { currency: currency ?? '' };
  if (error.code === 'ORDER_QUANTITY_LIMIT') return { max: count(details.maxPieces) };
  if (error.code === 'TOO_MANY_OPEN_ORDERS') return { max: count(details.maxOpenOrders) };
  return {};
}

/** The names of the items an availability or quantity-rule error lists (`details.items`): the ones to change. */
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

export interface OrderError {
  key: OrderErrorKey;
  items: string[];
  values: TemplateVars;
}
