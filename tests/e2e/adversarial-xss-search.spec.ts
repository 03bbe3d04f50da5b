// Cross-site scripting through the search term, in Chromium against the built shop: every payload of
// xss-payloads.ts as a term in the search overlay and on the search page (and so in its <title>). None
// may run, none may become markup, and every payload must be shown. (The other places:
// adversarial-xss.spec.ts.)
import type { BrowserContext, Page } from '@playwright/test';
import { MAX_TERM_LENGTH } from '#lib/search/term.ts';
import { startOwnShop, type OwnShop } from '#tests/adversarial/own-shop.ts';
import { bundles, XSS_PAYLOADS } from '#tests/adversarial/xss-payloads.ts';
import { XssProbe } from '#tests/adversarial/xss-check.ts';
import { expect, msg, test, waitForIslands, wake } from './helpers.ts';

let shop: OwnShop;

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  shop = await startOwnShop();
});

test.afterAll(async () => {
  await shop?.stop();
});

/** Search pages loaded side by side: a few tabs of one shopper. */
const TABS = 3;

/**
 * Every payload bundle, as terms of the longest length the search takes, worked through by TABS tabs
 * of one shopper: `prepare` once per tab, then `visit` for each term the tab takes next.
 */
async function inTabs(
  page: Page,
  context: BrowserContext,
  prepare: (tab: Page) => Promise<void>,
  visit: (tab: Page, term: string) => Promise<void>,
) {
  const terms = bundles(MAX_TERM_LENGTH, XSS_PAYLOADS);
  const tabs: Page[] = [page, ...(await Promise.all(Array.from({ length: TABS - 1 }, () => context.newPage())))];
  let next = 0;
  await Promise.all(
    tabs.map(async (tab) => {
      await prepare(tab);
      while (next < terms.length) await visit(tab, terms[next++]!);
    }),
  );
}

test('search page: the term in the page and its title', async ({ page, context }) => {
  const probe = new XssProbe(shop.base);
  await probe.watch(context);
  await inTabs(
    page,
    context,
    async () => {},
    (tab, term) => probe.visit(tab, `/search-details?term=${encodeURIComponent(term)}`, (p) => waitForIslands(p)),
  );
  probe.verify(true);
});

test('search overlay: the term as typed, its suggestions and "did you mean"', async ({ page, context }) => {
  const probe = new XssProbe(shop.base);
  await probe.watch(context);
  const field = (tab: Page) => tab.getByRole('banner').getByRole('combobox', { name: msg('de', 'header.search') });
  await inTabs(
    page,
    context,
    async (tab) => {
      await probe.visit(tab, '/', (p) => waitForIslands(p));
      await wake(field(tab));
    },
    async (tab, term) => {
      const answered = tab.waitForResponse((r) => r.url().endsWith('/api/catalog/search'));
      await field(tab).fill(term);
      await answered;
      await expect(
        tab
          .getByRole('dialog', { name: msg('de', 'search.results') })
          .getByRole('status')
          .first(),
      ).not.toHaveText(msg('de', 'search.loading'));
      await probe.inspect(tab, `search overlay "${term.slice(0, 40)}…"`);
    },
  );
  probe.verify(true);
});
