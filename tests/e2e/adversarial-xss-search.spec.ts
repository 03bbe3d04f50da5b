// Cross-site scripting through the search term, in Chromium against the built shop: every payload of
// xss-payloads.ts as a term in the search overlay and on the search page (and so in its <title>). None
// may run, none may become markup, and every payload must be shown. (The other places:
// adversarial-xss.spec.ts.)
import type { Page } from '@playwright/test';
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

/** The longest term the search takes (the field's maxlength and the contract's). */
const TERM_LENGTH = 200;
/** Search pages loaded side by side: a few tabs of one shopper. */
const TABS = 3;

test('search page: the term in the page and its title', async ({ page, context }) => {
  const probe = new XssProbe(shop.base);
  await probe.watch(context);
  const terms = bundles(TERM_LENGTH, XSS_PAYLOADS);
  const tabs: Page[] = [page, ...await Promise.all(Array.from({ length: TABS - 1 }, () => context.newPage()))];
  let next = 0;
  await Promise.all(tabs.map(async (tab) => {
    while (next < terms.length) {
      const term = terms[next++]!;
      await probe.visit(tab, `/search-details?term=${encodeURIComponent(term)}`, (p) => waitForIslands(p));
    }
  }));
  probe.verify(true);
});

test('search overlay: the term as typed, its suggestions and "did you mean"', async ({ page, context }) => {
  const probe = new XssProbe(shop.base);
  await probe.watch(context);
  const terms = bundles(TERM_LENGTH, XSS_PAYLOADS);
  const tabs: Page[] = [page, ...await Promise.all(Array.from({ length: TABS - 1 }, () => context.newPage()))];
  let next = 0;
  await Promise.all(tabs.map(async (tab) => {
    await probe.visit(tab, '/', (p) => waitForIslands(p));
    const field = tab.getByRole('banner').getByRole('combobox', { name: msg('de', 'header.search') });
    await wake(field);
    while (next < terms.length) {
      const term = terms[next++]!;
      const answered = tab.waitForResponse((r) => r.url().endsWith('/api/catalog/search'));
      await field.fill(term);
      await answered;
      await expect(tab.getByRole('dialog', { name: msg('de', 'search.results') }).getByRole('status').first()).not.toHaveText(msg('de', 'search.loading'));
      await probe.inspect(tab, `search overlay "${term.slice(0, 40)}…"`);
    }
  }));
  probe.verify(true);
});
