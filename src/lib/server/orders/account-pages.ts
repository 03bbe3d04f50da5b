// The glue of the on-demand account pages: the locale from the route (404 for an
// unknown or unoffered one, as the checkout pages do), 404 for account pages that do not exist yet,
// 301 from the spec's PascalCase page names (/my-account/OrderHistory) to the kebab-case ones, the
// sign-in prompt for guests at the page's own address (a refresh cookie renews the session on the
// way), and the page's data.
import type { AstroCookies } from 'astro';
import { pageCount, parseListingQuery } from '#lib/catalog/listing.ts';
import { localePath } from '#lib/site/paths.ts';
import { intlTag } from '#lib/i18n/translate.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { orderListRow, type OrderListRow } from '#lib/orders/history.ts';
import { loadCheckoutPage } from '../checkout/index.ts';
import { getDb } from '../db/index.ts';
import type { Features } from '#lib/content/features.ts';
import { orderHistory } from './history.ts';
import { currentShopper, type Shopper } from '../shopper.ts';
import type { Shell } from '../shell.ts';
import { myItems, type MyItem } from '../catalog/index.ts';
import type { Order } from '#lib/checkout/contract.ts';
import { isUuid } from '../db/index.ts';
import { findOrder, orderView } from './store.ts';

/** The account pages built so far (kebab-case path segments); profile and addresses come later. */
const ACCOUNT_PAGES = ['order-history', 'my-items'] as const;
export type AccountPageName = (typeof ACCOUNT_PAGES)[number];

/** The pages the shop's settings switch on, in the navigation's order. */
export function enabledAccountPages(features: Pick<Features, 'isOrderHistoryEnabled' | 'isMyItemsViewEnabled'>): AccountPageName[] {
  return ACCOUNT_PAGES.filter((name) => (name === 'order-history' ? features.isOrderHistoryEnabled : features.isMyItemsViewEnabled));
}

export interface OrderHistoryData {
  rows: OrderListRow[];
  page: number;
  totalPages: number;
  /** The unprefixed path of page n of the list (page 1 without a query). */
  pathFor(page: number): string;
}

export interface MyItemsData {
  items: MyItem[];
  count: number;
  page: number;
  totalPages: number;
  /** The customer's currency, in which the list prices them. */
  currency: string;
  pathFor(page: number): string;
}

/** What an account page shows, by its name. */
type AccountView =
  | { name: 'order-history'; orders: OrderHistoryData }
  | { name: 'my-items'; items: MyItemsData };

export type AccountPageResult =
  | { kind: 'not-found' }
  | { kind: 'redirect'; to: string; permanent?: true }
  /** A guest: the page asks them to sign in and shows itself once they have. */
  | { kind: 'sign-in'; locale: Locale; shell: Shell; path: string }
  | { kind: 'page'; locale: Locale; shell: Shell; view: AccountView };

type Context = { params: Record<string, string | undefined>; cookies: AstroCookies; url: URL };

const isAccountPage = (name: string | undefined): name is AccountPageName =>
  (ACCOUNT_PAGES as readonly string[]).includes(name ?? '');

/** The kebab-case page a PascalCase name of the spec stands for (OrderHistory → order-history), if one. */
function canonicalPageName(name: string): AccountPageName | null {
  if (!/^[A-Z][A-Za-z]*$/.test(name)) return null;
  const kebab = name.replace(/(?<=[a-z])([A-Z])/g, '-$1').toLowerCase();
  return isAccountPage(kebab) ? kebab : null;
}

/** /my-account/{pageName}; pageName null for /my-account itself, which opens the default page. */
export async function loadAccountPage(context: Context, pageName: string | null): Promise<AccountPageResult> {
  const canonical = pageName === null ? null : canonicalPageName(pageName);
  if (pageName !== null && !isAccountPage(pageName) && !canonical) return { kind: 'not-found' };
  const base = await loadCheckoutPage(context, null);
  if (base.kind !== 'page') return base;
  const { locale, shell } = base;
  if (canonical) return { kind: 'redirect', to: `${localePath(locale, `/my-account/${canonical}`)}${context.url.search}`, permanent: true };
  const shopper = await currentShopper(context.cookies, context.url);
  if (!shopper.customerId) return { kind: 'sign-in', locale, shell, path: `/my-account${pageName === null ? '' : `/${pageName}`}` };
  const enabled = enabledAccountPages(shell.features);
  if (pageName === null) return enabled[0] ? { kind: 'redirect', to: localePath(locale, `/my-account/${enabled[0]}`) } : { kind: 'not-found' };
  if (!isAccountPage(pageName) || !enabled.includes(pageName)) return { kind: 'not-found' };

  const path = `/my-account/${pageName}`;
  const pathFor = (page: number) => (page > 1 ? `${path}?page=${page}` : path);
  const view = pageName === 'order-history'
    ? await orderHistoryView(context.url, shopper.customerId, locale, shell, pathFor)
    : await myItemsView(context.url, shopper, locale, pathFor);
  // A page past the end (an old bookmark after fewer rows, a hand-edited URL) shows the last one.
  if ('redirectTo' in view) return { kind: 'redirect', to: localePath(locale, pathFor(view.redirectTo)) };
  return { kind: 'page', locale, shell, view };
}

type Paged<V> = V | { redirectTo: number };

async function orderHistoryView(url: URL, customerId: string, locale: Locale, shell: Shell, pathFor: (page: number) => string): Promise<Paged<AccountView>> {
  const query = parseListingQuery(url.searchParams, 'orders');
  const list = await orderHistory(await getDb(), customerId, { limit: query.limit, offset: query.offset });
  const totalPages = pageCount(list.count, query.limit);
  if (list.count > 0 && query.page > totalPages) return { redirectTo: totalPages };
  const rows = list.orders.map((order) => orderListRow(order, intlTag(locale), shell.t('price.free')));
  return { name: 'order-history', orders: { rows, page: query.page, totalPages, pathFor } };
}

async function myItemsView(url: URL, shopper: Shopper, locale: Locale, pathFor: (page: number) => string): Promise<Paged<AccountView>> {
  const query = parseListingQuery(url.searchParams, 'priceList');
  const list = await myItems(shopper, locale, { limit: query.limit, offset: query.offset });
  const totalPages = pageCount(list.count, query.limit);
  if (list.count > 0 && query.page > totalPages) return { redirectTo: totalPages };
  return { name: 'my-items', items: { ...list, page: query.page, totalPages, currency: shopper.currency, pathFor } };
}

export type AccountOrderResult =
  | Exclude<AccountPageResult, { kind: 'page' }>
  | { kind: 'page'; locale: Locale; shell: Shell; order: Order };

/**
 * /my-account/order-history/{order}: one of the signed-in customer's orders. Somebody else's order, a
 * guest order and a made-up id are all the same 404, so an id is never confirmed to exist.
 */
export async function loadAccountOrder(context: Context, orderId: string | undefined): Promise<AccountOrderResult> {
  const base = await loadCheckoutPage(context, null);
  if (base.kind !== 'page') return base;
  const { locale, shell } = base;
  const shopper = await currentShopper(context.cookies, context.url);
  if (!shopper.customerId) return { kind: 'sign-in', locale, shell, path: `/my-account/order-history/${orderId ?? ''}` };
  if (!shell.features.isOrderHistoryEnabled || !isUuid(orderId)) return { kind: 'not-found' };
  const row = await findOrder(await getDb(), orderId);
  if (!row || row.customerId !== shopper.customerId) return { kind: 'not-found' };
  return { kind: 'page', locale, shell, order: orderView(row) };
}
