// The pages a shopper passes through, each checked for sideways scrolling: the document is no wider
// than the viewport and no element sticks out past its right edge (unless an ancestor clips it).
// Shared by viewport.spec.ts (desktop) and viewport.mobile.spec.ts (phone).
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, localePath, msg, test, type Locale } from './helpers.ts';
import { guestToPayment, open } from './checkout-flow.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

interface Overflow {
  scrollWidth: number;
  viewport: number;
  widest: { selector: string; right: number } | null;
}

/** The document's width and the element reaching furthest right that nothing clips. */
async function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const clips = (el: Element) => {
      const style = getComputedStyle(el);
      return style.overflowX !== 'visible' || style.position === 'fixed';
    };
    // An absolutely positioned element escapes the clipping of every ancestor below its containing
    // block (the nearest positioned ancestor): only that block and those above it clip it.
    const clipped = (el: Element) => {
      let escaping = getComputedStyle(el).position === 'absolute';
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        const containing = style.position !== 'static' || style.transform !== 'none';
        if ((!escaping || containing) && clips(a)) return true;
        if (escaping && containing) escaping = style.position === 'absolute';
      }
      return false;
    };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
        typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''
      }`;
    let widest: { selector: string; right: number } | null = null;
    for (const el of document.body.querySelectorAll('*')) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const right = rect.right + window.scrollX;
      if ((!widest || right > widest.right) && !clipped(el) && getComputedStyle(el).position !== 'fixed') {
        widest = {
          selector: `${el.parentElement ? `${name(el.parentElement)} > ` : ''}${name(el)}`,
          right: Math.round(right),
        };
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, viewport, widest };
  });
}

export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const m = await measure(page);
  expect(
    m.scrollWidth,
    `${what}: document width at ${m.viewport} px (widest: ${JSON.stringify(m.widest)})`,
  ).toBeLessThanOrEqual(m.viewport);
  expect(m.widest?.right ?? 0, `${what}: ${m.widest?.selector} sticks out`).toBeLessThanOrEqual(m.viewport);
}

/** The product's page path, found the way a shopper would: searching its SKU. */
export async function productPath(page: Page, sku: string, locale: Locale): Promise<string> {
  const response = await page.request.post('/api/catalog/search', { data: { keyword: sku, locale, limit: 10 } });
  expect(response.ok(), `search for ${sku}`).toBe(true);
  const { data } = (await response.json()) as { data: { id: number; sku: string; slug: string }[] };
  const hit = data.find((p) => p.sku === sku);
  if (!hit) throw new Error(`fixture ${sku} not found by search`);
  return localePath(locale, `/p/${hit.id}/${hit.slug}`);
}

async function checkCatalogPages(page: Page, locale: Locale): Promise<void> {
  await open(page, localePath(locale, '/'));
  await expectNoSidewaysScroll(page, 'home');
  const tile = page
    .getByRole('region', { name: msg(locale, 'search.categories') })
    .getByRole('link')
    .first();
  await open(page, (await tile.getAttribute('href'))!);
  await expectNoSidewaysScroll(page, 'category');
  await open(page, await productPath(page, DEMO_FIXTURES.products.variantParent, locale));
  await expectNoSidewaysScroll(page, 'product with variants');
  await open(page, await productPath(page, DEMO_FIXTURES.products.available, locale));
  await expectNoSidewaysScroll(page, 'product without variants');
}

async function checkCartAndCheckout(page: Page, locale: Locale): Promise<void> {
  await guestToPayment(page, locale, `viewport-${locale}@example.com`);
  await expectNoSidewaysScroll(page, 'checkout payment');
  const steps = page.getByRole('navigation', { name: msg(locale, 'checkout.steps') });
  const billingHref = await steps
    .getByRole('link', { name: new RegExp(msg(locale, 'checkout.billing')) })
    .getAttribute('href');
  await open(
    page,
    (await steps.getByRole('link', { name: new RegExp(msg(locale, 'checkout.shipping')) }).getAttribute('href'))!,
  );
  await expectNoSidewaysScroll(page, 'checkout shipping');
  await open(page, billingHref!);
  await expectNoSidewaysScroll(page, 'checkout billing');
  await open(page, localePath(locale, '/'));
  await page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(`^${msg(locale, 'header.cart')}`) })
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSidewaysScroll(page, 'cart drawer');
}

async function apiPost<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, { data });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A signed-in demo customer with at least one order, so the history shows its table. */
async function checkAccount(page: Page, locale: Locale): Promise<void> {
  await apiPost(page, '/api/auth/login', {
    username: DEMO_FIXTURES.customers.normal.email,
    password: DEMO_FIXTURES.password,
  });
  type Cart = { id: string; version: number; pricesHash: string };
  let { cart } = await apiPost<{ cart: Cart }>(page, '/api/cart/add', {
    sku: DEMO_FIXTURES.products.available,
    quantity: 1,
  });
  const address = {
    firstName: 'Max',
    lastName: 'Mustermann',
    street: 'Hauptstraße 1',
    postalCode: '10115',
    city: 'Berlin',
    country: 'DE',
  };
  for (const change of [
    { shippingAddress: address },
    { shippingMethod: { methodCode: 'standard' } },
    { billingAddress: address },
  ]) {
    ({ cart } = await apiPost<{ cart: Cart }>(page, '/api/checkout/update', { version: cart.version, ...change }));
  }
  await apiPost(page, '/api/orders/create', {
    idempotencyKey: randomUUID(),
    cartId: cart.id,
    cart: { version: cart.version, pricesHash: cart.pricesHash },
    paymentMethodCode: 'invoice',
  });
  await open(page, localePath(locale, '/my-account/order-history'));
  await expect(page.getByRole('table', { name: msg(locale, 'account.OrderHistory') })).toBeVisible();
  await expectNoSidewaysScroll(page, 'order history');
}

/** The page-width tests both viewports run, for one language. */
export function pageWidthTests(locale: Locale): void {
  test('home, category and product pages fit the width', async ({ page }) => {
    await checkCatalogPages(page, locale);
  });
  test('the cart drawer and every checkout step fit the width', async ({ page }) => {
    await checkCartAndCheckout(page, locale);
  });
  test('the order history fits the width', async ({ page }) => {
    await checkAccount(page, locale);
  });
}
