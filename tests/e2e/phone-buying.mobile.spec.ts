// Buying on a phone (390 × 844): what a buyer needs is on the first screen of a product page (name,
// item number, price, quantity, 'Add to cart', above the bottom navigation), a listing shows two
// products a row, My Items' list fits the screen without sideways scrolling, and the header of a
// signed-in customer keeps to one row.
import type { Locator, Page } from '@playwright/test';
import { expect, localePath, msg, open, test, type Locale } from './helpers.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

const P = DEMO_FIXTURES.products;

async function productPath(page: Page, sku: string, locale: Locale): Promise<string> {
  const response = await page.request.post('/api/catalog/search', { data: { keyword: sku, locale, limit: 10 } });
  const hit = ((await response.json()) as { data: { id: number; sku: string; slug: string }[] }).data.find(
    (p) => p.sku === sku,
  );
  if (!hit) throw new Error(`fixture ${sku} not found`);
  return localePath(locale, `/p/${hit.id}/${hit.slug}`);
}

/** The visible screen above the phone's bottom navigation. */
async function firstScreenBottom(page: Page): Promise<number> {
  const nav = await page.locator('.bottom-nav').boundingBox();
  return nav ? nav.y : page.viewportSize()!.height;
}

async function expectOnFirstScreen(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.y, `${what} starts on the screen`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what} ends above the bottom navigation`).toBeLessThanOrEqual(
    await firstScreenBottom(page),
  );
}

for (const locale of ['de', 'en'] as const) {
  test(`${locale}: a product's name, item number, price, quantity and Add to cart are on the first screen`, async ({
    page,
  }) => {
    await open(page, await productPath(page, P.available, locale));
    const buyBox = page.locator('.buy-box');
    await expectOnFirstScreen(page, page.getByRole('heading', { level: 1 }), 'the name');
    await expectOnFirstScreen(
      page,
      page.locator('.product-facts').getByText(msg(locale, 'catalog.itemNo')),
      'the item number',
    );
    await expectOnFirstScreen(page, buyBox.locator('.price').first(), 'the price');
    await expectOnFirstScreen(page, buyBox.getByRole('spinbutton'), 'the quantity');
    await expectOnFirstScreen(
      page,
      buyBox.getByRole('button', { name: msg(locale, 'catalog.addToCart') }),
      'Add to cart',
    );
    // The pictures follow, and the way back to the category stays one line.
    const gallery = await page.locator('.gallery').boundingBox();
    expect(gallery!.y).toBeGreaterThan((await buyBox.boundingBox())!.y);
    const crumbs = page.getByRole('navigation', { name: msg(locale, 'catalog.breadcrumbs') });
    expect((await crumbs.boundingBox())!.height).toBeLessThan(40);
  });

  test(`${locale}: a category lists two products a row`, async ({ page }) => {
    await open(page, localePath(locale, '/'));
    const tile = page
      .getByRole('region', { name: msg(locale, 'search.categories') })
      .getByRole('link')
      .first();
    await open(page, (await tile.getAttribute('href'))!);
    const cards = page.locator('.product-grid > li');
    const [first, second, third] = await Promise.all([0, 1, 2].map((i) => cards.nth(i).boundingBox()));
    expect(second!.y).toBe(first!.y);
    expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
    expect(third!.y).toBeGreaterThan(first!.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}

for (const locale of ['de', 'en'] as const) {
  test(`${locale}: signed in, the header keeps logo, My Items, account, wishlist, cart, currency and language in one row`, async ({
    page,
  }) => {
    const response = await page.request.post('/api/auth/login', {
      data: { username: DEMO_FIXTURES.customers.acme.email, password: DEMO_FIXTURES.password },
    });
    expect(response.ok()).toBe(true);
    await open(page, localePath(locale, '/'));
    const banner = page.getByRole('banner');
    const myItems = banner.getByRole('link', { name: msg(locale, 'header.myItems') });
    await expect(myItems).toBeVisible();
    const rowOf = async (locator: Locator) => {
      const box = (await locator.boundingBox())!;
      return box.y + box.height / 2;
    };
    const logo = await rowOf(banner.locator('.logo'));
    for (const part of [
      myItems,
      banner.locator('.locale-selector summary'),
      banner.locator('.currency-selector summary'),
    ])
      expect(Math.abs((await rowOf(part)) - logo)).toBeLessThan(12);
  });
}

test("de: My Items' list view fits the screen: price, quantity and Add to cart without sideways scrolling", async ({
  page,
}) => {
  const response = await page.request.post('/api/auth/login', {
    data: { username: DEMO_FIXTURES.customers.acme.email, password: DEMO_FIXTURES.password },
  });
  expect(response.ok()).toBe(true);
  await open(page, `${localePath('de', '/my-account/my-items')}?view=list`);
  const table = page.getByRole('table', { name: msg('de', 'account.MyItems') });
  const wrap = page.locator('.order-list-wrap');
  expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  const row = table.locator('tbody tr').first();
  for (const part of [
    row.locator('.my-items-col-price'),
    row.getByRole('spinbutton'),
    row.getByRole('button', { name: msg('de', 'catalog.addToCart') }),
  ]) {
    const box = await part.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }
});
