// Requisition lists in the browser (issue 37, item 2), in de and en: acme's buyer (its admin) opens
// "My lists" from the account navigation, creates a list, adds two products with the plain form and
// shares the list with the company to view; a colleague (foreman2, a buyer) finds it under "Shared
// with you", cannot change it, and adds the whole list to her cart, which then holds those lines. The
// pages pass axe and the Nu checker, and nothing scrolls sideways at 390 and 1366 px.
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, localePath, msg, open, test, type Locale } from './helpers.ts';
import { htmlErrors } from './html-checker.ts';
import { expectNoSidewaysScroll } from './viewport-check.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

/** Products per locale, so the two runs (which may run at once) do not meet in the colleague's cart. */
const LINES: Record<'de' | 'en', [sku: string, quantity: number, note: string][]> = {
  de: [
    ['ASR-10003', 2, 'Für Regal 3'],
    ['BMA-10008', 1, ''],
  ],
  en: [
    ['KOM-10006', 3, 'For shelf 3'],
    ['LEM-10005', 1, ''],
  ],
};

async function signIn(page: Page, email: string) {
  await page.context().clearCookies();
  const login = await page.request.post('/api/auth/login', {
    data: { username: email, password: DEMO_FIXTURES.password },
  });
  expect(login.ok()).toBe(true);
}

/** What the signed-in user's cart holds of each sku. */
async function cartQuantities(page: Page): Promise<Map<string, number>> {
  const answer = await page.request.post('/api/cart/get', { data: {} });
  const body = (await answer.json()) as { cart: { cartItems: { sku: string; quantity: number }[] } | null };
  return new Map((body.cart?.cartItems ?? []).map((line) => [line.sku, line.quantity]));
}

async function checkLayout(page: Page, label: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page, `${label} ${width}`);
  }
  await expectNoA11yViolations(page);
}

for (const locale of ['de', 'en'] as const satisfies readonly Locale[]) {
  test(`${locale}: a buyer creates and shares a list; a colleague adds it to her cart`, async ({ page }) => {
    const name = `E2E ${locale} Baustelle ${Date.now()}`;
    const listsPath = localePath(locale, '/my-account/lists');
    await signIn(page, DEMO_FIXTURES.customers.acme.email);
    // A retried run starts without the lists earlier runs left.
    const earlier = (await (await page.request.get('/api/account/lists')).json()) as {
      lists: { id: string; name: string; owner: { you: boolean } }[];
    };
    for (const list of earlier.lists.filter((l) => l.owner.you && l.name.startsWith(`E2E ${locale} `)))
      await page.request.post('/api/account/lists/delete', { data: { id: list.id } });

    await open(page, localePath(locale, '/my-account/my-profile'));
    await page
      .getByRole('navigation', { name: msg(locale, 'route.MyAccount') })
      .getByRole('link', { name: msg(locale, 'account.Lists'), exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`${listsPath}$`));
    await expect(page.getByRole('heading', { level: 1, name: msg(locale, 'account.Lists') })).toBeVisible();

    // Created with the form (keyboard: type, then Enter), it opens at once.
    const nameField = page.getByRole('textbox', { name: msg(locale, 'lists.name') }).first();
    await nameField.fill(name);
    await nameField.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${listsPath}/[0-9a-f-]{36}\\?done=created$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const listPath = new URL(page.url()).pathname;

    for (const [sku, quantity, note] of LINES[locale]) {
      await page.getByRole('textbox', { name: msg(locale, 'lists.itemnum') }).fill(sku);
      await page.getByRole('textbox', { name: msg(locale, 'lists.quantity'), exact: true }).fill(String(quantity));
      if (note) await page.getByRole('textbox', { name: new RegExp(`^${msg(locale, 'lists.note')}`) }).fill(note);
      await page.getByRole('button', { name: msg(locale, 'lists.addLine') }).click();
      await expect(page).toHaveURL(new RegExp(`${listPath}\\?done=added$`));
      await expect(page.locator(`tr[data-sku="${sku}"]`)).toBeVisible();
    }
    await expect(page.locator('.lists-status')).toContainText(msg(locale, 'lists.done.added'));
    await checkLayout(page, `list ${locale}`);
    const ownerListHtml = await (await page.request.get(listPath)).text();

    // Shared with the company to view, on the overview.
    await open(page, listsPath);
    const card = page.locator('.lists-card', { has: page.getByRole('link', { name }) });
    await card.locator('summary').click();
    await card.getByLabel(msg(locale, 'lists.sharingLabel')).selectOption('read');
    await card.getByRole('button', { name: msg(locale, 'lists.share') }).click();
    await expect(page).toHaveURL(new RegExp(`${listsPath}\\?done=shared$`));
    await expect(page.locator('.lists-card', { has: page.getByRole('link', { name }) })).toContainText(
      msg(locale, 'lists.sharing.read'),
    );
    await checkLayout(page, `lists ${locale}`);
    const overviewHtml = await page.content();

    // The colleague sees it among the lists shared with her, reads it, and adds all of it to her cart.
    await signIn(page, DEMO_FIXTURES.acmeUsers.foreman2.email);
    const before = await cartQuantities(page);
    await open(page, listsPath);
    const shared = page.getByRole('region', { name: msg(locale, 'lists.sharedTitle') });
    await shared.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${listPath}$`));
    await expect(page.getByText(msg(locale, 'lists.readOnlyIntro'))).toBeVisible();
    await expect(page.getByRole('button', { name: msg(locale, 'lists.addLine') })).toHaveCount(0);
    await expect(page.locator('tbody tr')).toHaveCount(LINES[locale].length);
    await checkLayout(page, `shared list ${locale}`);
    const colleagueHtml = await (await page.request.get(listPath)).text();
    await page.getByRole('button', { name: msg(locale, 'lists.addAll') }).click();
    await expect(page).toHaveURL(new RegExp(`${listPath}\\?done=cart(#cart)?$`));
    const after = await cartQuantities(page);
    for (const [sku, quantity] of LINES[locale]) expect(after.get(sku), sku).toBe((before.get(sku) ?? 0) + quantity);

    expect(
      await htmlErrors(
        new Map([
          [`list ${locale}`, ownerListHtml],
          [`lists ${locale}`, `<!DOCTYPE html>${overviewHtml.replace(/^<!DOCTYPE html>/i, '')}`],
          [`shared list ${locale}`, colleagueHtml],
        ]),
      ),
    ).toEqual([]);
    expect((await page.request.get(listPath)).headers()['cache-control']).toContain('no-store');
  });
}
