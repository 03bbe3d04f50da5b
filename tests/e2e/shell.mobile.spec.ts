// The shell below the desktop breakpoint: bottom navigation and the slide-in menu.
import type { Locator, Page } from '@playwright/test';
import { LOCALES, expect, expectNoA11yViolations, localePath, msg, open, test, type Locale } from './helpers.ts';

const bottomNav = (page: Page, locale: Locale) =>
  page.getByRole('navigation', { name: msg(locale, 'bottomNav.label') });
const menuDialog = (page: Page, locale: Locale) => page.getByRole('dialog', { name: msg(locale, 'menu.menu') });

async function openMenu(page: Page, locale: Locale) {
  await open(page, localePath(locale, '/'));
  const opener = bottomNav(page, locale).getByRole('button', { name: msg(locale, 'bottomNav.menu') });
  await opener.click();
  const dialog = menuDialog(page, locale);
  await expect(dialog).toBeVisible();
  return { opener, dialog };
}

test.describe('bottom navigation', () => {
  for (const locale of LOCALES) {
    test(`${locale}: Home, Menu, Wishlist, Account, Basket`, async ({ page }) => {
      await open(page, localePath(locale, '/'));
      const nav = bottomNav(page, locale);
      await expect(nav).toBeVisible();
      const entries = nav.locator(':scope > :is(a, button):visible');
      await expect(entries).toHaveText([
        msg(locale, 'bottomNav.home'),
        msg(locale, 'bottomNav.menu'),
        msg(locale, 'bottomNav.wishlist'),
        msg(locale, 'bottomNav.account'),
        msg(locale, 'bottomNav.basket'),
      ]);
      await expect(nav.getByRole('link', { name: msg(locale, 'bottomNav.home') })).toHaveAttribute(
        'href',
        localePath(locale, '/'),
      );
      // The desktop menu row is not shown on small screens.
      await expect(page.getByRole('navigation', { name: msg(locale, 'header.mainNavigation') })).toBeHidden();
    });
  }
});

/** The heading of the submenu level on screen. */
const heading = (dialog: Locator) => dialog.locator('.mobile-menu-heading:visible');

test.describe('mobile menu', () => {
  test('opens from the bottom navigation with the top-level entries', async ({ page }) => {
    const { dialog } = await openMenu(page, 'de');
    await expect(dialog.getByText(msg('de', 'menu.menu'), { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: msg('de', 'menu.back') })).toBeHidden();
    const entries = dialog.locator('.mobile-entry:visible');
    expect(await entries.count()).toBeGreaterThanOrEqual(2);
    for (const text of await entries.allInnerTexts()) expect(text.trim()).not.toBe('');
    // Focus moves into the dialog.
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await expectNoA11yViolations(page);
  });

  test('nested levels with a heading, an "All" entry and a Back bar that steps up one level', async ({ page }) => {
    const { dialog } = await openMenu(page, 'en');
    const entries = dialog.locator('.mobile-level .mobile-entry:visible');
    const parents = dialog.locator('.mobile-level button.mobile-entry:visible');
    const back = dialog.getByRole('button', { name: msg('en', 'menu.back') });
    const topLevel = await entries.allInnerTexts();

    // Level 1 -> 2: the first entry with children (the product range).
    const rangeTitle = (await parents.first().innerText()).trim();
    await parents.first().click();
    await expect(back).toBeVisible();
    await expect(heading(dialog)).toHaveText(rangeTitle);
    const secondLevel = await entries.allInnerTexts();
    expect(secondLevel).not.toEqual(topLevel);

    // Level 2 -> 3: a category with children; its own link is offered as 'All <category>'.
    const categoryTitle = (await parents.first().innerText()).trim();
    await parents.first().click();
    await expect(heading(dialog)).toHaveText(categoryTitle);
    const all = dialog.getByRole('link', { name: msg('en', 'menu.allOf', { title: categoryTitle }) });
    await expect(all).toBeVisible();
    await expect(all).toHaveAttribute('href', /^\/en\/c\//);
    expect(await dialog.locator('.mobile-level .mobile-entry:not(.all-entry):visible').count()).toBeGreaterThanOrEqual(
      1,
    );
    // Every link in the menu stays in the page's language.
    for (const href of await dialog
      .getByRole('link', { includeHidden: true })
      .evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''))) {
      if (href.startsWith('/')) expect(href).toMatch(/^\/en(\/|$)/);
    }

    // Back steps up one level at a time.
    await back.click();
    await expect(entries).toHaveText(secondLevel);
    await expect(heading(dialog)).toHaveText(rangeTitle);
    await back.click();
    await expect(back).toBeHidden();
    await expect(entries).toHaveText(topLevel);
  });

  test('groups children under headings', async ({ page }) => {
    const { dialog } = await openMenu(page, 'de');
    const parents = dialog.locator('.mobile-level button.mobile-entry:visible');
    const groups = dialog.locator('.mobile-group-title:visible');
    const back = dialog.getByRole('button', { name: msg('de', 'menu.back') });

    // Depth-first through the menu until a level with group headings turns up (the demo menu has one).
    async function findGroups(depth: number): Promise<boolean> {
      if ((await groups.count()) > 0) return true;
      if (depth === 0) return false;
      const count = await parents.count();
      for (let i = 0; i < count; i++) {
        await parents.nth(i).click();
        if (await findGroups(depth - 1)) return true;
        await back.click();
      }
      return false;
    }
    expect(await findGroups(3), 'a menu level with group headings').toBe(true);

    await expect(groups.first()).toBeVisible();
    for (const title of await groups.allInnerTexts()) expect(title.trim()).not.toBe('');
    // Each heading has its own entries below it.
    // (A `has` locator is matched inside each candidate, so it must not start from the dialog.)
    const firstGroup = dialog
      .locator('.mobile-group:visible')
      .filter({ has: page.locator('.mobile-group-title') })
      .first();
    expect(await firstGroup.locator('.mobile-entry').count()).toBeGreaterThanOrEqual(1);
    expect(await groups.count()).toBeGreaterThanOrEqual(2);
  });

  test('Escape closes the menu and focus returns to the Menu button', async ({ page }) => {
    const { opener, dialog } = await openMenu(page, 'fr');
    await dialog.locator('.mobile-level button.mobile-entry:visible').first().click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    // Closing clears the active item: the menu reopens at the top level.
    await opener.click();
    await expect(menuDialog(page, 'fr').getByRole('button', { name: msg('fr', 'menu.back') })).toBeHidden();
  });

  test('the close button closes the menu', async ({ page }) => {
    const { opener, dialog } = await openMenu(page, 'de');
    await dialog.getByRole('button', { name: msg('de', 'menu.close') }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test.describe('nothing scrolls sideways on a phone', () => {
  // Seen before: the product gallery's 600 px image and the carousel's hidden price labels widened
  // product pages to 624-1,227 px; "Datenschutzbestimmungen" in a German h1 widened /i/agb to 432 px.
  for (const locale of ['de', 'en'] as const) {
    test(`${locale}: home, a category, a product page and a content page fit 390 px`, async ({ page }) => {
      await open(page, localePath(locale, '/'));
      const category = await page.locator('.category-tiles a').first().getAttribute('href');
      await open(page, category!);
      const product = await page.locator('a[href*="/p/"]').first().getAttribute('href');
      for (const path of [localePath(locale, '/'), category!, product!, localePath(locale, '/i/agb')]) {
        await open(page, path);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      }
    });
  }
});
