// Byte budgets per page type, in de and en: what a first visit downloads before the shopper does
// anything (the HTML, every script, including islands that hydrate on idle, and every stylesheet), as
// it travels (brotli: the server front and the page cache send it so). Sizes are deterministic for a
// build, so a budget blocks CI the moment a change makes a page heavier, and the failure lists every
// file of that kind with its size, largest first, so the one that grew is plain to see.
//
// The goals are issue 12's: at most 15 KB of JavaScript before interaction, 12 KB of CSS, 15 KB of HTML.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page, Response } from '@playwright/test';
import {
  BASE_URL,
  expect,
  localePath,
  newClient,
  preDecideConsent,
  test,
  type Locale,
  waitForIslands,
} from './helpers.ts';
import { checkoutCart } from './checkout-flow.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

interface Budget {
  html: number;
  js: number;
  css: number;
}

/**
 * Ceilings in KB (brotli), per page type: issue 12's goals, which every page type meets (measured
 * 2026-11-25, BENCHMARKS.md "Byte budgets": HTML 8.6-13.8 KB, JavaScript 9.7-14.1 KB). The CSS is one
 * stylesheet for the whole shop (astro.config.mjs), the same on every page: its ceiling is today's
 * size plus 3 % (goal 12 KB). Raised on 2026-11-29 from 8.5 KB, when the stylesheet grew to 8.75 KB
 * (8,959 bytes) with the phone's buying layout, hyphenation and Astro's island rule, which left every
 * page's HTML for it (issue 34).
 */
const CSS_KB = 9;
const GOALS: Budget = { html: 15, js: 15, css: CSS_KB };
/**
 * Pages with a stylesheet of their own beside the shop's, each ceiling today's size plus 3 % but never
 * above the 12 KB goal: the account area's (src/layouts/Account.astro, 2.3 KB; 11.05 KB in all on
 * 2026-11-29), which the quick order page loads too; 11.6 KB in all on 2026-11-30 with that page's
 * rules and the checked lines as cards on a phone (issue 37). The editor workspace loads the shop's base (global.css) instead of its one stylesheet
 * (src/integrations/workspace-stylesheet.ts), then its own (src/layouts/Admin.astro) and a page's own
 * (the entry editor's, the media library's, the moderation queue's): 5.6-6.6 KB on 2026-11-29.
 */
const ACCOUNT_CSS_KB = 11.9;
const WORKSPACE_CSS_KB = 6.8;
/** The signed-in workspace's pages, by type: what each staff member opens most (the admin's pages need an admin). */
const WORKSPACE_PAGES: Record<string, { path: string; who: 'editor' | 'admin' }> = {
  'workspace entries': { path: '/admin', who: 'editor' },
  'workspace menu': { path: '/admin/entry?type=block&identifier=menu', who: 'editor' },
  'workspace content page': { path: '/admin/entry?type=page&identifier=agb&locale=de', who: 'editor' },
  'workspace media': { path: '/admin/media', who: 'editor' },
  'workspace reviews': { path: '/admin/reviews', who: 'editor' },
  'workspace audit': { path: '/admin/audit', who: 'admin' },
  'workspace staff': { path: '/admin/staff', who: 'admin' },
  'workspace tokens': { path: '/admin/tokens', who: 'admin' },
  'workspace webhooks': { path: '/admin/webhooks', who: 'admin' },
  'workspace import': { path: '/admin/import', who: 'admin' },
};
const PAGE_TYPES = [
  'home',
  'category',
  'product',
  'search',
  'content',
  'checkout',
  'checkout shipping',
  'checkout billing',
  'checkout payment',
  'thank-you',
];
const BUDGETS: Record<string, Budget> = {
  ...Object.fromEntries(PAGE_TYPES.map((type) => [type, GOALS])),
  // A contract buyer's price list: what a signed-in customer's page loads (the shell's session, the cart).
  'my items': { ...GOALS, css: ACCOUNT_CSS_KB },
  // Ordering by item number (issue 37): the form, with the finder's island waiting for intent.
  'quick order': { ...GOALS, css: ACCOUNT_CSS_KB },
  // A guest's: the way into the workspace, before any of its islands.
  'workspace sign-in': { ...GOALS, css: WORKSPACE_CSS_KB },
  // A staff member's pages, signed in (issue 35): their islands hydrate on intent, as the shop's do.
  ...Object.fromEntries(Object.keys(WORKSPACE_PAGES).map((type) => [type, { ...GOALS, css: WORKSPACE_CSS_KB }])),
};

/**
 * Requests the largest contentful paint of a first visit waits for (issue 12's goal: 6), on a phone over
 * a throttled connection (150 ms round trip, 1.6 Mbit/s, like Lighthouse's mobile profile): the
 * document and every stylesheet, script and font requested before the paint, and the paint's own image
 * when it is one. The other images of the first screen (the logo, the cards beside the largest one)
 * load beside these without holding the paint up; how many of them start before it depends on the
 * machine's timing, so they are counted and printed, not budgeted.
 */
const REQUESTS_BEFORE_LCP: Record<string, number> = { home: 6, category: 6, product: 6, search: 6, content: 6 };

interface Download {
  url: string;
  kind: 'html' | 'js' | 'css';
  bytes: number;
}

/** The page's own downloads until it is idle (after `interact`, if given), by their size on the wire. */
async function downloads(page: Page, path: string, interact?: (page: Page) => Promise<void>): Promise<Download[]> {
  const seen: Promise<Download | null>[] = [];
  const onResponse = (response: Response) => {
    const type = response.request().resourceType();
    const kind: Download['kind'] | null =
      type === 'document' ? 'html' : type === 'script' ? 'js' : type === 'stylesheet' ? 'css' : null;
    if (!kind || new URL(response.url()).origin !== new URL(BASE_URL).origin) return;
    // A redirect (an alias moving to its canonical address) carries no page.
    if (response.status() >= 300) return;
    seen.push(
      response
        .request()
        .sizes()
        .then((s) => ({ url: new URL(response.url()).pathname, kind, bytes: s.responseBodySize }))
        .catch(() => null),
    );
  };
  page.on('response', onResponse);
  await page.goto(path, { waitUntil: 'networkidle' });
  // Islands that hydrate on idle load their code now: it counts as loaded before any interaction.
  await waitForIslands(page, 20_000);
  await page.waitForLoadState('networkidle');
  if (interact) {
    await interact(page);
    await page.waitForLoadState('networkidle');
  }
  page.off('response', onResponse);
  return (await Promise.all(seen)).filter((d): d is Download => d !== null);
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const total = (files: Download[], kind: Download['kind']) =>
  kb(files.filter((f) => f.kind === kind).reduce((n, f) => n + f.bytes, 0));

/** Issue 12: everything a product page's islands need once the shopper has used them all. */
const PRODUCT_JS_AFTER_INTERACTION = 90;

/** Wakes every island of a product page: the buy box and carousel (prices), gallery, heart, recently viewed. */
async function useEveryIsland(page: Page): Promise<void> {
  await page.evaluate(() => document.dispatchEvent(new CustomEvent('intent', { detail: 'prices' })));
  await page.locator('.gallery-stage').hover();
  await page.locator('.wishlist-toggle').focus();
  // Down the page step by step: islands that load when visible see themselves on the way.
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 400) {
    await page.evaluate((to) => window.scrollTo(0, to), y);
    await page.waitForTimeout(50);
  }
  // The page's own islands; the shell's (drawers, login, search) wait for their own controls.
  await expect(page.locator('main astro-island[ssr]')).toHaveCount(0, { timeout: 20_000 });
}

/** The first link on `from` whose path matches: the category and product pages of the demo. */
async function firstLink(page: Page, from: string, pattern: RegExp): Promise<string> {
  await page.goto(from);
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const href = hrefs.find((h) => pattern.test(h));
  expect(href, `${from} links to ${pattern}`).toBeDefined();
  return href!;
}

/** The page of a type, with what the shopper's browser (`request`) needs to be there: a cart, an order. */
async function pathOf(
  page: Page,
  type: string,
  locale: Locale,
  request: APIRequestContext = page.request,
): Promise<string> {
  switch (type) {
    case 'checkout shipping':
      await checkoutCart(request, 0);
      return localePath(locale, '/checkout/shipping');
    case 'checkout billing':
      await checkoutCart(request, 2);
      return localePath(locale, '/checkout/billing');
    case 'checkout payment':
      await checkoutCart(request, 3);
      return localePath(locale, '/checkout/payment');
    case 'thank-you': {
      const cart = await checkoutCart(request, 3);
      const response = await request.post('/api/orders/create', {
        data: {
          idempotencyKey: randomUUID(),
          cartId: cart.id,
          cart: { version: cart.version, pricesHash: cart.pricesHash },
          paymentMethodCode: 'invoice',
        },
      });
      const { order } = (await response.json()) as { order: { id: string } };
      return localePath(locale, `/checkout/thank-you/${order.id}`);
    }
    case 'category':
      return firstLink(page, localePath(locale, '/'), /\/c\//);
    case 'product':
      return firstLink(page, await firstLink(page, localePath(locale, '/'), /\/c\//), /\/p\/\d+\//);
    case 'search':
      return `${localePath(locale, '/search-details')}?term=bohr`;
    case 'content':
      return localePath(locale, '/i/agb');
    case 'checkout':
      return localePath(locale, '/checkout');
    case 'my items': {
      // A contract buyer: the customer with a price list of their own (signed in through the API).
      const response = await request.post('/api/auth/login', {
        data: { username: DEMO_FIXTURES.customers.acme.email, password: DEMO_FIXTURES.password },
        headers: newClient(),
      });
      expect(response.ok(), await response.text()).toBe(true);
      // The price list itself, not the sign-in prompt a guest gets at this address.
      const path = localePath(locale, '/my-account/my-items');
      expect(await (await request.get(path)).text()).toContain('class="my-items-form"');
      return path;
    }
    case 'quick order':
      return localePath(locale, '/quick-order');
    case 'workspace sign-in':
      // The workspace speaks German and English, chosen by `lang` (not by the shop's locale prefix).
      return `/admin/sign-in?lang=${locale}`;
    default:
      if (type in WORKSPACE_PAGES) {
        const { path, who } = WORKSPACE_PAGES[type]!;
        const { email, password } = DEMO_FIXTURES.staff[who];
        const response = await request.post('/api/admin/sign-in', { data: { email, password }, headers: newClient() });
        expect(response.ok(), await response.text()).toBe(true);
        return `${path}${path.includes('?') ? '&' : '?'}lang=${locale}`;
      }
      return localePath(locale, '/');
  }
}

test.describe('byte budgets', () => {
  for (const locale of ['de', 'en'] as const) {
    for (const [type, budget] of Object.entries(BUDGETS)) {
      test(`${locale} ${type}: HTML ≤ ${budget.html} KB, JS ≤ ${budget.js} KB, CSS ≤ ${budget.css} KB before interaction (brotli)`, async ({
        page,
        browser,
      }) => {
        // A first visit: a browser context of its own, nothing cached, the consent already decided.
        const context = await browser.newContext({ baseURL: BASE_URL });
        await preDecideConsent(context);
        const path = await pathOf(page, type, locale, context.request);
        const files = await downloads(await context.newPage(), path);
        await context.close();
        for (const kind of ['html', 'js', 'css'] as const) {
          const mine = files.filter((f) => f.kind === kind).sort((a, b) => b.bytes - a.bytes);
          const total = kb(mine.reduce((n, f) => n + f.bytes, 0));
          const listing = mine.map((f) => `${kb(f.bytes).toFixed(1).padStart(6)} KB  ${f.url}`).join('\n');
          console.log(`${locale} ${type} ${kind}: ${total} KB in ${mine.length} files`);
          expect
            .soft(total, `${locale} ${type}: ${kind} is ${total} KB, over its ${budget[kind]} KB budget:\n${listing}`)
            .toBeLessThanOrEqual(budget[kind]);
        }
      });
    }
  }

  for (const locale of ['de', 'en'] as const) {
    for (const [type, most] of Object.entries(REQUESTS_BEFORE_LCP)) {
      test(`${locale} ${type}: the largest contentful paint waits for at most ${most} requests on a throttled phone`, async ({
        page,
        browser,
      }) => {
        const path = await pathOf(page, type, locale);
        const context = await browser.newContext({
          baseURL: BASE_URL,
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
        });
        await preDecideConsent(context);
        const phone = await context.newPage();
        const cdp = await context.newCDPSession(phone);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 150,
          downloadThroughput: (1.6 * 1024 * 1024) / 8,
          uploadThroughput: (750 * 1024) / 8,
        });
        await phone.goto(path, { waitUntil: 'load' });
        const { lcp, critical, beside } = await phone.evaluate(
          () =>
            new Promise<{ lcp: string; critical: string[]; beside: string[] }>((resolve) => {
              new PerformanceObserver((list) => {
                const entry = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null; url?: string };
                const started = performance
                  .getEntriesByType('resource')
                  .filter((r) => r.startTime < entry.startTime) as PerformanceResourceTiming[];
                // Stylesheets and scripts (link, script) and what stylesheets load (fonts: css) hold the paint up.
                const holds = (r: PerformanceResourceTiming) =>
                  ['link', 'script', 'css'].includes(r.initiatorType) || r.name === entry.url;
                const path = (r: PerformanceResourceTiming) => new URL(r.name).pathname;
                resolve({
                  lcp: `${Math.round(entry.startTime)} ms, ${entry.element?.tagName.toLowerCase() ?? '?'}`,
                  critical: [location.pathname, ...started.filter(holds).map(path)],
                  beside: started.filter((r) => !holds(r)).map(path),
                });
              }).observe({ type: 'largest-contentful-paint', buffered: true });
            }),
        );
        await context.close();
        console.log(
          `${locale} ${type}: ${critical.length} requests before LCP that it waits for, ${beside.length} beside (${lcp})`,
        );
        expect(
          critical.length,
          `${locale} ${type}: requests the LCP (${lcp}) waits for:\n${critical.join('\n')}`,
        ).toBeLessThanOrEqual(most);
      });
    }
  }

  test(`a product page loads at most ${PRODUCT_JS_AFTER_INTERACTION} KB of JavaScript once every island is in use (brotli)`, async ({
    page,
    browser,
  }) => {
    const path = await pathOf(page, 'product', 'de');
    const context = await browser.newContext({ baseURL: BASE_URL });
    await preDecideConsent(context);
    const files = await downloads(await context.newPage(), path, useEveryIsland);
    await context.close();
    const js = total(files, 'js');
    console.log(`de product js after interaction: ${js} KB in ${files.filter((f) => f.kind === 'js').length} files`);
    expect(js).toBeLessThanOrEqual(PRODUCT_JS_AFTER_INTERACTION);
  });
});
