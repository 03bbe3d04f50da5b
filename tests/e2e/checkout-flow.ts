// The checkout steps as a shopper takes them, shared by the desktop and mobile checkout specs.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Cart } from '#lib/cart/contract.ts';
import { choose, escapeRegExp, expect, localePath, msg, type Locale, waitForIslands } from './helpers.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

export const SKU = DEMO_FIXTURES.products.available;

/** Like helpers.ts open(), with patience for hydration on a busy machine. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForIslands(page, 20_000);
  return response;
}

export async function addToCart(page: Page, quantity = 2): Promise<void> {
  const response = await page.request.post('/api/cart/add', { data: { sku: SKU, quantity } });
  expect(response.ok(), 'add to cart').toBe(true);
}

export async function fillAddress(page: Page, locale: Locale, scope = page.locator('main')) {
  // Anchored: in French 'Nom' is also the end of 'Prénom'; optional fields carry a suffix.
  const field = (key: Parameters<typeof msg>[1]) =>
    scope.getByLabel(new RegExp(`^${escapeRegExp(msg(locale, key))}`)).first();
  await field('checkout.address.firstName').fill('Erika');
  await field('checkout.address.lastName').fill('Mustermann');
  await field('checkout.address.company').fill('Muster GmbH');
  await scope.getByLabel(new RegExp(`^${msg(locale, 'checkout.address.street')}`)).fill('Hauptstraße 5');
  await field('checkout.address.postalCode').fill('10115');
  await field('checkout.address.city').fill('Berlin');
}

export async function chooseShippingMethod(page: Page, locale: Locale) {
  const methods = page.getByRole('group', { name: msg(locale, 'checkout.shippingMethod') });
  await expect(methods.getByRole('radio').first()).toBeVisible();
  await choose(methods.getByRole('radio').first());
  await page.getByRole('button', { name: msg(locale, 'checkout.continueToBilling') }).click();
}

/** From an empty browser through the start page and the shipping step, as a guest. */
export async function guestToBilling(page: Page, locale: Locale) {
  await addToCart(page, 2);
  await open(page, localePath(locale, '/checkout'));
  await page.getByRole('link', { name: msg(locale, 'checkout.start.guest') }).click();
  await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/checkout/shipping')}$`));
  await open(page, page.url());
  const steps = page.getByRole('navigation', { name: msg(locale, 'checkout.steps') });
  await expect(steps.locator('[aria-current="step"]')).toContainText(msg(locale, 'checkout.shipping'));
  await expect(steps.getByRole('link')).toHaveCount(0);
  await fillAddress(page, locale);
  await page.getByRole('button', { name: msg(locale, 'checkout.saveAddress') }).click();
  await chooseShippingMethod(page, locale);
  await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/checkout/billing')}$`));
  await open(page, page.url());
  await expect(steps.getByRole('link', { name: new RegExp(msg(locale, 'checkout.shipping')) })).toBeVisible();
  await expect(page.getByLabel(msg(locale, 'checkout.sameAsShipping'))).toBeChecked();
}

/** On to the payment step; a guest must give the email the confirmation goes to. */
export async function guestToPayment(page: Page, locale: Locale, email: string) {
  await guestToBilling(page, locale);
  await page.getByRole('button', { name: msg(locale, 'checkout.continueToPayment') }).click();
  const field = page.getByLabel(msg(locale, 'checkout.address.email'));
  await expect(field).toBeFocused();
  await field.fill(email);
  await page.getByRole('button', { name: msg(locale, 'checkout.continueToPayment') }).click();
  await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/checkout/payment')}$`));
  await open(page, page.url());
}

export async function expectThankYou(page: Page, locale: Locale) {
  await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/checkout/thank-you/')}[0-9a-f-]{36}$`), {
    timeout: 20_000,
  });
  await expect(page.getByText(msg(locale, 'checkout.thankYou.title'))).toBeVisible();
  await expect(page.getByText(msg(locale, 'checkout.order.number'))).toBeVisible();
}

/** An address as the checkout's API takes it (shipping and billing alike). */
export const API_ADDRESS = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  street: 'Hauptstraße 5',
  postalCode: '10115',
  city: 'Berlin',
  country: 'DE',
  email: 'erika@example.com',
};

/** A guest's cart through the checkout as far as `steps` go (what the shopper entered on each step). */
export async function checkoutCart(request: APIRequestContext, steps: number): Promise<Cart> {
  const post = async (path: string, data: object) => {
    const response = await request.post(path, { data });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as { cart: Cart };
  };
  let { cart } = await post('/api/cart/add', { sku: SKU, quantity: 1 });
  for (const change of [
    { shippingAddress: API_ADDRESS },
    { shippingMethod: { methodCode: 'standard' } },
    { billingAddress: API_ADDRESS },
  ].slice(0, steps)) {
    ({ cart } = await post('/api/checkout/update', { version: cart.version, ...change }));
  }
  return cart;
}

/** Places the signed-in (or guest) shopper's ready cart on invoice through the API; the order as answered. */
export async function placeInvoiceOrder<O = { id: string; cartInfo: Cart }>(
  request: APIRequestContext,
  cart: Cart,
): Promise<O> {
  const placed = await request.post('/api/orders/create', {
    data: {
      idempotencyKey: randomUUID(),
      cartId: cart.id,
      cart: { version: cart.version, pricesHash: cart.pricesHash },
      paymentMethodCode: 'invoice',
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  return ((await placed.json()) as { order: O }).order;
}
