// "Did you mean": a misspelt term shows the closest spelling's results with a clickable suggestion,
// in the overlay (a button that takes it as the term) and on the search page (a link), and the
// search page sorts by relevance unless the shopper picks another order.
import type { Page } from '@playwright/test';
import { expect, localePath, msg, open, test, type Locale } from './helpers.ts';

const TYPOS = { de: ['bohrmashine', 'bohrmaschinen'], en: ['hamer', 'hammer'] } as const;

const searchField = (page: Page, locale: Locale) =>
  page.getByRole('banner').getByRole('combobox', { name: msg(locale, 'header.search') });
const overlay = (page: Page, locale: Locale) => page.getByRole('dialog', { name: msg(locale, 'search.results') });

for (const locale of ['de', 'en'] as const) {
  const [typo, meant] = TYPOS[locale];

  test(`${locale}: the overlay suggests the spelling it found and takes it on a click`, async ({ page }) => {
    await open(page, localePath(locale, '/i/agb'));
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/catalog/search'));
    await searchField(page, locale).fill(typo);
    await answered;
    const results = overlay(page, locale);
    const suggestion = results.getByRole('button', { name: meant, exact: true });
    await expect(suggestion).toBeVisible();
    await expect(
      results
        .getByRole('region', { name: msg(locale, 'search.suggestions') })
        .getByRole('listitem')
        .first(),
    ).toBeVisible();
    await suggestion.focus();
    await page.keyboard.press('Enter');
    await expect(searchField(page, locale)).toHaveValue(meant);
    await expect(suggestion).toHaveCount(0);
  });

  test(`${locale}: the search page links the suggestion and sorts by relevance`, async ({ page }) => {
    const path = localePath(locale, '/search-details');
    await open(page, `${path}?term=${typo}`);
    const link = page.getByRole('link', { name: meant, exact: true });
    await expect(link).toHaveAttribute('href', `${path}?term=${meant}`);
    await expect(page.getByRole('article').first()).toBeVisible();
    const sort = page.getByLabel(msg(locale, 'catalog.sortBy'));
    await expect(sort).toHaveValue('relevance');
    await expect(sort.getByRole('option', { name: msg(locale, 'search.sort.relevance') })).toHaveCount(1);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${path}\\?term=${meant}$`));
    await expect(page.getByRole('link', { name: meant, exact: true })).toHaveCount(0);
  });
}
