// The glue of the on-demand account pages: the locale from the route (404 for an
// unknown or unoffered one, as the checkout pages do), 404 for account pages that do not exist yet,
// the redirect home for guests (a refresh cookie renews the session on the way), and the page's data.
import type { AstroCookies } from 'astro';
import { pageCount, parseListingQuery } from '#lib/catalog/listing.ts';
import { localePath } from '#lib/site/paths.ts';
import { intlTag } from '#lib/i18n/translate.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { orderListRow, type OrderListRow } from '#lib/orders/history.ts';
import { loadCheckoutPage } from '../checkout/index.ts';
import { getDb } from '../db/index.ts';
import { orderHistory } from './history.ts';
import { currentShopper } from '../shopper.ts';
import type { Shell } from '../shell.ts';

/** The account pages built so far (kebab-case path segments); profile, addresses, My Items come later. */
const ACCOUNT_PAGES = ['order-history'] as const;
export type AccountPageName = (typeof ACCOUNT_PAGES)[number];
const DEFAULT_ACCOUNT_PAGE: AccountPageName = 'order-history';

export interface OrderHistoryData {
  rows: OrderListRow[];
  page: number;
  totalPages: number;
  /** The unprefixed path of page n of the list (page 1 without a query). */
  pathFor(page: number): string;
}

export type AccountPageResult =
  | { kind: 'not-found' }
  | { kind: 'redirect'; to: string }
  | { kind: 'page'; locale: Locale; shell: Shell; name: AccountPageName; orders: OrderHistoryData };

type Context = { params: Record<string, string | undefined>; cookies: AstroCookies; url: URL };

const isAccountPage = (name: string | undefined): name is AccountPageName =>
  (ACCOUNT_PAGES as readonly string[]).includes(name ?? '');

/** /my-account/{pageName}; pageName null for /my-account itself, which opens the default page. */
export async function loadAccountPage(context: Context, pageName: string | null): Promise<AccountPageResult> {
  if (pageName !== null && !isAccountPage(pageName)) return { kind: 'not-found' };
  const base = await loadCheckoutPage(context, null);
  if (base.kind !== 'page') return base;
  const { locale, shell } = base;
  const { customerId } = await currentShopper(context.cookies, context.url);
  if (!customerId) return { kind: 'redirect', to: localePath(locale, '/') };
  if (pageName === null) return { kind: 'redirect', to: localePath(locale, `/my-account/${DEFAULT_ACCOUNT_PAGE}`) };

  const path = `/my-account/${pageName}`;
  const pathFor = (page: number) => (page > 1 ? `${path}?page=${page}` : path);
  const query = parseListingQuery(context.url.searchParams, 'orders');
  const list = await orderHistory(await getDb(), customerId, { limit: query.limit, offset: query.offset });
  const totalPages = pageCount(list.count, query.limit);
  // A page past the end (an old bookmark after fewer orders, a hand-edited URL) shows the last one.
  if (list.count > 0 && query.page > totalPages) return { kind: 'redirect', to: localePath(locale, pathFor(totalPages)) };
  const rows = list.orders.map((order) => orderListRow(order, intlTag(locale), shell.t('price.free')));
  return { kind: 'page', locale, shell, name: pageName, orders: { rows, page: query.page, totalPages, pathFor } };
}
