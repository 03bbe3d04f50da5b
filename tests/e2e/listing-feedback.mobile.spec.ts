// Listings on a phone: ordering from a category card, removing a filter chosen in the filter drawer
// through its chip, and paging without JavaScript.
import { absolute, escapeRegExp, expect, msg, open, test, type Locale } from './helpers.ts';
import { addFromFirstCard, categoryPath, chipGroup, followPage2WithoutJs } from './listing-feedback.helpers.ts';

test('adds a product from a category card with quantity 3', async ({ page, request }) => {
  await addFromFirstCard(page, request, 'de', 3);
});

test('a filter chosen in the drawer shows as a chip that removes it', async ({ page, request }) => {
  const locale: Locale = 'en';
  const path = await categoryPath(request, locale);
  await open(page, path);
  await page
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(msg(locale, 'catalog.filters'))}( \\(\\d+\\))?$`) })
    .click();
  const drawer = page.getByRole('dialog', { name: msg(locale, 'catalog.filters') });
  await drawer.getByRole('checkbox').first().check();
  await drawer
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(msg(locale, 'catalog.showResults'))} \\(`) })
    .click();
  await expect(drawer).toBeHidden();

  const chips = chipGroup(page, locale);
  await expect(chips.getByRole('button')).toHaveCount(2);
  await chips.getByRole('button').first().click();
  await expect(page).toHaveURL(absolute(path));
  await expect(chips).toHaveCount(0);
});

test('page 2 without JavaScript is its own page', async ({ browser, request }) => {
  await followPage2WithoutJs(browser, request, 'de');
});
