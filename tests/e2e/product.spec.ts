// Product pages /p/{id}/{slug}: header, gallery viewer, buy box with live
// availability, variants, recently viewed, recommendations, and a static HTML with only the public price.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  LOCALES,
  SELF_HYDRATING_PENDING,
  escapeRegExp,
  expect,
  expectNoA11yViolations,
  localePath,
  msg,
  test,
  wake,
  type Locale,
} from './helpers.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

const P = DEMO_FIXTURES.products;

interface Found {
  id: number;
  sku: string;
  slug: string;
  name: string;
  itemnum: string;
}

/** The product's page path in a locale, found the way a shopper would: searching its SKU. */
async function find(request: APIRequestContext, sku: string, locale: Locale): Promise<Found & { path: string }> {
  const response = await request.post('/api/catalog/search', { data: { keyword: sku, locale, limit: 10 } });
  expect(response.ok(), `search for ${sku}`).toBe(true);
  const { data } = (await response.json()) as { data: Found[] };
  const hit = data.find((p) => p.sku === sku);
  if (!hit) throw new Error(`fixture ${sku} not found by search`);
  return { ...hit, path: localePath(locale, `/p/${hit.id}/${hit.slug}`) };
}

/**
 * helpers.ts open()/waitForIslands() with more patience: with two shared cores busy building, idle
 * hydration has been seen to take longer than the default 5s expect timeout.
 */
async function waitForIslands(page: Page, island?: string): Promise<void> {
  const pending = island ? `astro-island[ssr][component-export="${island}"]` : SELF_HYDRATING_PENDING;
  await expect(page.locator(pending)).toHaveCount(0, { timeout: 20_000 });
}

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForIslands(page);
  return response;
}

const buyBox = (page: Page) => page.locator('form.buy-box');
const mainAvailability = (page: Page) => buyBox(page).locator('.buy-box-availability');
const quantity = (page: Page, locale: Locale) =>
  buyBox(page).getByRole('spinbutton', { name: msg(locale, 'catalog.quantity') });

/**
 * The live carousel. It renders on the client over a static copy (client:only with a fallback), and
 * Astro marks it hydrated before React has swapped the copy out; a loaded price shows only in the live one.
 */
async function liveCarousel(page: Page, locale: Locale) {
  const region = page.getByRole('region', { name: msg(locale, 'catalog.recommended') });
  await expect(region.locator('.price:not(.price-loading)').first()).toBeAttached({ timeout: 15_000 });
  await region.scrollIntoViewIfNeeded();
  return region;
}

/** Opens a product page and waits until its live prices and stock have arrived. */
async function openProduct(page: Page, path: string, locale: Locale) {
  const response = await open(page, path);
  await expect(mainAvailability(page)).not.toContainText(msg(locale, 'availability.loading'), { timeout: 15_000 });
  return response;
}

test.describe('product page', () => {
  for (const locale of ['de', 'en'] as const) {
    test(`${locale}: header, breadcrumbs, buy box and structured page`, async ({ page, request }) => {
      const product = await find(request, P.available, locale);
      const response = await openProduct(page, product.path, locale);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      // The product page title is the product with its item number (variants share names), no route name;
      // brand and shop name follow while the title stays within 60 characters.
      await expect(page).toHaveTitle(
        new RegExp(`^${escapeRegExp(product.name)} .*${escapeRegExp(product.itemnum)}( \\| .+)?$`),
      );
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
      const itemNo = page.locator('.product-facts [data-attribute="itemnum"]');
      await expect(itemNo.locator('dt')).toHaveText(msg(locale, 'catalog.itemNo'));
      await expect(itemNo.locator('dd')).toHaveText(product.itemnum);
      // Header attributes from the attributes setting (brand, manufacturer number).
      await expect(page.locator('.product-facts [data-attribute="brand"] dd')).not.toBeEmpty();

      const crumbs = page.getByRole('navigation', { name: msg(locale, 'catalog.breadcrumbs') }).getByRole('link');
      expect(await crumbs.count()).toBeGreaterThanOrEqual(2);
      const hrefs = await crumbs.evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
      expect(hrefs[0]).toBe(localePath(locale, '/'));
      for (const href of hrefs.slice(1))
        expect(href).toMatch(new RegExp(`^${escapeRegExp(localePath(locale, '/c/'))}`));

      await expect(mainAvailability(page)).toHaveText(msg(locale, 'availability.available'));
      await expect(buyBox(page).locator('.buy-box-price .price')).toBeVisible();
      await expect(buyBox(page).getByRole('button', { name: msg(locale, 'catalog.addToCart') })).toBeEnabled();
      await expect(page.getByRole('heading', { name: msg(locale, 'catalog.productProperties') })).toBeVisible();
      await expect(page.getByRole('heading', { name: msg(locale, 'catalog.included') })).toBeVisible();
      await expect(page.locator('.included-items li')).toHaveCount(3);
    });
  }

  test('gallery: the full-screen viewer opens, pages with buttons and arrow keys, closes with Escape', async ({
    page,
    request,
  }) => {
    const locale = 'de';
    const product = await find(request, P.available, locale);
    await open(page, product.path);
    const stage = page.getByRole('button', { name: msg(locale, 'catalog.enlargeImage'), exact: true });
    const thumbs = page.locator('.gallery-thumb');
    const count = await thumbs.count();
    expect(count).toBeGreaterThanOrEqual(2);

    // Keyboard only: focus the stage, open with Enter.
    await stage.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: product.name });
    await expect(viewer).toBeVisible();
    await expect(viewer).toContainText(msg(locale, 'catalog.imageOf', { index: 1, count }));
    await expect(viewer.getByRole('button', { name: msg(locale, 'catalog.closeImage') })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(viewer).toContainText(msg(locale, 'catalog.imageOf', { index: 2, count }));
    await viewer.getByRole('button', { name: msg(locale, 'catalog.previousImage') }).click();
    await expect(viewer).toContainText(msg(locale, 'catalog.imageOf', { index: 1, count }));
    await page.keyboard.press('ArrowLeft');
    await expect(viewer).toContainText(msg(locale, 'catalog.imageOf', { index: count, count }));

    // Focus is trapped: tabbing round never leaves the dialog.
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Tab');
      expect(await viewer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await expectNoA11yViolations(page, { include: '.gallery-viewer' });

    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(stage).toBeFocused();
    // The image shown last in the viewer stays on the stage.
    await expect(thumbs.nth(count - 1)).toHaveAttribute('aria-current', 'true');

    // A thumbnail picks the stage image.
    await thumbs.first().click();
    await expect(thumbs.first()).toHaveAttribute('aria-current', 'true');
    // The same picture, in the stage's larger rendition.
    const picture = (src: string | null) => (src ?? '').replace(/\.w\d+\.\w+(?=\?|$)/, '');
    expect(picture(await stage.locator('img').getAttribute('src'))).toBe(
      picture(await thumbs.first().locator('img').getAttribute('src')),
    );
  });

  test('image properties enlarge in a modal', async ({ page, request }) => {
    const locale = 'en';
    const product = await find(request, P.available, locale);
    await open(page, product.path);
    const trigger = page.locator('.property-image').first();
    await trigger.scrollIntoViewIfNeeded();
    await waitForIslands(page, 'ImagePropertyModal');
    const label = (await page.locator('.property-image-label').first().innerText()).trim();
    await expect(trigger).toHaveAccessibleName(msg(locale, 'catalog.enlargeImageOf', { name: label }));
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: label });
    await expect(dialog.locator('img')).toHaveAttribute('width', '600');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  for (const locale of ['de', 'en'] as const) {
    test(`${locale}: availability follows the wanted quantity and the chosen accessories`, async ({
      page,
      request,
    }) => {
      const available = await find(request, P.available, locale);
      await openProduct(page, available.path, locale);
      const accessories = page.getByRole('group', { name: msg(locale, 'catalog.accessories') });
      await expect(accessories.getByRole('checkbox')).toHaveCount(P.accessories.length);
      const accessory = await find(request, P.accessories[0], locale);
      const box = accessories.getByRole('checkbox', { name: new RegExp(escapeRegExp(accessory.name)) });
      await expect(accessories.locator('.accessory').first()).toContainText(accessory.itemnum);
      await box.check();
      await quantity(page, locale).fill('3');
      await expect(mainAvailability(page)).toHaveText(msg(locale, 'availability.available'));
      await expect(accessories.locator('.accessory').first().locator('.availability')).toBeVisible();
      // Accessories show their live price as well.
      await expect(accessories.locator('.accessory').first().locator('.price')).toBeVisible();

      const limited = await find(request, P.limited, locale);
      await openProduct(page, limited.path, locale);
      await expect(mainAvailability(page)).toHaveText(msg(locale, 'availability.available'));
      await quantity(page, locale).fill('3');
      await expect(mainAvailability(page)).toHaveText(msg(locale, 'availability.limited'));
      await quantity(page, locale).fill('2');
      await expect(mainAvailability(page)).toHaveText(msg(locale, 'availability.available'));
      await quantity(page, locale).fill('8');
      await expect(mainAvailability(page)).toHaveText(msg(locale, 'availability.limit-overflow'));

      const notAvailable = await find(request, P.notAvailable, locale);
      await openProduct(page, notAvailable.path, locale);
      await expect(mainAvailability(page)).toHaveText(msg(locale, 'availability.not-available'));
    });
  }

  test('the quantity field falls back to one piece and add to cart keeps the shopper on the page', async ({
    page,
    request,
  }) => {
    const locale = 'en';
    const product = await find(request, P.limited, locale);
    await openProduct(page, product.path, locale);
    const field = quantity(page, locale);
    await expect(field).toHaveAttribute('min', '1');
    // Leaving the field is the live buy box's rule: reach for it first (buy-box-before-hydration.spec.ts
    // covers what happens before).
    await wake(field);
    await field.fill('');
    await expect(mainAvailability(page)).toHaveText(msg(locale, 'availability.available'));
    await field.blur();
    await expect(field).toHaveValue('1');
    await buyBox(page)
      .getByRole('button', { name: msg(locale, 'catalog.addToCart') })
      .click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(product.path)}$`));
  });

  test('static HTML: canonical, hreflang per locale slug, JSON-LD with the public price, no customer price', async ({
    request,
    baseURL,
  }) => {
    const slugs = Object.fromEntries(
      await Promise.all(LOCALES.map(async (l) => [l, await find(request, P.available, l)] as const)),
    );
    for (const locale of ['de', 'en'] as const) {
      const product = slugs[locale]!;
      const response = await request.get(product.path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const links = [...html.matchAll(/<link rel="(canonical|alternate)"(?: hreflang="([^"]+)")? href="([^"]+)"/g)].map(
        ([, rel, lang, href]) => ({ rel, lang, href }),
      );
      expect(links.filter((l) => l.rel === 'canonical').map((l) => l.href)).toEqual([
        new URL(product.path, baseURL).toString(),
      ]);
      const alternates = links.filter((l) => l.rel === 'alternate');
      expect(alternates).toHaveLength(6);
      for (const l of LOCALES) {
        // Each language links its own slug, not the page's.
        expect(alternates.filter((a) => a.lang?.startsWith(l)).map((a) => a.href)).toEqual([
          new URL(slugs[l]!.path, baseURL).toString(),
        ]);
      }
      expect(alternates.find((a) => a.lang === 'x-default')?.href).toBe(new URL(slugs.de!.path, baseURL).toString());

      const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
        (m) => JSON.parse(m[1]!) as Record<string, unknown>,
      );
      const productLd = ld.find((d) => d['@type'] === 'Product');
      expect(productLd).toMatchObject({ name: product.name, sku: P.available, mpn: product.itemnum });
      expect(productLd).toHaveProperty('brand.name');
      expect(productLd).toHaveProperty('description');
      expect((productLd?.image as string[])[0]).toMatch(/^https?:\/\//);
      expect(ld.find((d) => d['@type'] === 'BreadcrumbList')).toBeTruthy();

      // Guests may see prices in the demo shop: the Offer carries the public price, and no customer's
      // own price is anywhere in the page everybody is served.
      const { EUR, acmeEUR } = DEMO_FIXTURES.prices.available;
      const amount = (cents: number) => [Math.floor(cents / 100), String(cents % 100).padStart(2, '0')] as const;
      expect(productLd).toHaveProperty(
        'offers',
        expect.objectContaining({
          '@type': 'Offer',
          price: amount(EUR).join('.'),
          priceCurrency: 'EUR',
          url: new URL(product.path, baseURL).toString(),
        }),
      );
      const [whole, fraction] = amount(acmeEUR);
      expect(html).not.toContain(`${whole},${fraction}`);
      expect(html).not.toContain(`${whole}.${fraction}`);
    }
  });

  test('a guest needs no price request: buy box, accessories and carousel show the public prices of the HTML', async ({
    page,
    request,
  }) => {
    const product = await find(request, P.available, 'de');
    const priceRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/catalog/prices')) priceRequests.push(r.postData() ?? '');
    });
    await openProduct(page, product.path, 'de');
    const carousel = await liveCarousel(page, 'de');
    await expect(carousel.locator('.product-card').first().locator('.price')).toBeVisible();
    await expect(buyBox(page).locator('.buy-box-price .price')).toContainText('188,99');
    // Reaching for the buy box hydrates it; its prices stay the public ones, still without a request.
    await buyBox(page).getByRole('spinbutton').focus();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(priceRequests).toEqual([]);
  });

  test('a signed-in customer gets exactly one price request per page load, covering buy box, accessories and carousel', async ({
    page,
    request,
  }) => {
    const product = await find(request, P.available, 'de');
    const acme = DEMO_FIXTURES.customers.acme;
    expect(
      (await page.request.post('/api/auth/login', { data: { username: acme.email, password: acme.password } })).ok(),
    ).toBe(true);
    const priceRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/catalog/prices')) priceRequests.push(r.postData() ?? '');
    });
    await openProduct(page, product.path, 'de');
    const carousel = await liveCarousel(page, 'de');
    await waitForIslands(page);
    await expect(carousel.locator('.product-card').first().locator('.price')).toBeVisible();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(priceRequests).toHaveLength(1);
    const skus = (JSON.parse(priceRequests[0]!) as { skus: string[] }).skus;
    expect(skus).toEqual(expect.arrayContaining([P.available, ...P.accessories]));
  });

  test('recommended carousel: title, up to 20 others, previous/next buttons', async ({ page, request }) => {
    const locale = 'en';
    const product = await find(request, P.available, locale);
    await open(page, product.path);
    const carousel = await liveCarousel(page, locale);
    await waitForIslands(page);
    const cards = carousel.locator('.carousel-item');
    const n = await cards.count();
    expect(n).toBeGreaterThanOrEqual(1);
    expect(n).toBeLessThanOrEqual(20);
    await expect(carousel.getByRole('link', { name: product.name, exact: true })).toHaveCount(0);
    const previous = carousel.getByRole('button', { name: msg(locale, 'catalog.previousProducts') });
    const next = carousel.getByRole('button', { name: msg(locale, 'catalog.nextProducts') });
    await expect(previous).toBeDisabled();
    if (n > 4) {
      const track = carousel.locator('.carousel-track');
      await next.click();
      await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      await expect(previous).toBeEnabled();
    }
  });

  test('below 1024px the carousel shows two cards and 16px of the next one', async ({ page, request }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    const product = await find(request, P.available, 'de');
    await open(page, product.path);
    const track = (await liveCarousel(page, 'de')).locator('.carousel-track');
    const geometry = await track.evaluate((el) => {
      const items = [...el.children].map((c) => c.getBoundingClientRect());
      const box = el.getBoundingClientRect();
      const visible = items.filter((r) => r.left < box.right - 1).length;
      return {
        width: box.width,
        item: items[0]!.width,
        gap: items[1]!.left - items[0]!.right,
        visible,
        count: items.length,
      };
    });
    test.skip(geometry.count < 3, 'not enough recommendations to scroll');
    expect(geometry.visible).toBe(3);
    // Two whole cards, their gaps, and a 16px peek fill the row.
    expect(Math.abs(2 * geometry.item + 2 * geometry.gap + 16 - geometry.width)).toBeLessThanOrEqual(1);
  });

  test('the heart adds the product to the wishlist and removes it again', async ({ page, request }) => {
    const locale = 'en';
    const product = await find(request, P.available, locale);
    await open(page, product.path);
    const header = page.getByRole('banner');
    await page.getByRole('button', { name: msg(locale, 'wishlist.add') }).click();
    await expect(page.getByRole('button', { name: msg(locale, 'wishlist.removeFrom') })).toBeVisible();
    await expect(
      header.getByRole('button', { name: new RegExp(`^${escapeRegExp(msg(locale, 'header.wishlist'))}, 1 `) }),
    ).toBeVisible();
    await page.getByRole('button', { name: msg(locale, 'wishlist.removeFrom') }).click();
    await expect(page.getByRole('button', { name: msg(locale, 'wishlist.add') })).toBeVisible();
  });

  test('a signed-in customer sees their own price list on the same static page', async ({ page, request }) => {
    const product = await find(request, P.available, 'de');
    await openProduct(page, product.path, 'de');
    const price = buyBox(page).locator('.buy-box-price .price');
    // The public price for everybody first (18899 cents in the demo's base list).
    await expect(price).toContainText('188,99');
    const acme = DEMO_FIXTURES.customers.acme;
    const login = await page.request.post('/api/auth/login', {
      data: { username: acme.email, password: acme.password },
    });
    expect(login.ok()).toBe(true);
    // The same static page, now priced for the customer by the live price request.
    await page.reload();
    await waitForIslands(page);
    await expect(price).toContainText('164,99');
  });

  test('unknown product id gives 404 in the page language', async ({ page }) => {
    for (const locale of ['de', 'en'] as const) {
      const response = await page.goto(localePath(locale, '/p/99999999/nothing-here'));
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(locale, 'error.notFound.title'));
    }
  });

  test('variant links lead to each variant and mark the one on show', async ({ page, request }) => {
    const locale = 'de';
    const parent = await find(request, P.variantParent, locale);
    await open(page, parent.path);
    const nav = page.getByRole('navigation', { name: msg(locale, 'catalog.variants') });
    const links = nav.getByRole('link');
    await expect(links).toHaveCount(P.variants.length);
    const variant = await find(request, P.variants[1], locale);
    await links.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(variant.path)}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(variant.name);
    // A variant page offers its siblings, with itself marked current.
    await expect(page.getByRole('navigation', { name: msg(locale, 'catalog.variants') }).getByRole('link')).toHaveCount(
      P.variants.length,
    );
    await expect(page.locator('.variant-links a[aria-current="page"]')).toHaveAttribute('href', variant.path);
  });

  test('recently viewed shows the product visited before, not the current one', async ({ page, request }) => {
    const locale = 'de';
    const first = await find(request, P.limited, locale);
    const second = await find(request, P.notAvailable, locale);
    await open(page, first.path);
    await expect(page.getByRole('heading', { name: msg(locale, 'catalog.recentlyViewed') })).toHaveCount(0);
    await open(page, second.path);
    // The list loads when its place at the end of the page comes into view.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    const recent = page.getByRole('region', { name: msg(locale, 'catalog.recentlyViewed') });
    await expect(recent.getByRole('link')).toHaveCount(1);
    await expect(recent.getByRole('link')).toHaveAttribute('href', first.path);
    await expect(recent).toContainText(first.name);
    // Visiting the first again moves it to the front: now the second one is listed.
    await open(page, first.path);
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(
      page.getByRole('region', { name: msg(locale, 'catalog.recentlyViewed') }).getByRole('link'),
    ).toHaveAttribute('href', second.path);
  });

  for (const locale of ['de', 'en'] as const) {
    test(`${locale}: no accessibility violations`, async ({ page, request }) => {
      const product = await find(request, P.available, locale);
      await openProduct(page, product.path, locale);
      await liveCarousel(page, locale);
      await waitForIslands(page);
      await expectNoA11yViolations(page);
    });
  }
});
