// Quality gates: valid HTML (Nu Html Checker) on every page type in every locale, and WCAG 2.1 AA (axe) on
// every page type in German and English and on the richest page types in French, Spanish and Italian.
// The locales share one set of templates and one stylesheet; what a language changes is text, which the
// Nu checker sees in all five and tests/unit/i18n-messages.test.ts checks key by key. axe costs about
// 10 s a page on the CI machine, so 66 page loads that checked the same markup again were dropped.
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { LOCALES, expect, expectNoA11yViolations, localePath, open, test, type Locale } from './helpers.ts';
import { htmlErrors } from './html-checker.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

/**
 * One entry per page type the shop has; each is checked in all five locales. Catalogue pages have
 * per-locale slugs, so their paths are found by following the shop's own links (see resolvePath).
 */
const PAGE_TYPES = [
  { type: 'home', path: '/', status: 200 },
  // Other languages' slugs differ: this path moves permanently to the page's own (shell.spec.ts).
  { type: 'content', path: '/i/agb', status: 200 },
  { type: 'category', path: 'first category linked from home', status: 200 },
  { type: 'product', path: 'first product linked from that category', status: 200 },
  { type: 'search', path: '/search-details', status: 200 },
  { type: 'not-found', path: '/nope', status: 404 },
  { type: 'router-not-found', path: '/foo/bar/baz', status: 404 },
  { type: 'checkout-start', path: '/checkout', status: 200 },
  // A guest's sign-in prompt, the login modal open over it.
  { type: 'account-sign-in', path: '/my-account/my-items', status: 200 },
  { type: 'checkout-processing', path: '/checkout/checkout-processing', status: 200 },
  { type: 'checkout-thank-you', path: '/checkout/thank-you', status: 200 },
  // No such order: the payment result answers with the error page.
  { type: 'order-payment', path: '/order-payment/00000000-0000-4000-8000-000000000000/failed', status: 404 },
  { type: 'bad-request', path: '/%ZZ', status: 400 },
  // The pages a mailed link opens, with a link that is no good (the usable states need a real mail:
  // account-profile.spec.ts and account-newsletter.spec.ts check those).
  { type: 'confirm-email', path: '/confirm-email?token=x', status: 400 },
  { type: 'newsletter-confirm', path: '/newsletter/confirm?token=x', status: 400 },
  { type: 'newsletter-confirmed', path: '/newsletter/confirm?confirmed=1', status: 200 },
  { type: 'activate-account', path: '/activate-account?token=x', status: 400 },
  { type: 'account-activated', path: '/activate-account?activated=1', status: 200 },
] as const;
type PageType = (typeof PAGE_TYPES)[number]['type'];

const PAGES = LOCALES.flatMap((locale) =>
  PAGE_TYPES.map(({ type, path, status }) => ({ name: `${locale}-${type}`, locale, type, path, status })),
);

/** Locales axe checks every page type in; the others get the page types with the most controls. */
const AXE_EVERY_PAGE_LOCALES: readonly Locale[] = ['de', 'en'];
const AXE_RICHEST_PAGE_TYPES: readonly PageType[] = [
  'home',
  'category',
  'product',
  'checkout-start',
  'account-sign-in',
];
const AXE_PAGES = PAGES.filter(
  ({ locale, type }) => AXE_EVERY_PAGE_LOCALES.includes(locale) || AXE_RICHEST_PAGE_TYPES.includes(type),
);

/** The first link in the HTML whose path matches, e.g. the first category tile on the home page. */
async function firstLink(request: APIRequestContext, from: string, pattern: RegExp): Promise<string> {
  const response = await request.get(from);
  expect(response.status(), `${from} (looking for a link to follow)`).toBe(200);
  const hrefs = [...(await response.text()).matchAll(/href="([^"#?]+)"/g)].map((m) => m[1]!);
  const href = hrefs.find((h) => pattern.test(h));
  expect(href, `${from} links to ${pattern}`).toBeDefined();
  return href!;
}

async function resolvePath(request: APIRequestContext, locale: Locale, type: PageType, path: string): Promise<string> {
  const prefix = locale === 'de' ? '' : `/${locale}`;
  if (type === 'category' || type === 'product') {
    const category = await firstLink(request, localePath(locale, '/'), new RegExp(`^${prefix}/c/[^/]+$`));
    return type === 'category' ? category : firstLink(request, category, new RegExp(`^${prefix}/p/\\d+/[^/]+$`));
  }
  return localePath(locale, path);
}

test.describe('accessibility (axe, WCAG 2.1 A/AA)', () => {
  test.describe.configure({ mode: 'parallel' });
  for (const { name, locale, type, path, status } of AXE_PAGES) {
    test(`${name}: ${path}`, async ({ page, request }) => {
      const url = await resolvePath(request, locale, type, path);
      const response = await open(page, url);
      expect(response?.status(), url).toBe(status);
      await expectNoA11yViolations(page);
    });
  }
});

test.describe('valid HTML (Nu Html Checker)', () => {
  // One JVM start for all pages: the checker is slow to start.
  test.setTimeout(180_000);

  test(`${PAGES.length} pages have no HTML errors`, async ({ request }) => {
    const documents = new Map<string, string>();
    for (const { locale, type, path, status } of PAGES) {
      const url = await resolvePath(request, locale, type, path);
      const response = await request.get(url);
      expect(response.status(), url).toBe(status);
      documents.set(url, await response.text());
    }
    const errors = await htmlErrors(documents);
    expect(errors.length, `Nu Html Checker found ${errors.length} error(s):\n${errors.join('\n')}`).toBe(0);
  });
});

/** The account's pages, signed in as the demo customer with a price list of their own, in every locale. */
const ACCOUNT_PAGE_NAMES = [
  'order-history',
  'approvals',
  'company-budgets',
  'my-items',
  'lists',
  'item-numbers',
  'quotes',
  'reorders',
  'my-profile',
  'company-users',
  'address-details',
  'shipping-details',
  'billing-details',
  'my-newsletter',
  'my-reviews',
  'loyalty-card',
];
const ACCOUNT_PAGES = ACCOUNT_PAGE_NAMES.flatMap((name) =>
  LOCALES.map((locale) => ({ locale, name, path: localePath(locale, `/my-account/${name}`) })),
);
/** axe: every account page in German and English, the one with the most controls (My Items) in all five. */
const AXE_ACCOUNT_PAGES = ACCOUNT_PAGES.filter(
  ({ locale, name }) => AXE_EVERY_PAGE_LOCALES.includes(locale) || name === 'my-items',
);

test.describe('account pages, signed in: axe and the Nu Html Checker', () => {
  // One session for all of them: a sign-in per page would run into the login rate limit.
  let signedIn: BrowserContext;
  test.beforeAll(async ({ browser }) => {
    signedIn = await browser.newContext();
    const login = await signedIn.request.post('/api/auth/login', {
      data: { username: DEMO_FIXTURES.customers.acme.email, password: DEMO_FIXTURES.password },
    });
    expect(login.ok()).toBe(true);
  });
  test.afterAll(async () => {
    await signedIn.close();
  });

  for (const { path } of AXE_ACCOUNT_PAGES) {
    test(`axe: ${path}`, async () => {
      const page = await signedIn.newPage();
      const response = await open(page, path);
      expect(response?.status(), path).toBe(200);
      await expectNoA11yViolations(page);
      await page.close();
    });
  }

  test(`${ACCOUNT_PAGES.length} account pages have no HTML errors`, async () => {
    test.setTimeout(180_000);
    const documents = new Map<string, string>();
    for (const { path } of ACCOUNT_PAGES) {
      const response = await signedIn.request.get(path);
      expect(response.status(), path).toBe(200);
      documents.set(path, await response.text());
    }
    const errors = await htmlErrors(documents);
    expect(errors.length, `Nu Html Checker found ${errors.length} error(s):\n${errors.join('\n')}`).toBe(0);
  });
});
