// Checkout guards (docs/checkout.md), as a browser meets them: the server answers a checkout step
// the shopper may not be on with a redirect before any HTML, in every locale.
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { expect, localePath, test, type Locale } from './helpers.ts';

const ADDRESS = {
  firstName: 'Erika',
  lastName: 'Musterfrau',
  street: 'Königstraße 1',
  postalCode: '70173',
  city: 'Stuttgart',
  country: 'DE',
  email: 'erika@example.com',
};

/** The path a navigation ended on, without origin and query. */
async function landing(page: Page, path: string): Promise<string> {
  await page.goto(path);
  return new URL(page.url()).pathname;
}

async function cartVersion(request: APIRequestContext): Promise<number> {
  const response = await request.post('/api/cart/get', { data: {} });
  return (await response.json()).cart.version as number;
}

async function update(request: APIRequestContext, data: Record<string, unknown>): Promise<void> {
  const response = await request.post('/api/checkout/update', {
    data: { version: await cartVersion(request), ...data },
  });
  expect(response.status(), await response.text()).toBe(200);
}

for (const locale of ['de', 'en'] as Locale[]) {
  test(`guards send a shopper to the right place (${locale})`, async ({ page }) => {
    const at = (path: string) => localePath(locale, path);
    // No cart: every step and the processing page's siblings go home; start and thank-you stay.
    expect(await landing(page, at('/checkout/shipping'))).toBe(at('/'));
    expect(await landing(page, at('/checkout/billing'))).toBe(at('/'));
    expect(await landing(page, at('/checkout/payment'))).toBe(at('/'));
    expect(await landing(page, at('/checkout'))).toBe(at('/checkout'));
    expect(await landing(page, at('/checkout/thank-you'))).toMatch(new RegExp(`^${at('/checkout')}(/thank-you)?$`));

    // A cart, nothing entered yet: shipping is open, billing and payment are not.
    const added = await page.request.post('/api/cart/add', {
      data: { sku: DEMO_FIXTURES.products.available, quantity: 1 },
    });
    expect(added.status()).toBe(200);
    expect(await landing(page, at('/checkout/shipping'))).toBe(at('/checkout/shipping'));
    expect(await landing(page, at('/checkout/billing'))).toBe(at('/checkout'));
    expect(await landing(page, at('/checkout/payment'))).toBe(at('/checkout'));

    // A shipping address alone is not enough: billing needs the method too.
    await update(page.request, { shippingAddress: ADDRESS });
    expect(await landing(page, at('/checkout/billing'))).toBe(at('/checkout'));
    await update(page.request, { shippingMethod: { methodCode: 'standard' } });
    expect(await landing(page, at('/checkout/billing'))).toBe(at('/checkout/billing'));
    // Payment needs a billing address.
    expect(await landing(page, at('/checkout/payment'))).toBe(at('/checkout'));
    await update(page.request, { billingAddress: ADDRESS });
    expect(await landing(page, at('/checkout/payment'))).toBe(at('/checkout/payment'));
  });
}

test('a redirect happens on the server, before any page HTML', async ({ request }) => {
  const response = await request.get('/en/checkout/payment', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('/en');
});

test('the checkout pages are not for search engines', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});
