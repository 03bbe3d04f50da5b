// Shopper experience (issue 11): the selling home page, the status codes and error pages of the order
// pages and of malformed or legacy addresses, the language switch keeping the query, localised
// weights, and the bank details of an invoice order.
import type { APIRequestContext } from '@playwright/test';
import { choose, expect, expectNoA11yViolations, localePath, msg, open, test, type Locale } from './helpers.ts';
import { guestToPayment, expectThankYou } from './checkout-flow.ts';
import { openMailbox } from './mailbox.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { INVOICE_SETTING } from '#lib/server/demo/home-content.ts';

const UNKNOWN_ORDER = '00000000-0000-4000-8000-000000000000';
const HOME_TEXTS = {
  en: {
    hero: 'Professional tools for every job site',
    cta: 'Discover power tools',
    usp: 'Pay by invoice',
    offers: 'Current offers',
    fresh: 'New in our range',
    tagline: 'ProTool Supply – tools, fixings and workshop equipment for professionals.',
  },
  de: {
    hero: 'Profi-Werkzeug für jede Baustelle',
    cta: 'Elektrowerkzeuge entdecken',
    usp: 'Kauf auf Rechnung',
    offers: 'Aktuelle Angebote',
    fresh: 'Neu im Sortiment',
    tagline: 'ProTool Supply – Werkzeuge, Befestigungstechnik und Werkstattausstattung für Profis.',
  },
} as const;

for (const locale of ['en', 'de'] as const) {
  test(`${locale}: the home page shows the hero, selling points, offers with live prices and new products`, async ({
    page,
  }) => {
    const texts = HOME_TEXTS[locale];
    await open(page, localePath(locale, '/'));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', texts.tagline);
    await expect(page.getByText(texts.tagline)).toBeVisible();
    const hero = page.getByRole('region', { name: texts.hero });
    await expect(hero.getByRole('heading', { level: 2, name: texts.hero })).toBeVisible();
    await expect(hero.getByRole('link', { name: texts.cta })).toHaveAttribute(
      'href',
      new RegExp(`^${localePath(locale, '/c/')}`),
    );
    const usps = page.getByRole('region', { name: msg(locale, 'home.usps') });
    await expect(usps.getByRole('listitem')).toHaveCount(4);
    await expect(usps).toContainText(texts.usp);

    const offers = page.getByRole('region', { name: texts.offers });
    await expect(offers.getByRole('listitem').first()).toBeVisible();
    await offers.scrollIntoViewIfNeeded();
    // Every offer has a special price: the live price shows it with the regular one struck through.
    await expect(offers.locator('.price-special').first()).toBeVisible({ timeout: 15_000 });
    await expect(offers.locator('.price-regular-struck').first()).toBeVisible();
    const fresh = page.getByRole('region', { name: texts.fresh });
    await expect(fresh.getByRole('listitem').first()).toBeVisible();
    const firstProduct = fresh.getByRole('heading', { level: 3 }).first().getByRole('link');
    await expect(firstProduct).toHaveAttribute('href', new RegExp(`^${localePath(locale, '/p/')}\\d+/`));
    await expectNoA11yViolations(page);
  });
}

test('the home page is cached with the tags of its blocks and of every product it shows', async ({ request }) => {
  const response = await request.get(localePath('en', '/'));
  const tags = (response.headers().xkey ?? '').split(' ');
  for (const block of ['home-hero', 'home-offers', 'home-new', 'home-recommendations', 'home-usps'])
    expect(tags).toContain(`k:block:${block}:en`);
  const shown = [...(await response.text()).matchAll(/href="\/en\/p\/(\d+)\//g)].map((m) => `p:${m[1]}`);
  expect(shown.length).toBeGreaterThan(0);
  for (const tag of shown) expect(tags).toContain(tag);
});

test('the desktop menu entry "Profi-Angebote" is translated in every other language', async ({ request }) => {
  // The menu island may move the entry under "More" once it measures the row: read the rendered HTML.
  for (const [locale, title] of [
    ['en', 'Pro deals'],
    ['fr', 'Offres pro'],
    ['de', 'Profi-Angebote'],
  ] as const) {
    const html = await (await request.get(localePath(locale, '/'))).text();
    expect(html, locale).toContain(`>${title}</a>`);
    if (locale !== 'de') expect(html, locale).not.toContain('Profi-Angebote');
  }
});

test.describe('status codes', () => {
  test('unknown order ids answer 404 with the error page on thank-you, pay and payment result', async ({ page }) => {
    for (const [locale, path] of [
      ['en', `/checkout/thank-you/${UNKNOWN_ORDER}`],
      ['de', `/pay/${UNKNOWN_ORDER}`],
      ['en', `/pay/${UNKNOWN_ORDER}/success`],
      ['de', `/order-payment/${UNKNOWN_ORDER}/paid`],
    ] as const) {
      const response = await page.goto(localePath(locale, path));
      expect(response?.status(), path).toBe(404);
      expect(response?.statusText(), path).toBe('Not Found');
      await expect(page.getByRole('heading', { level: 1, name: msg(locale, 'error.notFound.title') })).toBeVisible();
      await expect(page.getByText(msg(locale, 'pay.result.paid'))).toHaveCount(0);
    }
  });

  test('the router\'s own 404 has the status text "Not Found"', async ({ request }) => {
    const response = await request.get('/en/no/such/page/here');
    expect(response.status()).toBe(404);
    expect(response.statusText()).toBe('Not Found');
  });

  test('/favicon.ico leads to the branding favicon as a PNG', async ({ request }) => {
    const response = await request.get('/favicon.ico', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    const icon = await request.get(response.headers()['location']!);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/png');
  });

  test('a static file answers If-Modified-Since with 304 when unchanged, and If-None-Match takes precedence', async ({
    request,
  }) => {
    const path = '/brand/logo.svg';
    const first = await request.get(path);
    expect(first.status()).toBe(200);
    const lastModified = first.headers()['last-modified']!;
    const unchanged = await request.get(path, { headers: { 'if-modified-since': lastModified } });
    expect(unchanged.status()).toBe(304);
    expect((await unchanged.body()).length).toBe(0);
    expect(unchanged.headers()['cache-control']).toBe(first.headers()['cache-control']);
    const earlier = new Date(Date.parse(lastModified) - 3_600_000).toUTCString();
    expect((await request.get(path, { headers: { 'if-modified-since': earlier } })).status()).toBe(200);
    const otherTag = { 'if-modified-since': lastModified, 'if-none-match': 'W/"not-this-one"' };
    expect((await request.get(path, { headers: otherTag })).status()).toBe(200);
    expect((await request.get(path, { headers: { 'if-modified-since': 'yesterday' } })).status()).toBe(200);
  });

  test('a 404 page names no canonical or og:url (they would point crawlers at the address that failed)', async ({
    request,
  }) => {
    for (const path of ['/en/no/such/page/here', '/p/999999/nothing-here', '/c/no-such-category']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain('<meta name="robots" content="noindex, follow"');
      expect(html, path).not.toContain('rel="canonical"');
      expect(html, path).not.toContain('property="og:url"');
    }
    // An ordinary page still names both.
    const home = await (await request.get('/en')).text();
    expect(home).toContain('rel="canonical"');
    expect(home).toContain('property="og:url"');
  });

  for (const locale of ['en', 'de'] as const) {
    test(`${locale}: a malformed address gets the shop's 400 page in the path's language`, async ({ page }) => {
      const response = await page.goto(`${localePath(locale, '/')}${locale === 'de' ? '' : '/'}%ZZ`);
      expect(response?.status()).toBe(400);
      expect(response?.statusText()).toBe('Bad Request');
      await expect(page.getByRole('heading', { level: 1, name: msg(locale, 'error.badRequest.title') })).toBeVisible();
      await expect(page.getByText(msg(locale, 'error.badRequest.text'))).toBeVisible();
      await expect(page.getByRole('link', { name: msg(locale, 'error.returnHome') })).toHaveAttribute(
        'href',
        localePath(locale, '/'),
      );
    });
  }

  test('a malformed address of an API call gets the 400 in the error shape, not the page', async ({ request }) => {
    for (const path of ['/api/cart/get?a=%ZZ', '/api/auth/me?x=%E0%A4%A', '/api/wishlist?%uD800']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(400);
      expect(await response.json(), path).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    }
  });

  test('legacy PascalCase routes answer 301 to the canonical path, keeping locale prefix and query', async ({
    request,
  }) => {
    const redirects: [string, string][] = [
      ['/Checkout', '/checkout'],
      ['/en/MyAccount/OrderHistory', '/en/my-account/order-history'],
      ['/en/SearchDetails?term=drill', '/en/search-details?term=drill'],
      ['/fr/CmsPage/agb', '/fr/i/agb'],
    ];
    for (const [from, to] of redirects) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(response.headers().location, from).toBe(to);
    }
  });
});

test('the language selector keeps the search term', async ({ page }) => {
  await open(page, `${localePath('en', '/search-details')}?term=drill`);
  const selector = page.locator('.locale-selector');
  await selector.locator('summary').click();
  await expect(selector.getByRole('link', { name: 'Deutsch' })).toHaveAttribute(
    'href',
    /^\/search-details\?term=drill$/,
  );
  await expect(selector.getByRole('link', { name: 'Français' })).toHaveAttribute(
    'href',
    /^\/fr\/search-details\?term=drill$/,
  );
});

/** The product's page path, found the way a shopper would: searching its SKU. */
async function productPath(request: APIRequestContext, sku: string, locale: Locale): Promise<string> {
  const response = await request.post('/api/catalog/search', { data: { keyword: sku, locale, limit: 10 } });
  const { data } = (await response.json()) as { data: { id: number; sku: string; slug: string }[] };
  const hit = data.find((p) => p.sku === sku);
  if (!hit) throw new Error(`fixture ${sku} not found by search`);
  return localePath(locale, `/p/${hit.id}/${hit.slug}`);
}

for (const [locale, weight] of [
  ['en', /^\d+(\.\d+)?\s?kg$/],
  ['de', /^\d+(,\d+)?\s?kg$/],
] as const) {
  test(`${locale}: product weights are written the language's way`, async ({ page, request }) => {
    await open(page, await productPath(request, DEMO_FIXTURES.products.available, locale));
    const properties = page.getByRole('region', { name: msg(locale, 'catalog.productProperties') });
    const label = locale === 'en' ? 'Weight' : 'Gewicht';
    const value = properties
      .locator('.product-property')
      .filter({ has: page.getByRole('term').filter({ hasText: label }) })
      .getByRole('definition');
    await expect(value).toHaveText(weight);
  });
}

for (const locale of ['en', 'de'] as const) {
  test(`${locale}: an invoice order shows payment terms and bank details, and its payment page does not claim payment`, async ({
    page,
  }) => {
    test.slow();
    const mailbox = await openMailbox();
    const email = `invoice-${locale}-${Date.now()}@example.com`;
    try {
      await guestToPayment(page, locale, email);
      await choose(page.getByRole('radio', { name: msg(locale, 'checkout.paymentMethod.invoice') }));
      await page.getByRole('button', { name: msg(locale, 'checkout.placeOrder') }).click();
      await expectThankYou(page, locale);
      const orderId = page.url().split('/').at(-1)!;

      const invoice = page.getByRole('region', { name: msg(locale, 'invoice.title') });
      await expect(invoice).toContainText(msg(locale, 'invoice.terms', { days: INVOICE_SETTING.dueDays }));
      await expect(invoice).toContainText(INVOICE_SETTING.iban);
      await expect(invoice).toContainText(INVOICE_SETTING.bic);
      await expect(invoice).toContainText(INVOICE_SETTING.accountHolder);
      const reference = (await invoice.getByRole('definition').last().textContent())!.trim();
      expect(reference).not.toBe('');
      await expect(page.locator('main')).toContainText(
        new RegExp(`${msg(locale, 'checkout.order.number')}[\\s\\S]*${reference}`),
      );
      await expectNoA11yViolations(page);

      const mail = await mailbox.waitFor(email, new RegExp(INVOICE_SETTING.iban), 20_000);
      expect(mail.text).toContain(reference);

      const result = await page.goto(localePath(locale, `/order-payment/${orderId}/paid`));
      expect(result?.status()).toBe(200);
      await expect(page.getByText(msg(locale, 'pay.result.invoice'))).toBeVisible();
      await expect(page.getByText(msg(locale, 'pay.result.paid'))).toHaveCount(0);
      expect((await page.goto(localePath(locale, `/pay/${orderId}`)))?.status()).toBe(200);
    } finally {
      await mailbox.close();
    }
  });
}

test.describe('a form body over its limit', () => {
  // These pages read their form before anything else and refuse an oversized one by throwing its 413
  // (http-form.ts): it must reach the poster as that refusal in the path's language, never as a 500.
  // Over these pages' limits (4 and 8 KB), under the server front's 64 KB for any body (scripts/lib/body-guard.ts).
  const OVERSIZED = `password=${'x'.repeat(20_000)}`;
  for (const [path, locale] of [
    ['/activate-account', 'de'],
    ['/en/confirm-email', 'en'],
    ['/it/activate-account', 'it'],
  ] as const) {
    test(`${path}: 413 with the refusal in ${locale}`, async ({ request, baseURL }) => {
      const response = await request.post(path, {
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseURL! },
        data: OVERSIZED,
        maxRedirects: 0,
      });
      expect(response.status(), path).toBe(413);
      const html = await response.text();
      expect(html).toContain(`<html lang="${locale}"`);
      expect(html).toContain(msg(locale, 'error.tooLarge.title'));
    });
  }
});
