// Prices and orderability as a shopper meets them (docs/prices.md, docs/stock.md, docs/cart.md): a
// contract customer never pays more than the public price, what cannot be ordered is refused in the
// buy box at once, a chosen shipping method is a row of the totals, and a bad quantity adds nothing.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, localePath, msg, test, type Locale, waitForIslands } from './helpers.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { MAX_QUANTITY } from '#lib/cart/rules.ts';
import type { Cart } from '#lib/cart/contract.ts';

const P = DEMO_FIXTURES.products;
const locale: Locale = 'en';
/** Demo seed: public 448.99, public special 366.99, acme contract 369.99 (the contract is dearer). */
const CONTRACT_ABOVE_SPECIAL = { sku: 'BMA-10052', special: '366.99', contract: '369.99' };

async function find(request: APIRequestContext, sku: string): Promise<{ name: string; path: string }> {
  const response = await request.post('/api/catalog/search', { data: { keyword: sku, locale, limit: 10 } });
  expect(response.ok(), `search for ${sku}`).toBe(true);
  const hit = (
    (await response.json()) as { data: { id: number; sku: string; slug: string; name: string }[] }
  ).data.find((p) => p.sku === sku);
  if (!hit) throw new Error(`fixture ${sku} not found by search`);
  return { name: hit.name, path: localePath(locale, `/p/${hit.id}/${hit.slug}`) };
}

async function openProduct(page: Page, path: string) {
  await page.goto(path);
  await waitForIslands(page, 20_000);
  await expect(buyBox(page).locator('.buy-box-availability')).not.toContainText(msg(locale, 'availability.loading'), {
    timeout: 15_000,
  });
}

const buyBox = (page: Page) => page.locator('form.buy-box');
const addButton = (page: Page) => buyBox(page).getByRole('button', { name: msg(locale, 'catalog.addToCart') });
const sidebar = (page: Page) => page.getByRole('dialog', { name: msg(locale, 'cart.title') });

async function serverCart(page: Page): Promise<Cart | null> {
  const response = await page.request.get('/api/cart/get');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { cart: Cart | null }).cart;
}

test.describe('prices and orderability', () => {
  test('buyer@acme sees and pays the public special price where its contract price is higher', async ({ page }) => {
    const product = await find(page.request, CONTRACT_ABOVE_SPECIAL.sku);
    const login = await page.request.post('/api/auth/login', {
      data: { username: DEMO_FIXTURES.customers.acme.email, password: DEMO_FIXTURES.password },
    });
    expect(login.ok(), await login.text()).toBe(true);
    await openProduct(page, product.path);
    const price = buyBox(page).locator('.buy-box-price');
    await expect(price).toContainText(CONTRACT_ABOVE_SPECIAL.special);
    await expect(price).toContainText(msg(locale, 'price.special'));
    await expect(price).not.toContainText(CONTRACT_ABOVE_SPECIAL.contract);
    await expect(price.locator('s')).toContainText('448.99');

    await addButton(page).click();
    await expect(sidebar(page)).toBeVisible();
    // The demo customer's cart is shared with other tests: look at this product's line only.
    const line = sidebar(page).locator('.cart-item').filter({ hasText: product.name });
    await expect(line).toContainText(CONTRACT_ABOVE_SPECIAL.special);
    const item = (await serverCart(page))?.cartItems.find((i) => i.sku === CONTRACT_ABOVE_SPECIAL.sku);
    expect(item?.rowTotal).toBe(Number(CONTRACT_ABOVE_SPECIAL.special) * (item?.quantity ?? 0));
  });

  test('a customer excluded from taxation reads that note under the price, not "plus tax"', async ({ page }) => {
    const product = await find(page.request, P.available);
    await openProduct(page, product.path);
    const note = buyBox(page).locator('.price-tax-note');
    await expect(note).toHaveText(msg(locale, 'cart.plusTaxAndShipping'));
    const login = await page.request.post('/api/auth/login', {
      data: { username: DEMO_FIXTURES.customers.excludeTax.email, password: DEMO_FIXTURES.password },
    });
    expect(login.ok(), await login.text()).toBe(true);
    await openProduct(page, product.path);
    await expect(note).toHaveText(msg(locale, 'tax.ACCOUNT_EXCLUDE'));
  });

  test('an unavailable product and a variant parent cannot be added, and the box says why', async ({ page }) => {
    const gone = await find(page.request, P.notAvailable);
    await openProduct(page, gone.path);
    await expect(addButton(page)).toBeDisabled();
    await expect(buyBox(page)).toContainText(msg(locale, 'availability.not-available'));

    const parent = await find(page.request, P.variantParent);
    await openProduct(page, parent.path);
    await expect(addButton(page)).toBeDisabled();
    await expect(addButton(page)).toHaveAccessibleDescription(msg(locale, 'catalog.chooseVariant'));
  });

  test('a quantity of 0, -3 or 2.5 adds nothing and says what is allowed', async ({ page }) => {
    const product = await find(page.request, P.available);
    await openProduct(page, product.path);
    const field = buyBox(page).getByRole('spinbutton', { name: msg(locale, 'catalog.quantity') });
    for (const typed of ['0', '-3', '2.5']) {
      await field.fill(typed);
      await addButton(page).click();
      await expect(buyBox(page).getByRole('alert')).toHaveText(
        msg(locale, 'catalog.quantityInvalid', { max: MAX_QUANTITY }),
      );
      await expect(field).toHaveValue(typed);
      await expect(sidebar(page)).toBeHidden();
    }
    expect((await serverCart(page))?.cartItems ?? []).toHaveLength(0);
  });

  test('once a shipping method is chosen the cart shows a shipping row and the total includes VAT', async ({
    page,
  }) => {
    const product = await find(page.request, P.available);
    const added = await page.request.post('/api/cart/add', { data: { sku: P.available, quantity: 1 } });
    expect(added.ok(), await added.text()).toBe(true);
    let { cart } = (await added.json()) as { cart: Cart };
    const address = {
      firstName: 'Erika',
      lastName: 'Mustermann',
      street: 'Hauptstraße 5',
      city: 'Berlin',
      postalCode: '10115',
      country: 'DE',
    };
    for (const change of [{ shippingAddress: address }, { shippingMethod: { methodCode: 'standard' } }]) {
      const updated = await page.request.post('/api/checkout/update', { data: { version: cart.version, ...change } });
      expect(updated.ok(), await updated.text()).toBe(true);
      cart = ((await updated.json()) as { cart: Cart }).cart;
    }
    await openProduct(page, product.path);
    await addButton(page).click();
    const totals = sidebar(page).locator('.cart-totals');
    await expect(totals.getByText(msg(locale, 'checkout.totals.shipping'), { exact: true })).toBeVisible();
    await expect(totals.getByText(msg(locale, 'checkout.totals.inclTax'), { exact: true })).toBeVisible();
    await expect(totals.getByText(msg(locale, 'cart.plusShipping'), { exact: true })).toHaveCount(0);
  });
});
