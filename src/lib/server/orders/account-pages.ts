// The order domain's account pages: the order history (paged), My Items (the customer's price list,
// paged) and one order's details. Each is a loader for the account area's shared page glue.
import { pageCount, parseListingQuery } from '#lib/catalog/listing.ts';
import { intlTag } from '#lib/i18n/translate.ts';
import { orderListRow, type OrderListRow } from '#lib/orders/history.ts';
import type { Order } from '#lib/checkout/contract.ts';
import { getDb, isUuid } from '../db/index.ts';
import { myItems, type MyItem, type MyItemsPage } from '../catalog/index.ts';
import { MY_ITEMS_FOCUS_PARAM, myItemsSearch, parseMyItemsState, type MyItemsState } from '#lib/account/my-items.ts';
import type { AccountContext, AccountLoad } from '../account/index.ts';
import { orderHistory } from './history.ts';
import { inScope, orderScope, type OrderScope } from './access.ts';
import { findOrder, orderView, type OrderRow } from './queries.ts';
import type { Db } from '../db/client.ts';
import { statusEvents } from './status/read.ts';
import { creditStanding } from './credit.ts';
import { creditSummary, type CreditSummary } from '#lib/orders/credit.ts';
import { formatAmount } from '#lib/catalog/price.ts';
import { may, type SignedIn } from '../auth/index.ts';
import type { Shopper } from '../shopper.ts';
import type { OrderStatusEvent } from '#lib/orders/status.ts';

/** An order with what the ERP reported on it: the order page's content. */
export interface OrderWithStatus {
  order: Order;
  events: OrderStatusEvent[];
}

interface Paging {
  page: number;
  totalPages: number;
  /** The unprefixed path of page n of the list (page 1 without a query). */
  pathFor(page: number): string;
}

export interface OrderHistoryData extends Paging {
  rows: OrderListRow[];
  /** The company's credit on account, for a user whose role may see it (seeCredit); else null. */
  credit: CreditSummary | null;
}

export interface MyItemsData extends Paging, Omit<MyItemsPage, 'items'> {
  items: MyItem[];
  state: MyItemsState;
  /** The customer's currency, in which the list prices them. */
  currency: string;
}

const pager = (path: string) => (page: number) => (page > 1 ? `${path}?page=${page}` : path);

/** /my-account/order-history: the customer's orders, newest first; a page past the end shows the last one. */
export async function orderHistoryView({
  request,
  shopper,
  locale,
  shell,
}: AccountContext): Promise<AccountLoad<OrderHistoryData>> {
  const pathFor = pager('/my-account/order-history');
  const query = parseListingQuery(request.url.searchParams, 'orders');
  const list = await orderHistory(await getDb(), orderScope(shopper), { limit: query.limit, offset: query.offset });
  const totalPages = pageCount(list.count, query.limit);
  if (list.count > 0 && query.page > totalPages) return { redirectTo: pathFor(totalPages) };
  const rows = list.orders.map((order) => orderListRow(order, intlTag(locale), shell.t('price.free')));
  return { rows, page: query.page, totalPages, pathFor, credit: await creditPanel(shopper, intlTag(locale)) };
}

/** The credit panel of the order history: its figures in the company's currency, for seeCredit only. */
async function creditPanel(shopper: SignedIn<Shopper>, intlLocale: string): Promise<CreditSummary | null> {
  if (!may(shopper, 'seeCredit')) return null;
  const standing = await creditStanding(await getDb(), shopper.customerId);
  if (!standing) return null;
  const { currency } = standing;
  return creditSummary(standing, (cents) => formatAmount(cents / 100, { currency, locale: intlLocale }));
}

/** /my-account/my-items: the customer's price list, filtered, sorted and paged as the URL says. */
export async function myItemsView({
  request,
  shopper,
  locale,
  shell,
}: AccountContext): Promise<AccountLoad<MyItemsData>> {
  const defaultView = shell.features.defaultMyItemsView;
  const state = parseMyItemsState(request.url.searchParams, defaultView);
  const pathFor = (page: number) => {
    const search = myItemsSearch({ ...state, page }, defaultView);
    return `/my-account/my-items${search ? `?${search}` : ''}`;
  };
  // The toolbar's form (cols=1&col=…) asks for a view; its canonical URL says it shorter. A filter
  // typed into it keeps the caret there on the next page (focus=q, which the live toolbar removes).
  if (request.url.searchParams.has('cols')) {
    const focus = request.url.searchParams.get(MY_ITEMS_FOCUS_PARAM) === 'q' ? `${MY_ITEMS_FOCUS_PARAM}=q` : '';
    const target = pathFor(state.page);
    return { redirectTo: focus ? `${target}${target.includes('?') ? '&' : '?'}${focus}` : target };
  }
  const { size } = state;
  const list = await myItems(shopper, locale, { limit: size, offset: (state.page - 1) * size }, state);
  const totalPages = pageCount(list.count, size);
  if (list.count > 0 && state.page > totalPages) return { redirectTo: pathFor(totalPages) };
  return { ...list, state, page: state.page, totalPages, currency: shopper.currency, pathFor };
}

/**
 * /my-account/order-history/{order}: one of the company's orders the signed-in user may see (orderScope).
 * Another company's order, a colleague's when the role sees only its own, a guest order and a made-up id
 * are all the same 404, so an id is never confirmed to exist.
 */
export function accountOrderView(orderId: string | undefined) {
  return async ({ shopper }: AccountContext): Promise<AccountLoad<OrderWithStatus>> => {
    const db = await getDb();
    const row = await accountOrder(db, orderId, orderScope(shopper));
    return row ? { order: orderView(row), events: await statusEvents(db, row.id) } : { notFound: true };
  };
}

/**
 * @internal The order of this id in the user's scope, or null; a guest order is no account's, even for a
 * customer who holds its secret. The account page's rule on a given database (tests run it on both).
 */
export async function accountOrder(db: Db, orderId: string | undefined, scope: OrderScope): Promise<OrderRow | null> {
  if (!isUuid(orderId)) return null;
  const row = await findOrder(db, orderId);
  return row && inScope(row, scope) ? row : null;
}
