// Per-client request budgets for the public endpoints whose answers are computed, not cached: catalogue
// listings, filters and categories, search and the price call. A token bucket per client address and
// budget: `burst` requests at once, refilled at `perSecond`. Beyond it: 429 with Retry-After.
//
// Why in this process's memory and not in the database like the login limits: a write per catalogue
// read would itself cost what the limit is there to save, and what these budgets protect is this
// instance's CPU and database time. Two instances each grant a client the budget, as each has the
// capacity. Budgets are generous, because a company's buyers share one address behind its proxy; the
// shop must be told about its own proxy (TRUST_PROXY), or every client counts as the proxy.
import { LRUCache } from 'lru-cache';
import { env } from './env.ts';
import { clientIp, type ClientContext } from './client-ip.ts';

export interface Budget {
  readonly name: string;
  /** Requests a client may make at once. */
  readonly burst: number;
  /** Requests per second it earns back. */
  readonly perSecond: number;
}

export const BUDGETS = {
  /** Listings, filter counts and category lookups: a page view makes one or two. */
  catalog: { name: 'catalog', burst: 120, perSecond: 20 },
  /** The search overlay asks once a second while typing; the search page once per view. */
  search: { name: 'search', burst: 60, perSecond: 10 },
  /** Every page with prices asks once; a listing scrolled fast a few times. */
  prices: { name: 'prices', burst: 240, perSecond: 40 },
  /**
   * The quick order's check of up to 1,000 typed or uploaded lines (resolve-lines, the quick order
   * page): a buyer checks a few times a minute; each check reads as much as dozens of price calls.
   */
  quickOrder: { name: 'quick-order', burst: 60, perSecond: 1 },
  /**
   * Asking for a quote (or asking again): each step mails the shop's sales staff, so a client asks at
   * most 10 times at once and then one a minute; a buyer negotiating asks a few times a day.
   */
  quoteRequests: { name: 'quote-requests', burst: 10, perSecond: 1 / 60 },
  /**
   * New entries of the page cache one client may cause (pages nobody asked for since the last change):
   * 120 a minute, far beyond a shopper and a polite crawler, far below filling the cache with pages
   * nobody else asks for. Beyond it the page is still answered, just not kept.
   */
  pageCacheFills: { name: 'page-cache-fills', burst: 120, perSecond: 2 },
} as const satisfies Record<string, Budget>;

/** More clients than this and the least recently seen are forgotten (a full bucket is the default anyway). */
const MAX_CLIENTS = 50_000;

interface Bucket {
  tokens: number;
  at: number;
}

/** Taking from a bucket counts as seeing its client, whether the request is granted or not. */
const buckets = new LRUCache<string, Bucket>({ max: MAX_CLIENTS });

/**
 * Takes one request from the client's budget: 0 when allowed, else the seconds until one is earned
 * back. `scale` multiplies the budget (RATE_LIMIT_SCALE); 0 means unlimited.
 * @internal Exported for tests; requests spend through spend().
 */
export function take(budget: Budget, client: string, now = performance.now(), scale = env().RATE_LIMIT_SCALE): number {
  if (scale === 0) return 0;
  const burst = budget.burst * scale;
  const perMs = (budget.perSecond * scale) / 1000;
  const key = `${budget.name}\u0000${client}`;
  const bucket = buckets.get(key);
  const tokens = bucket ? Math.min(burst, bucket.tokens + (now - bucket.at) * perMs) : burst;
  if (tokens < 1) {
    buckets.set(key, { tokens, at: now });
    return Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
  }
  buckets.set(key, { tokens: tokens - 1, at: now });
  return 0;
}

/** Takes one request of the budget from the request's client: 0, or the seconds it must wait. */
export function spend(budget: Budget, context: ClientContext): number {
  return take(budget, clientIp(context));
}

/** @internal Forgets every client (tests). */
export function resetBudgets(): void {
  buckets.clear();
}
