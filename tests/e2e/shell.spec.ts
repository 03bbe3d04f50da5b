// The page shell every Default-layout page shares: header, content-driven menu and
// footer, locale switching, SEO head, error pages, notification bar and cookie consent.
import type { Page } from '@playwright/test';
import {
  LOCALES,
  LOCALE_TAGS,
  absolute,
  escapeRegExp,
  expect,
  expectNoA11yViolations,
  localePath,
  msg,
  open,
  preDecideConsent,
  test,
  waitForIslands,
  type Locale,
} from './helpers.ts';
import { CONSENT_STORAGE_KEY } from '#lib/shell/consent.ts';
import { NOTIFICATION_BAR_KEY } from '#lib/shell/notification-bar.ts';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from '#lib/i18n/locales.ts';

const mainNav = (page: Page, locale: Locale) =>
  page.getByRole('navigation', { name: msg(locale, 'header.mainNavigation') });
const footer = (page: Page) => page.getByRole('contentinfo');

test.describe('home in every locale', () => {
  for (const locale of LOCALES) {
    test(`${locale}: header, content-driven menu and footer`, async ({ page }) => {
      const response = await open(page, localePath(locale, '/'));
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);

      // Home has no route name in its title: the site title, which the page heading repeats, and the
      // shop's slogan in this language (src/lib/site/seo.ts homeTitle).
      const siteTitle = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
      expect(siteTitle).not.toBe('');
      await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(siteTitle)} – .+`));

      const banner = page.getByRole('banner');
      const logo = banner.getByRole('link', { name: msg(locale, 'header.logoLabel', { title: siteTitle }) });
      await expect(logo).toHaveAttribute('href', localePath(locale, '/'));
      const search = banner.getByRole('search');
      await expect(search.getByRole('combobox', { name: msg(locale, 'header.search') })).toBeVisible();
      await expect(search.getByRole('button', { name: msg(locale, 'header.search') })).toBeVisible();
      await expect(banner.getByRole('button', { name: msg(locale, 'header.login') })).toBeVisible();
      await expect(
        banner.getByRole('button', { name: new RegExp(`^${escapeRegExp(msg(locale, 'header.wishlist'))},`) }),
      ).toBeVisible();
      await expect(
        banner.getByRole('button', { name: new RegExp(`^${escapeRegExp(msg(locale, 'header.cart'))},`) }),
      ).toBeVisible();

      // Top banner from the content service; its links stay in the page's language.
      const topBanner = page.getByRole('complementary', { name: msg(locale, 'topBanner.label') });
      await expect(topBanner).toBeVisible();
      await expect(topBanner.getByRole('link').first()).toHaveAttribute(
        'href',
        new RegExp(`^${locale === 'de' ? '' : `/${locale}`}/`),
      );

      // The menu comes from the content service: top-level entries with visible, non-empty titles.
      const nav = mainNav(page, locale);
      await expect(nav).toBeVisible();
      const entries = nav.locator('.menu-row > li > :is(a, button)');
      expect(await entries.count()).toBeGreaterThanOrEqual(2);
      for (const text of await entries.allInnerTexts()) expect(text.trim()).not.toBe('');

      // Footer columns and social links come from the content service as well.
      const foot = footer(page);
      const columns = foot.getByRole('heading', { level: 2 });
      expect(await columns.count()).toBeGreaterThanOrEqual(3);
      const footerLinks = foot.getByRole('list').first().getByRole('link');
      expect(await footerLinks.count()).toBeGreaterThanOrEqual(1);
      const social = foot.getByRole('list', { name: msg(locale, 'footer.social') }).getByRole('link');
      expect(await social.count()).toBeGreaterThanOrEqual(1);
      for (const href of await social.evaluateAll((links) => links.map((l) => l.getAttribute('href')))) {
        expect(href).toMatch(/^https:\/\//);
      }
      await expect(foot).toContainText(
        msg(locale, 'footer.copyright', { year: new Date().getFullYear(), title: siteTitle }),
      );

      // Internal footer links stay in the page's language.
      if (locale !== 'de') {
        const hrefs = await foot
          .getByRole('link')
          .evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
        for (const href of hrefs.filter((h) => h.startsWith('/'))) expect(href).toMatch(new RegExp(`^/${locale}(/|$)`));
      }
    });
  }

  test('menu and footer speak the page language', async ({ page }) => {
    const texts: Partial<Record<Locale, string>> = {};
    for (const locale of ['de', 'en'] as const) {
      expect((await open(page, localePath(locale, '/')))?.status()).toBe(200);
      texts[locale] = [
        ...(await mainNav(page, locale).locator('.menu-row > li > :is(a, button)').allInnerTexts()),
        ...(await footer(page).getByRole('heading', { level: 2 }).allInnerTexts()),
      ].join(' | ');
    }
    expect(texts.en).not.toEqual(texts.de);
  });

  test('the bottom navigation is for small screens only', async ({ page }) => {
    await open(page, '/');
    await expect(page.getByRole('navigation', { name: msg('de', 'bottomNav.label') })).toBeHidden();
  });
});

/** The demo terms page has a slug per language. */
const TERMS: Record<Locale, string> = {
  de: '/i/agb',
  en: '/i/terms',
  fr: '/i/conditions',
  es: '/i/condiciones',
  it: '/i/condizioni',
};

test.describe('SEO head', () => {
  const pages: [name: string, path: (l: Locale) => string][] = [
    ['home', () => '/'],
    ['content page', (l) => TERMS[l]],
  ];
  for (const [name, path] of pages) {
    for (const locale of LOCALES) {
      test(`${locale} ${name}: lang, canonical and hreflang alternates`, async ({ page }) => {
        const response = await page.goto(localePath(locale, path(locale)));
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        const canonical = page.locator('head link[rel="canonical"]');
        await expect(canonical).toHaveCount(1);
        await expect(canonical).toHaveAttribute('href', absolute(localePath(locale, path(locale))));

        const alternates = await page
          .locator('head link[rel="alternate"][hreflang]')
          .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')] as const));
        const expected = [
          ...LOCALES.map((l) => [LOCALE_TAGS[l], absolute(localePath(l, path(l)))] as const),
          ['x-default', absolute(localePath('de', path('de')))] as const,
        ];
        expect([...alternates].sort()).toEqual([...expected].sort());
        await expect(page.locator('head meta[name="robots"]')).toHaveCount(0);
      });
    }
  }

  test('content pages are titled with the site title and the page title, the page title alone when both do not fit', async ({
    page,
  }) => {
    await page.goto('/');
    const siteTitle = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
    await page.goto('/i/kontakt');
    const pageHeading = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
    await expect(page).toHaveTitle(`${siteTitle} | ${pageHeading}`);
    // 'Allgemeine Geschäftsbedingungen und Datenschutz' with the site title would pass 60 characters.
    await page.goto('/i/agb');
    const longHeading = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
    await expect(page).toHaveTitle(longHeading);
  });

  test("the catch-all route, the identifier and another language's slug move permanently to the page's own slug", async ({
    page,
    request,
  }) => {
    for (const [from, to] of [
      ['/en/agb', '/en/i/terms'],
      ['/en/i/agb', '/en/i/terms'],
      ['/en/i/conditions?x=1', '/en/i/terms?x=1'],
      ['/agb', '/i/agb'],
      ['/i/terms', '/i/agb'],
    ]) {
      const response = await request.get(from!, { maxRedirects: 0 });
      expect([response.status(), response.headers().location], from).toEqual([301, to]);
    }
    expect((await request.get('/en/i/gibt-es-nicht', { maxRedirects: 0 })).status()).toBe(404);
    await page.goto('/en/agb');
    await expect(page).toHaveURL(absolute('/en/i/terms'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Terms and conditions/);
  });
});

test.describe('axe best practices', () => {
  // Beyond WCAG: every piece of content sits in a landmark (the notification bar is a labelled
  // aside), headings go down one level at a time, one main and one h1 per page.
  for (const [locale, path] of [
    ['de', '/'],
    ['en', '/en/i/terms'],
    ['de', '/search-details?term=bohr'],
    ['en', '/en/checkout'],
  ] as const) {
    test(`${locale} ${path}`, async ({ page }) => {
      await open(page, path);
      await expect(page.getByRole('complementary', { name: msg(locale, 'notificationBar.label') })).toBeVisible();
      await expectNoA11yViolations(page, { tags: ['best-practice'] });
    });
  }
});

test.describe('language switching', () => {
  test('keeps the page and remembers the language for 365 days', async ({ page, context }) => {
    await open(page, '/i/agb');
    const germanHeading = await page.getByRole('heading', { level: 1 }).innerText();
    const cookieAfterLoad = (await context.cookies()).find((c) => c.name === LOCALE_COOKIE);
    expect(cookieAfterLoad?.value).toBe('de');

    await page.getByLabel(`${msg('de', 'site.language')}: ${msg('de', 'site.languageName.de')}`).click();
    const current = page.getByRole('link', { name: msg('de', 'site.languageName.de') });
    await expect(current).toHaveAttribute('aria-current', 'true');
    const switchedAt = Date.now() / 1000;
    await page.getByRole('link', { name: msg('de', 'site.languageName.en') }).click();

    await expect(page).toHaveURL(absolute('/en/i/terms'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(germanHeading);
    const cookie = (await context.cookies()).find((c) => c.name === LOCALE_COOKIE);
    expect(cookie?.value).toBe('en');
    expect(cookie?.path).toBe('/');
    // Expiry a year ahead (a minute of slack for a slow run).
    expect(cookie!.expires).toBeGreaterThan(switchedAt + LOCALE_COOKIE_MAX_AGE - 60);
    expect(cookie!.expires).toBeLessThan(switchedAt + LOCALE_COOKIE_MAX_AGE + 60);

    await waitForIslands(page);
    await page.getByLabel(`${msg('en', 'site.language')}: ${msg('en', 'site.languageName.en')}`).click();
    await page.getByRole('link', { name: msg('en', 'site.languageName.de') }).click();
    await expect(page).toHaveURL(absolute('/i/agb'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(germanHeading);
    expect((await context.cookies()).find((c) => c.name === LOCALE_COOKIE)?.value).toBe('de');
  });

  test('offers every language, each pointing at the same page', async ({ page }) => {
    await page.goto('/fr/i/conditions');
    await page.getByLabel(`${msg('fr', 'site.language')}: ${msg('fr', 'site.languageName.fr')}`).click();
    for (const locale of LOCALES) {
      const link = page.getByRole('link', { name: msg('fr', `site.languageName.${locale}`), exact: true });
      await expect(link).toHaveAttribute('href', localePath(locale, TERMS[locale]));
      await expect(link).toHaveAttribute('hreflang', LOCALE_TAGS[locale]);
    }
  });
});

test.describe('error pages', () => {
  for (const locale of ['de', 'en'] as const) {
    for (const miss of ['/nope', '/p/999/x']) {
      const path = localePath(locale, miss);
      test(`${path}: 404 'page not found' with home and back`, async ({ page }) => {
        await open(page, localePath(locale, TERMS[locale]));
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await waitForIslands(page);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(locale, 'error.notFound.title'));
        await expect(page.getByRole('main')).toContainText(msg(locale, 'error.notFound.text'));
        await expect(page).toHaveTitle(new RegExp(`\\| ${escapeRegExp(msg(locale, 'error.notFound.title'))}$`));
        await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', /noindex/);

        const home = page.getByRole('main').getByRole('link', { name: msg(locale, 'error.returnHome') });
        await expect(home).toHaveAttribute('href', localePath(locale, '/'));
        await page
          .getByRole('main')
          .getByRole('button', { name: msg(locale, 'error.back') })
          .click();
        await expect(page).toHaveURL(absolute(localePath(locale, TERMS[locale])));
      });
    }

    test(`${locale}: the router's own 404 for paths no route knows`, async ({ page }) => {
      const response = await page.goto(localePath(locale, '/foo/bar/baz'));
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(locale, 'error.routerNotFound'));
      await page
        .getByRole('main')
        .getByRole('link', { name: msg(locale, 'error.returnHome') })
        .click();
      await expect(page).toHaveURL(absolute(localePath(locale, '/')));
    });
  }
});

test.describe('notification bar', () => {
  test('stays closed for the rest of the session once closed', async ({ page, browser }) => {
    await open(page, '/');
    const close = page.getByRole('button', { name: msg('de', 'notificationBar.close') });
    await expect(close).toBeVisible();
    await close.click();
    await expect(close).toBeHidden();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), NOTIFICATION_BAR_KEY)).toBe('closed');

    await page.reload();
    await expect(close).toBeHidden();
    await open(page, '/en/i/agb');
    await expect(page.getByRole('button', { name: msg('en', 'notificationBar.close') })).toBeHidden();

    // A new browser session shows it again.
    const context = await browser.newContext();
    await preDecideConsent(context);
    const fresh = await context.newPage();
    await fresh.goto('/');
    await expect(fresh.getByRole('button', { name: msg('de', 'notificationBar.close') })).toBeVisible();
    await context.close();
  });
});

test.describe('cookie consent', () => {
  test.use({ consentDecided: false });

  const consentBar = (page: Page) => page.getByRole('region', { name: msg('de', 'cookie.title') });
  const html = (page: Page) => page.locator('html');

  for (const [choice, accepted] of [
    ['cookie.accept', true],
    ['cookie.reject', false],
  ] as const) {
    test(`${choice}: locks scrolling until decided, then hides and is not asked again`, async ({ page }) => {
      await open(page, '/');
      const bar = consentBar(page);
      await expect(bar).toBeVisible();
      await expect(bar.getByRole('link', { name: msg('de', 'cookie.link') })).toHaveAttribute('href', '/i/agb');
      // Undecided: scrolling locks after 1 s.
      await expect(html(page)).toHaveClass(/\bconsent-scroll-lock\b/, { timeout: 5_000 });
      await expect.poll(() => html(page).evaluate((el) => getComputedStyle(el).overflow)).toBe('hidden');

      const before = Date.now();
      await bar.getByRole('button', { name: msg('de', choice) }).click();
      const stored = await page.evaluate((key) => localStorage.getItem(key), CONSENT_STORAGE_KEY);
      const parsed = JSON.parse(stored ?? 'null') as { accepted: boolean; at: number };
      expect(parsed.accepted).toBe(accepted);
      expect(parsed.at).toBeGreaterThanOrEqual(before - 1_000);

      // Decided: the bar goes away after 1 s and scrolling is restored.
      await expect(bar).toBeHidden({ timeout: 5_000 });
      await expect(html(page)).not.toHaveClass(/\bconsent-scroll-lock\b/);
      await expect.poll(() => html(page).evaluate((el) => getComputedStyle(el).overflow)).not.toBe('hidden');

      await page.reload();
      await waitForIslands(page);
      await expect(bar).toBeHidden();
      // The island drops the decided bar after its 1 s delay; scrolling must not lock meanwhile.
      await expect(page.locator('.cookie-consent')).toHaveCount(0, { timeout: 5_000 });
      await expect(html(page)).not.toHaveClass(/\bconsent-scroll-lock\b/);
    });
  }

  test('the consent bar is accessible', async ({ page }) => {
    await open(page, '/en');
    await expect(page.getByRole('region', { name: msg('en', 'cookie.title') })).toBeVisible();
    await expectNoA11yViolations(page, { include: '.cookie-consent' });
  });
});

test.describe('desktop menu', () => {
  async function dropdownButtons(page: Page) {
    await open(page, '/');
    const buttons = mainNav(page, 'de').getByRole('button');
    expect(await buttons.count(), 'the demo menu has at least two dropdowns').toBeGreaterThanOrEqual(2);
    return [buttons.nth(0), buttons.nth(1)] as const;
  }

  test('hover opens a dropdown, only one at a time, leaving closes it after the delay', async ({ page }) => {
    const [first, second] = await dropdownButtons(page);
    await expect(first).toHaveAttribute('aria-expanded', 'false');

    await first.hover();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    const firstPanel = page.locator(`#${await first.getAttribute('aria-controls')}`);
    await expect(firstPanel.getByRole('link').first()).toBeVisible();

    await second.hover();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(firstPanel).toBeHidden();
    await expect(mainNav(page, 'de').locator('[aria-expanded="true"]')).toHaveCount(1);

    // Leaving the menu (to the top-left corner, far from the dropdown) does not close it at once
    // (leave timeout 1000 ms) ...
    await page.mouse.move(2, 2);
    await expect(second).toHaveAttribute('aria-expanded', 'true', { timeout: 200 });
    // ... but shortly after.
    await expect(second).toHaveAttribute('aria-expanded', 'false', { timeout: 5_000 });
  });

  test('keyboard: Enter toggles a dropdown, Escape closes it', async ({ page }) => {
    const [first] = await dropdownButtons(page);
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`#${await first.getAttribute('aria-controls')}`);
    await expect(panel.getByRole('link').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('keyboard', () => {
  test('the first Tab reaches the skip link, which moves focus to the main content', async ({ page }) => {
    await open(page, '/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: msg('de', 'site.skipToContent') });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/#content$/);
  });
});

test.describe('island runtime', () => {
  test("Astro's island element is no inline script of the page: it loads with the first island that wakes", async ({
    page,
  }) => {
    const html = await (await page.request.get(localePath('de', '/i/agb'))).text();
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(
      inline.filter((script) => script.includes('astro-island')),
      'inline scripts defining <astro-island>',
    ).toEqual([]);

    const runtime: string[] = [];
    page.on('request', (request) => {
      if (/\/_astro\/astro-island\.[\w-]+\.js$/.test(request.url())) runtime.push(request.url());
    });
    await open(page, localePath('de', '/i/agb'));
    await page.waitForLoadState('networkidle');
    expect(runtime, 'loaded before any island woke').toEqual([]);
    expect(await page.evaluate(() => customElements.get('astro-island') === undefined)).toBe(true);

    // Reaching for the search field wakes its island: the element loads, the island hydrates and works.
    const field = page.getByRole('banner').getByRole('combobox', { name: msg('de', 'header.search') });
    await field.focus();
    await expect(field.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr', /.*/);
    expect(runtime).toHaveLength(1);
    await field.fill('bohr');
    const overlay = page.getByRole('dialog', { name: msg('de', 'search.results') });
    await expect(
      overlay
        .getByRole('region', { name: msg('de', 'search.suggestions') })
        .getByRole('listitem')
        .first(),
    ).toBeVisible();
  });
});
