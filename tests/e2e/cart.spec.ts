// The cart on every page (docs/cart.md): adding from the product page, one line per sku and
// accessory set, quantities, coupons, totals and their notes, the header count, the guest cart merged
// into the account at login, texts in German and English, and accessibility with the sidebar open.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  expect,
  expectNoA11yViolations,
  localePath,
  msg,
  msgPlural,
  test,
  type Locale,
  wake,
  waitForIslands,
} from './helpers.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import type { Cart } from '#lib/cart/contract.ts';
import { registerAndActivate } from './accounts.ts';

const P = DEMO_FIXTURES.products;
const PASSWORD = DEMO_FIXTURES.password;
const [AKKU, BITS] = P.accessories;

interface Found {
  id: number;
  sku: string;
  slug: string;
  name: string;
  itemnum: string;
}

async function find(request: APIRequestContext, sku: string, locale: Locale): Promise<Found & { path: string }> {
  const response = await request.post('/api/catalog/search', { data: { keyword: sku, locale, limit: 10 } });
  expect(response.ok(), `search for ${sku}`).toBe(true);
  const hit = ((await response.json()) as { data: Found[] }).data.find((p) => p.sku === sku);
  if (!hit) throw new Error(`fixture ${sku} not found by search`);
  return { ...hit, path: localePath(locale, `/p/${hit.id}/${hit.slug}`) };
}

/** Like helpers.ts open(), with patience for idle hydration on a busy machine. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForIslands(page, 20_000);
}

const sidebar = (page: Page, locale: Locale) => page.getByRole('dialog', { name: msg(locale, 'cart.title') });
const lines = (dialog: Locator) => dialog.locator('.cart-items > li');
const lineOf = (dialog: Locator, text: string) => lines(dialog).filter({ hasText: text });
const cartButton = (page: Page, locale: Locale, count: number) =>
  page.getByRole('banner').getByRole('button', {
    name: `${msg(locale, 'header.cart')}, ${msgPlural(locale, 'header.itemCount', count)}`,
  });

async function serverCart(page: Page): Promise<Cart | null> {
  const response = await page.request.get('/api/cart/get');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { cart: Cart | null }).cart;
}

/** On the product page: choose exactly these accessories and press 'Add to cart'; the sidebar opens. */
async function addFromProductPage(page: Page, locale: Locale, accessoryNames: string[], all: Found[]) {
  const buyBox = page.locator('form.buy-box');
  // The cart's rules, not what happens before the buy box is live (buy-box-before-hydration.spec.ts).
  await wake(buyBox.getByRole('spinbutton'));
  for (const accessory of all) {
    const box = buyBox.locator('li.accessory').filter({ hasText: accessory.name }).getByRole('checkbox');
    await box.setChecked(accessoryNames.includes(accessory.name));
  }
  await buyBox.getByRole('button', { name: msg(locale, 'catalog.addToCart') }).click();
  await expect(sidebar(page, locale)).toBeVisible();
}

async function closeSidebar(page: Page, locale: Locale) {
  await sidebar(page, locale)
    .getByRole('button', { name: msg(locale, 'cart.close') })
    .click();
  await expect(sidebar(page, locale)).toBeHidden();
}

let counter = 0;
/** A customer of this test alone, optionally with a cart of their own (added in a separate session). */
async function newCustomer(
  request: APIRequestContext,
  withCart?: { sku: string; accessories: string[]; quantity: number },
) {
  const email = `cart-${Date.now()}-${process.pid}-${counter++}@example.com`;
  await registerAndActivate(request, { email, password: PASSWORD, firstName: 'Erika', lastName: 'Musterfrau' });
  if (withCart) {
    const added = await request.post('/api/cart/add', { data: withCart });
    expect(added.ok(), await added.text()).toBe(true);
  }
  await request.post('/api/auth/logout', { data: {} });
  return email;
}

async function signIn(page: Page, username: string) {
  const response = await page.request.post('/api/auth/login', { data: { username, password: PASSWORD } });
  expect(response.ok(), await response.text()).toBe(true);
  await page.reload();
  await waitForIslands(page, 20_000);
}

test.describe('cart', () => {
  test('guest: same product and accessory twice is one line; another accessory a second line; quantities, coupons, badge', async ({
    page,
    request,
  }) => {
    const locale = 'en';
    const product = await find(request, P.available, locale);
    const akku = await find(request, AKKU, locale);
    const bits = await find(request, BITS, locale);
    const sbo = await find(request, P.accessories[2], locale);
    const accessories = [akku, bits, sbo];
    await open(page, product.path);

    await addFromProductPage(page, locale, [akku.name], accessories);
    const dialog = sidebar(page, locale);
    await expect(dialog.getByText(msg(locale, 'cart.totalItems_one', { count: 1 }))).toBeVisible();
    await closeSidebar(page, locale);
    await addFromProductPage(page, locale, [akku.name], accessories);
    await expect(lines(dialog)).toHaveCount(1);
    await expect(
      lines(dialog)
        .first()
        .getByRole('spinbutton', { name: msg(locale, 'catalog.quantity') }),
    ).toHaveValue('2');
    await expect(dialog.getByText(msg(locale, 'cart.totalItems_other', { count: 2 }))).toBeVisible();
    let cart = await serverCart(page);
    expect(cart?.cartItems.map((l) => [l.sku, Object.keys(l.selectedAddtionalProducts), l.quantity])).toEqual([
      [P.available, [AKKU], 2],
    ]);

    // The line shows item number, accessory, included items, properties, availability, price.
    const first = lines(dialog).first();
    await expect(first.getByRole('link', { name: product.name })).toBeVisible();
    await expect(first.getByText(`${msg(locale, 'catalog.itemNo')} ${product.itemnum}`, { exact: true })).toBeVisible();
    await expect(first.getByText(akku.name)).toBeVisible();
    await expect(first.getByText(msg(locale, 'catalog.included'), { exact: true })).toBeVisible();
    await expect(first.getByText(msg(locale, 'availability.available'))).toBeVisible();
    await first.getByText(msg(locale, 'catalog.productProperties')).click();
    await expect(first.locator('details[open] dt').first()).toBeVisible();
    await expect(first.locator('img')).toHaveAttribute('width', '140');
    await expect(first.locator('img')).toHaveAttribute('height', '200');
    await expect(dialog.getByText(msg(locale, 'cart.plusShipping'), { exact: true })).toBeVisible();
    await expect(dialog.getByText('Orders received by 2 pm')).toBeVisible();
    await closeSidebar(page, locale);

    await addFromProductPage(page, locale, [bits.name], accessories);
    await expect(lines(dialog)).toHaveCount(2);
    await expect(dialog.getByText(msg(locale, 'cart.totalItems_other', { count: 3 }))).toBeVisible();
    await expect(cartButton(page, locale, 3)).toBeAttached();

    // Coupons: applied with a discount, removed again; an expired one is refused with its message.
    const coupon = dialog.getByLabel(msg(locale, 'cart.coupon'));
    await coupon.fill('welcome10');
    await dialog.getByRole('button', { name: msg(locale, 'cart.applyCoupon') }).click();
    await expect(dialog.getByText(msg(locale, 'cart.couponApplied', { code: 'WELCOME10' }))).toBeVisible();
    await expect(dialog.getByText(msg(locale, 'cart.discount'), { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: msg(locale, 'cart.removeCoupon') }).click();
    await expect(dialog.getByText(msg(locale, 'cart.discount'), { exact: true })).toBeHidden();
    await coupon.fill(DEMO_FIXTURES.coupons.expired);
    await dialog.getByRole('button', { name: msg(locale, 'cart.applyCoupon') }).click();
    await expect(dialog.getByRole('alert')).toHaveText(msg(locale, 'cart.error.COUPON_EXPIRED'));

    await expectNoA11yViolations(page, { include: '.cart-sidebar' });

    // + and − change the quantity; 0 typed into the field removes the line.
    const bitsLine = lineOf(dialog, bits.name);
    await bitsLine.getByRole('button', { name: msg(locale, 'cart.increase') }).click();
    await expect(bitsLine.getByRole('spinbutton')).toHaveValue('2');
    await expect(cartButton(page, locale, 4)).toBeAttached();
    await bitsLine.getByRole('spinbutton').fill('0');
    await bitsLine.getByRole('spinbutton').press('Enter');
    await expect(lines(dialog)).toHaveCount(1);
    await expect(cartButton(page, locale, 2)).toBeAttached();
    cart = await serverCart(page);
    expect(cart?.cartItems.map((l) => l.quantity)).toEqual([2]);

    // Remove empties the cart: the empty state and 'Go back shopping', which closes the sidebar.
    await lines(dialog)
      .first()
      .getByRole('button', { name: msg(locale, 'cart.remove') })
      .click();
    await expect(dialog.getByText(msg(locale, 'cart.empty'))).toBeVisible();
    await dialog.getByRole('button', { name: msg(locale, 'cart.goBackShopping') }).click();
    await expect(dialog).toBeHidden();
    await expect(cartButton(page, locale, 0)).toBeAttached();
  });

  test('German texts, the checkout link, and the cart survives a reload', async ({ page, request }) => {
    const locale = 'de';
    const product = await find(request, P.available, locale);
    await open(page, product.path);
    await addFromProductPage(page, locale, [], []);
    const dialog = sidebar(page, locale);
    await expect(dialog.getByText(msg(locale, 'cart.totalItems_one', { count: 1 }))).toBeVisible();
    await expect(dialog.getByText(msg(locale, 'cart.plusShipping'), { exact: true })).toBeVisible();
    await expect(dialog.getByRole('link', { name: msg(locale, 'cart.goToCheckout') })).toHaveAttribute(
      'href',
      '/checkout',
    );
    await expect(dialog.getByText('Bestellungen, die werktags bis 14 Uhr')).toBeVisible();
    await expect(dialog.getByText(/\d,\d{2}\s€/).first()).toBeVisible();

    await open(page, localePath('en', '/'));
    await expect(cartButton(page, 'en', 1)).toBeAttached();
    await cartButton(page, 'en', 1).click();
    const en = sidebar(page, 'en');
    await expect(en.getByRole('link', { name: msg('en', 'cart.goToCheckout') })).toHaveAttribute(
      'href',
      '/en/checkout',
    );
    // The other language's page reads the cart in that language; the name leads to the product by its sku.
    const english = await find(request, P.available, 'en');
    await expect(en.getByRole('link', { name: english.name, exact: true })).toHaveAttribute(
      'href',
      `/en/search-details?term=${P.available}`,
    );
    await expectNoA11yViolations(page);
  });

  test('an empty cart says so, and a guest who never added anything costs the server no cart call', async ({
    page,
  }) => {
    const cartCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/cart/')) cartCalls.push(r.url());
    });
    await open(page, localePath('en', '/'));
    await cartButton(page, 'en', 0).click();
    const dialog = sidebar(page, 'en');
    await expect(dialog.getByText(msg('en', 'cart.empty'))).toBeVisible();
    await expect(dialog.getByRole('link', { name: msg('en', 'cart.goToCheckout') })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(cartCalls).toEqual([]);
  });

  test('at login the guest cart moves into the account; a line the account already had is summed', async ({
    page,
    request,
  }) => {
    const locale = 'en';
    const product = await find(request, P.available, locale);
    const akku = await find(request, AKKU, locale);
    const withoutCart = await newCustomer(request);
    const withCart = await newCustomer(request, { sku: P.available, accessories: [AKKU], quantity: 3 });

    // A customer without a cart finds the guest's items in the account.
    await open(page, product.path);
    await addFromProductPage(page, locale, [akku.name], [akku]);
    await closeSidebar(page, locale);
    await signIn(page, withoutCart);
    await expect(cartButton(page, locale, 1)).toBeAttached({ timeout: 15_000 });
    expect((await serverCart(page))?.cartItems.map((l) => l.quantity)).toEqual([1]);
    await page.request.post('/api/auth/logout', { data: {} });

    // A customer who had 3 of the same line gets 3 + 2.
    await open(page, product.path);
    await expect(cartButton(page, locale, 0)).toBeAttached({ timeout: 15_000 });
    await addFromProductPage(page, locale, [akku.name], [akku]);
    await closeSidebar(page, locale);
    await addFromProductPage(page, locale, [akku.name], [akku]);
    await closeSidebar(page, locale);
    await signIn(page, withCart);
    await expect(cartButton(page, locale, 5)).toBeAttached({ timeout: 15_000 });
    await cartButton(page, locale, 5).click();
    const dialog = sidebar(page, locale);
    await expect(lines(dialog)).toHaveCount(1);
    await expect(lines(dialog).first().getByRole('spinbutton')).toHaveValue('5');
    expect((await serverCart(page))?.cartItems.map((l) => [l.sku, l.quantity])).toEqual([[P.available, 5]]);
  });

  test('a customer excluded from taxation is told so instead of the tax note', async ({ page, request }) => {
    const locale = 'en';
    const product = await find(request, P.available, locale);
    await open(page, product.path);
    await signIn(page, DEMO_FIXTURES.customers.excludeTax.email);
    await addFromProductPage(page, locale, [], []);
    const dialog = sidebar(page, locale);
    await expect(dialog.getByText(msg(locale, 'cart.excludedFromTax'))).toBeVisible();
    await expect(dialog.getByText(msg(locale, 'cart.plusShipping'), { exact: true })).toHaveCount(0);
    await expect(dialog.getByText(msg(locale, 'cart.tax'), { exact: true })).toHaveCount(0);
  });
});
