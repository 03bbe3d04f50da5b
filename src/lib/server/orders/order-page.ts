// What an order page (thank-you, pay, payment result) needs before it renders: the checkout page's
// glue and the order itself, which the page renders so its island has nothing to fetch. The order
// shows only to whom access.ts lets reach it; a mailed link's secret becomes a cookie first.
import type { AstroCookies } from 'astro';
import type { CheckoutPage } from '#lib/checkout/rules.ts';
import type { Order } from '#lib/checkout/contract.ts';
import type { Db } from '../db/client.ts';
import { getDb } from '../db/index.ts';
import { currentShopper, type Shopper } from '../shopper.ts';
import { loadCheckoutPage, type CheckoutPageResult } from '../checkout/index.ts';
import { acceptMailedSecret, findAccessibleOrder, orderActor } from './access.ts';
import { orderView, type OrderRow } from './queries.ts';

export type OrderPageResult =
  Exclude<CheckoutPageResult, { kind: 'page' }> | (Extract<CheckoutPageResult, { kind: 'page' }> & { order: Order });

interface OrderPageRequest {
  cookies: Pick<AstroCookies, 'get' | 'set'>;
  url: URL;
  /** Who asks: a guest or a signed-in company user. */
  shopper: Pick<Shopper, 'customerId' | 'user'>;
}

/**
 * @internal The access part of every order page, on the given database (the page passes the process's).
 * A mailed link (?access=…) redirects to the same address without the secret, having set the cookie if
 * the secret is the order's; otherwise the order, or not-found for a made-up id and for an order the
 * asker may not see alike.
 */
export async function resolveOrderPage(
  db: Db,
  orderId: string | null,
  request: OrderPageRequest,
): Promise<{ kind: 'redirect'; to: string } | { kind: 'not-found' } | { kind: 'order'; row: OrderRow }> {
  const mailed = await acceptMailedSecret(db, request.cookies, request.url, orderId);
  if (mailed) return { kind: 'redirect', to: mailed.cleanUrl };
  const row = orderId ? await findAccessibleOrder(db, orderId, orderActor(request.cookies, request.shopper)) : null;
  return row ? { kind: 'order', row } : { kind: 'not-found' };
}

/**
 * Like loadCheckoutPage, with the order as the orders endpoint shows it, and a 404 when the asker may
 * not reach an order of this id, so a mistyped, made-up or somebody else's link gets the error page.
 */
export async function loadOrderPage(
  context: Parameters<typeof loadCheckoutPage>[0],
  page: CheckoutPage | null,
  orderId: string | null,
): Promise<OrderPageResult> {
  const shopper = await currentShopper(context.cookies, context.url);
  const access = await resolveOrderPage(await getDb(), orderId, {
    cookies: context.cookies,
    url: context.url,
    shopper,
  });
  if (access.kind !== 'order') return access;
  const base = await loadCheckoutPage(context, page);
  return base.kind === 'page' ? { ...base, order: orderView(access.row) } : base;
}
