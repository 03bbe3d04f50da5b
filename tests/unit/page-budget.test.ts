// Which budget a page render spends from, and the 429 page a client gets beyond it.
import { beforeEach, describe, expect, test } from 'vitest';

// The suite switches budgets off for in-process calls (vitest.config.ts); this file tests them.
process.env.RATE_LIMIT_SCALE = '1';
const { BUDGETS, resetBudgets } = await import('#lib/server/client-budget.ts');
const { pageBudget, spendOnPage, tooManyRequestsPage } = await import('#lib/server/page-budget.ts');

beforeEach(() => resetBudgets());

const client = (address: string) => ({ request: new Request('http://shop.test/'), clientAddress: address });

describe('pageBudget', () => {
  test('the search page spends the search budget, other pages the catalogue budget, in every language', () => {
    expect(pageBudget('GET', '/search-details')).toBe(BUDGETS.search);
    expect(pageBudget('GET', '/en/search-details')).toBe(BUDGETS.search);
    expect(pageBudget('HEAD', '/fr/search-details')).toBe(BUDGETS.search);
    expect(pageBudget('GET', '/en/c/tools')).toBe(BUDGETS.catalog);
    expect(pageBudget('GET', '/p/akkuschrauber/ASR-1')).toBe(BUDGETS.catalog);
    expect(pageBudget('GET', '/no-such-page')).toBe(BUDGETS.catalog);
  });

  test('the API (its own budgets), images, the workspace and writes spend nothing here', () => {
    expect(pageBudget('GET', '/api/catalog/products')).toBeNull();
    expect(pageBudget('GET', '/images/product/x.webp')).toBeNull();
    expect(pageBudget('GET', '/admin')).toBeNull();
    expect(pageBudget('POST', '/cart/add')).toBeNull();
  });
});

describe('spendOnPage', () => {
  test('a client that spent the search budget on the search page waits; the catalogue and other clients do not', () => {
    // A few more than the burst: the bucket refills while the loop runs.
    const waits = Array.from({ length: BUDGETS.search.burst + 20 }, () =>
      spendOnPage('GET', '/en/search-details', client('198.51.100.1')),
    );
    expect(waits.slice(0, BUDGETS.search.burst).every((w) => w === 0)).toBe(true);
    expect(waits.at(-1)).toBeGreaterThan(0);
    expect(spendOnPage('GET', '/en/c/tools', client('198.51.100.1'))).toBe(0);
    expect(spendOnPage('GET', '/en/search-details', client('198.51.100.2'))).toBe(0);
  });
});

describe('tooManyRequestsPage', () => {
  test('speaks the language of the path, says when to come back, and is kept by no cache', async () => {
    const en = await tooManyRequestsPage('/en/search-details', 7);
    expect(en.status).toBe(429);
    expect(en.headers.get('retry-after')).toBe('7');
    expect(en.headers.get('cache-control')).toBe('no-store');
    const html = await en.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Too many requests');
    expect(html).toContain('href="/en"');
    expect(await (await tooManyRequestsPage('/search-details', 1)).text()).toContain('Zu viele Anfragen');
  });
});
