// The category listing on a phone: filters live in a drawer opened by the Filters button.
import { escapeRegExp, expect, expectNoA11yViolations, localePath, msg, open, test } from './helpers.ts';

test('filters open in a drawer that traps focus, filters the list and closes with Escape', async ({ page }) => {
  const locale = 'en';
  await open(page, localePath(locale, '/'));
  const tile = page
    .getByRole('region', { name: msg(locale, 'search.categories') })
    .getByRole('link')
    .first();
  await open(page, (await tile.getAttribute('href'))!);

  // On a phone the facets are not on the page until asked for.
  await expect(page.getByRole('region', { name: msg(locale, 'catalog.filters') })).toBeHidden();
  const button = page.getByRole('button', {
    name: new RegExp(`^${escapeRegExp(msg(locale, 'catalog.filters'))}( \\(\\d+\\))?$`),
  });
  await button.click();
  const drawer = page.getByRole('dialog', { name: msg(locale, 'catalog.filters') });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: msg(locale, 'catalog.closeFilters') })).toBeFocused();
  await expectNoA11yViolations(page, { include: '#listing-filters' });

  // Ticking a value filters the list behind the drawer; the drawer's own button shows the new count.
  await drawer.getByRole('checkbox').first().check();
  await expect(page).toHaveURL(/\?f\./);
  const show = drawer.getByRole('button', { name: new RegExp(`^${msg(locale, 'catalog.showResults')} \\(`) });
  await expect(show).toBeVisible();

  // Tab stays inside the drawer.
  for (let i = 0; i < 40; i++) await page.keyboard.press('Tab');
  expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toContainText('(1)');

  await button.click();
  await drawer.getByRole('button', { name: new RegExp(`^${msg(locale, 'catalog.showResults')} \\(`) }).click();
  await expect(drawer).toBeHidden();
});
