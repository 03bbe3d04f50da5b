// Security headers on every kind of answer, and a Content-Security-Policy that the shop's own pages
// live with: pages, page-cache hits, API answers, files, redirects and error answers all carry the
// headers (src/lib/server/security-headers.ts); every inline script of a page is allowed by a hash in
// its policy; and Chromium reports no violation while a shopper uses the shop, pays by card (Stripe's
// loopback stand-in, allowed on the payment page only) and through PayPal's redirect.
import { createHash, randomUUID } from 'node:crypto';
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { BASE_URL, choose, expect, localePath, msg, test, waitForIslands, type Locale } from './helpers.ts';
import { checkoutCart, guestToPayment } from './checkout-flow.ts';

const C = DEMO_FIXTURES.customers;
const P = DEMO_FIXTURES.products;
/** The Stripe stand-in's port (scripts/test-server.ts: the shop's port + 1). */
const STRIPE_PORT = String(Number(new URL(BASE_URL).port) + 1);

/** A policy as directive name -> sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...sources] = d.split(/\s+/);
        return [name!.toLowerCase(), sources];
      }),
  );
}

/** Checks the headers every answer must carry; returns its policy. */
function expectSecurityHeaders(headers: Record<string, string>, what: string): Map<string, string[]> {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(headers['permissions-policy'], what).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
  // The test shop runs on http: HSTS there would pin a plain-http origin to https.
  expect(headers['strict-transport-security'], what).toBeUndefined();
  expect(headers['content-security-policy'], `${what}: a CSP`).toBeTruthy();
  const policy = directives(headers['content-security-policy']!);
  const scripts = policy.get('script-src') ?? [];
  expect(scripts, `${what}: script-src`).toContain("'self'");
  expect(scripts, `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect([...policy.values()].flat(), `${what}: eval`).not.toContain("'unsafe-eval'");
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('base-uri'), what).toEqual(["'self'"]);
  expect(policy.get('form-action'), what).toEqual(["'self'"]);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  return policy;
}

/** Executable inline scripts of a page: those a browser would run, so the policy must allow them. */
function inlineScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  return scripts
    .filter(
      ([, attrs]) =>
        !/\bsrc=/i.test(attrs!) && (!/\btype=/i.test(attrs!) || /\btype="?(module|text\/javascript)"?/i.test(attrs!)),
    )
    .map(([, , body]) => body!)
    .filter((body) => body !== '');
}

/** A page's answer: its headers right, and every inline script it carries allowed by its policy. */
async function expectPage(response: APIResponse, what: string, status = 200): Promise<Map<string, string[]>> {
  expect(response.status(), what).toBe(status);
  const policy = expectSecurityHeaders(response.headers(), what);
  const html = await response.text();
  expect(html, what).toContain('<html');
  const allowed = policy.get('script-src') ?? [];
  const scripts = inlineScripts(html);
  for (const script of scripts) {
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(allowed, `${what}: inline script ${script.slice(0, 60)}…`).toContain(hash);
  }
  return policy;
}

const get = (request: APIRequestContext, path: string) => request.get(path, { maxRedirects: 0 });

/** Where a path answers: a content page's German slug redirects to the locale's own. */
async function settled(request: APIRequestContext, path: string): Promise<string> {
  const response = await get(request, path);
  return response.status() === 301 ? new URL(response.headers().location!, BASE_URL).pathname : path;
}

/** Whether a policy lets the Stripe stand-in's script in. */
const allowsStripe = (policy: Map<string, string[]>) =>
  (policy.get('script-src') ?? []).some((s) => s.endsWith(`:${STRIPE_PORT}`));

/** The first link in a page's main content whose path matches. */
async function firstLink(request: APIRequestContext, from: string, pattern: RegExp): Promise<string> {
  const html = await (await request.get(from)).text();
  const main = html.slice(html.indexOf('<main'));
  const href = [...main.matchAll(/href="([^"]+)"/g)].map(([, h]) => h!).find((h) => pattern.test(h));
  expect(href, `${from} links to ${pattern}`).toBeDefined();
  return href!.replace(/&amp;/g, '&');
}

for (const locale of ['de', 'en'] as const satisfies Locale[]) {
  const at = (path: string) => localePath(locale, path);

  test.describe(`security headers (${locale})`, () => {
    test('on catalogue, content, search, sign-in and error pages, and a page-cache hit', async ({ request }) => {
      const category = await firstLink(request, at('/'), /\/c\//);
      const product = await firstLink(request, `${at('/search-details')}?term=${P.available}`, /\/p\/\d+\//);
      const content = await settled(request, at('/i/agb'));
      const pages: [string, string, number][] = [
        ['home', at('/'), 200],
        ['category', category, 200],
        ['product (with reviews)', product, 200],
        ['search', `${at('/search-details')}?term=bohr`, 200],
        ['search page', at('/search-details'), 200],
        ['content', content, 200],
        ['content with scripts stripped', await settled(request, at(`/i/${DEMO_FIXTURES.unsafeContentPage}`)), 200],
        ['sign-in (account as guest)', at('/my-account'), 200],
        ['404', at('/no-such-page-here'), 404],
        ['400', `${locale === 'de' ? '' : `/${locale}`}/%ZZ`, 400],
      ];
      for (const [what, path, status] of pages) {
        const policy = await expectPage(await get(request, path), `${what} ${path}`, status);
        expect(allowsStripe(policy), `${what}: no Stripe`).toBe(false);
      }
      // A cacheable page twice: the second answer is the page cache's, served by the server front.
      await get(request, content);
      const hit = await get(request, content);
      expect(hit.headers()['x-astro-cache']).toBe('HIT');
      await expectPage(hit, `page-cache hit ${content}`);
    });

    test('on the checkout steps and the thank-you page; Stripe allowed on the payment step only', async ({
      playwright,
    }) => {
      const request = await playwright.request.newContext({ baseURL: BASE_URL });
      const steps: [string, number, string][] = [
        ['shipping', 0, '/checkout/shipping'],
        ['billing', 2, '/checkout/billing'],
        ['payment', 3, '/checkout/payment'],
      ];
      for (const [step, count, path] of steps) {
        await checkoutCart(request, count);
        const policy = await expectPage(await get(request, at(path)), `checkout ${step}`);
        expect(allowsStripe(policy), `checkout ${step}: Stripe`).toBe(step === 'payment');
        if (step === 'payment') expect(policy.get('frame-src')?.some((s) => s.endsWith(`:${STRIPE_PORT}`))).toBe(true);
      }
      const start = await get(request, at('/checkout'));
      expectSecurityHeaders(start.headers(), 'checkout start');
      const cart = await checkoutCart(request, 3);
      const created = await request.post('/api/orders/create', {
        data: {
          idempotencyKey: randomUUID(),
          cartId: cart.id,
          cart: { version: cart.version, pricesHash: cart.pricesHash },
          paymentMethodCode: 'invoice',
        },
      });
      expectSecurityHeaders(created.headers(), 'order API');
      const { order } = (await created.json()) as { order: { id: string } };
      expect(
        allowsStripe(await expectPage(await get(request, at(`/checkout/thank-you/${order.id}`)), 'thank-you')),
      ).toBe(false);
      expect(allowsStripe(await expectPage(await get(request, at(`/pay/${order.id}`)), 'pay'))).toBe(true);
      await request.dispose();
    });

    test('on the account pages of a signed-in customer', async ({ playwright }) => {
      const request = await playwright.request.newContext({ baseURL: BASE_URL });
      const login = await request.post('/api/auth/login', {
        data: { username: C.acme.email, password: DEMO_FIXTURES.password },
      });
      expect(login.ok()).toBe(true);
      expectSecurityHeaders(login.headers(), 'login API');
      // The account's address opens its first page.
      const first = await get(request, at('/my-account'));
      expect(first.status()).toBe(302);
      expectSecurityHeaders(first.headers(), 'account redirect');
      for (const page of [
        '/order-history',
        '/my-items',
        '/my-profile',
        '/company-users',
        '/address-details',
        '/billing-details',
        '/shipping-details',
        '/my-newsletter',
        '/my-reviews',
        '/loyalty-card',
      ]) {
        await expectPage(await get(request, at(`/my-account${page}`)), `account${page}`);
      }
      await request.dispose();
    });
  });
}

test.describe('security headers of token pages', () => {
  test('a page a mailed token link opens never sends its path or query in a Referer, from the page cache too', async ({
    request,
  }) => {
    const token = 'not-a-real-token-0123456789';
    const pages: [string, string][] = [
      ['/reset-password', 'no-referrer'],
      ['/en/reset-password', 'no-referrer'],
      ['/create-password', 'no-referrer'],
      ['/admin/set-password', 'no-referrer'],
      ['/activate-account', 'strict-origin'],
      ['/en/confirm-email', 'strict-origin'],
      ['/newsletter/confirm', 'strict-origin'],
    ];
    for (const [path, policy] of pages) {
      // Twice: the password pages are the same for everybody, and the second answer may come from the page cache.
      for (const round of [1, 2]) {
        const headers = (await get(request, `${path}?token=${token}`)).headers();
        expect(headers['referrer-policy'], `${path} (${round})`).toBe(policy);
        expect(headers['x-content-type-options'], `${path} (${round})`).toBe('nosniff');
      }
    }
  });
});

test.describe('security headers beyond pages', () => {
  test('on API answers, files, sitemaps, redirects and refusals', async ({ request }) => {
    const answers: [string, Promise<APIResponse>, number][] = [
      ['API success', request.get('/api/cart/get'), 200],
      ['API error', request.post('/api/cart/add', { data: { sku: 'NO-SUCH-SKU', quantity: 'many' } }), 400],
      ['API of a front route', request.post('/api/catalog/prices', { data: { skus: [P.available] } }), 200],
      [
        'too large a body',
        request.post('/api/cart/add', {
          headers: { 'content-type': 'application/json' },
          data: 'x'.repeat(2 * 1024 * 1024),
        }),
        413,
      ],
      ['robots.txt', request.get('/robots.txt'), 200],
      ['sitemap', request.get('/sitemap.xml'), 200],
      ['public file', request.get('/brand/favicon.svg'), 200],
      ['legacy redirect', get(request, '/Checkout'), 301],
      [
        'product redirect',
        get(
          request,
          `/en/p/${(await firstLink(request, `/en/search-details?term=${P.available}`, /\/p\/\d+\//)).split('/')[3]}`,
        ),
        301,
      ],
    ];
    for (const [what, answer, status] of answers) {
      const response = await answer;
      expect(response.status(), `${what}: ${await response.text().catch(() => '')}`.slice(0, 300)).toBe(status);
      const policy = expectSecurityHeaders(response.headers(), what);
      // Nothing inline runs in an answer that is not a page.
      expect(policy.get('script-src'), what).toEqual(["'self'"]);
    }
    const html = await (await request.get('/')).text();
    const file = /<script type="module" src="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
    expect(file, 'a script of the build').toBeDefined();
    const script = await request.get(file!);
    expect(script.headers()['cache-control']).toContain('immutable');
    expectSecurityHeaders(script.headers(), `static ${file}`);
  });
});

/** Collects every CSP violation the page reports (event and console) across its navigations. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding('reportCspViolation', ({ frame }, text: string) => {
    violations.push(`${frame.url()}: ${text}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      void (window as unknown as { reportCspViolation(text: string): Promise<void> }).reportCspViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} ${e.sample}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /content security policy|refused to/i.test(message.text()))
      violations.push(`${page.url()}: ${message.text()}`);
  });
  return violations;
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForIslands(page, 20_000);
}

test.describe('no CSP violation while shopping', () => {
  test('de: home, search overlay, login modal, category, product with reviews, cart, content and error pages', async ({
    page,
  }) => {
    const violations = await watchViolations(page);
    const locale = 'de';
    await visit(page, '/');
    const search = page.getByRole('banner').getByRole('combobox', { name: msg(locale, 'header.search') });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/catalog/search'));
    await search.fill('bohr');
    await answered;
    await expect(page.getByRole('dialog', { name: msg(locale, 'search.results') })).toBeVisible();
    await page.keyboard.press('Escape');
    await page
      .getByRole('banner')
      .getByRole('button', { name: msg(locale, 'header.login'), exact: true })
      .click();
    await expect(page.getByRole('dialog', { name: msg(locale, 'auth.loginTitle') })).toBeVisible();
    await page.keyboard.press('Escape');
    await visit(page, await firstLink(page.request, '/', /\/c\//));
    await visit(page, `${await firstLink(page.request, '/', /\/c\//)}?sort=price-asc`);
    await visit(page, await firstLink(page.request, `/search-details?term=${P.available}`, /\/p\/\d+\//));
    await expect(page.getByRole('heading', { name: msg(locale, 'reviews.heading') }).first()).toBeVisible();
    const buyBox = page.locator('form.buy-box');
    await buyBox.getByRole('button', { name: msg(locale, 'catalog.addToCart') }).click();
    await expect(page.getByRole('dialog', { name: msg(locale, 'cart.title') })).toBeVisible();
    for (const path of [
      '/search-details?term=bohr',
      '/i/agb',
      `/i/${DEMO_FIXTURES.unsafeContentPage}`,
      '/no-such-page-here',
      '/%ZZ',
      '/my-account',
    ]) {
      await visit(page, path);
    }
    await expect(page.getByRole('dialog', { name: msg(locale, 'auth.loginTitle') })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('en: account pages and the My Items island of a signed-in customer', async ({ page }) => {
    const violations = await watchViolations(page);
    const login = await page.request.post('/api/auth/login', {
      data: { username: C.acme.email, password: DEMO_FIXTURES.password },
    });
    expect(login.ok()).toBe(true);
    for (const path of [
      '',
      '/order-history',
      '/my-profile',
      '/company-users',
      '/address-details',
      '/my-newsletter',
      '/my-reviews',
      '/loyalty-card',
      '/my-items?view=list',
    ]) {
      await visit(page, localePath('en', `/my-account${path}`));
    }
    const table = page.getByRole('table', { name: msg('en', 'account.MyItems') });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await table
      .getByRole('columnheader', { name: msg('en', 'myItems.column.price') })
      .getByRole('link')
      .click();
    await expect(page).toHaveURL(/sort=price(&|$)/);
    await expect(table.locator('tbody tr').first()).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('en: checkout paid by card through Stripe.js (the stand-in), then the thank-you page', async ({ page }) => {
    const violations = await watchViolations(page);
    const locale = 'en';
    await guestToPayment(page, locale, 'csp-card@example.com');
    await choose(page.getByRole('radio', { name: msg(locale, 'checkout.paymentMethod.stripe') }));
    await page.getByRole('button', { name: msg(locale, 'checkout.placeOrder') }).click();
    const form = page.getByRole('group', { name: msg(locale, 'checkout.paymentDetails') });
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByLabel('Expiration date').fill('12 / 34');
    await form.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: msg(locale, 'checkout.payNow') }).click();
    await expect(page).toHaveURL(/\/en\/checkout\/thank-you\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await expect(page.getByText(msg(locale, 'checkout.paymentStatus.paid'))).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("de: checkout through PayPal's redirect and back", async ({ page }) => {
    const violations = await watchViolations(page);
    const locale = 'de';
    await guestToPayment(page, locale, 'csp-paypal@example.com');
    await choose(page.getByRole('radio', { name: msg(locale, 'checkout.paymentMethod.paypal') }));
    await page.getByRole('button', { name: msg(locale, 'checkout.placeOrder') }).click();
    await expect(page).toHaveTitle(/PayPal/);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(/\/checkout\/thank-you\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await expect(page.getByText(msg(locale, 'checkout.paymentStatus.paid'))).toBeVisible();
    expect(violations).toEqual([]);
  });
});
