// Pages spend the same per-client budgets as the API (client-budget.ts). A page that is not in the
// page cache runs its queries on every request, and the search page with a query is never cached:
// 8 clients asking /search-details?term=… in a loop slowed every other request of the shop, cached
// pages included, while the search API beside it was held to its budget. So a rendered page costs
// one request of the budget of what it shows; page-cache HITs never get here and cost nothing.
import { BUDGETS, spend, type Budget } from './client-budget.ts';
import type { ClientContext } from './client-ip.ts';
import { plainStatusPage } from './plain-status-page.ts';
import { stripLocale } from '#lib/site/paths.ts';
import { LOCALES } from '#lib/i18n/locales.ts';

/**
 * The budget a page render spends from, or null for what is not a page (the API spends its own).
 * @internal Exported for tests; requests go through spendOnPage().
 */
export function pageBudget(method: string, pathname: string): Budget | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (pathname.startsWith('/api/') || pathname.startsWith('/images/') || pathname.startsWith('/admin')) return null;
  // Health probes come every second from the balancer's one address; they render nothing.
  if (pathname === '/healthz' || pathname === '/readyz') return null;
  return stripLocale(pathname, LOCALES).path === '/search-details' ? BUDGETS.search : BUDGETS.catalog;
}

/** 0 when the page may be rendered, else the seconds until the client may ask again. */
export function spendOnPage(method: string, pathname: string, client: ClientContext): number {
  const budget = pageBudget(method, pathname);
  return budget ? spend(budget, client) : 0;
}

/**
 * The 429 page: in the path's language, with Retry-After, and built from the message file alone:
 * refusing must cost next to nothing, so no shell, no database.
 */
export function tooManyRequestsPage(pathname: string, retryAfterSeconds: number): Promise<Response> {
  return plainStatusPage(pathname, 429, 'tooManyRequests', { 'retry-after': String(retryAfterSeconds) });
}
