// What an order page (thank-you, pay, payment result) needs before it renders: the checkout page's
// glue and the order itself, which the page renders so its island has nothing to fetch.
import type { CheckoutPage } from '#lib/checkout/rules.ts';
import type { Order } from '#lib/checkout/contract.ts';
import { getDb, isUuid } from '../db/index.ts';
import { loadCheckoutPage, type CheckoutPageResult } from '../checkout/index.ts';
import { findOrder, orderView } from './store.ts';

export type OrderPageResult =
  | Exclude<CheckoutPageResult, { kind: 'page' }>
  | (Extract<CheckoutPageResult, { kind: 'page' }> & { order: Order });

/**
 * Like loadCheckoutPage, with the order as the orders endpoint shows it, and a 404 when no order has
 * this id, so a mistyped or made-up link gets the error page with its status instead of an empty page.
 */
export async function loadOrderPage(
  context: Parameters<typeof loadCheckoutPage>[0], page: CheckoutPage | null, orderId: string | null,
): Promise<OrderPageResult> {
  const row = orderId && isUuid(orderId) ? await findOrder(await getDb(), orderId) : null;
  if (!row) return { kind: 'not-found' };
  const base = await loadCheckoutPage(context, page);
  return base.kind === 'page' ? { ...base, order: orderView(row) } : base;
}
