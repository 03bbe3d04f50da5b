// A shopper's confirmed invoice order of one product, placed through the shop's own JSON API as the
// checkout would place it: what a review needs (only buyers may review). Shared by the review specs.
import type { APIRequestContext } from '@playwright/test';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { expect } from './helpers.ts';
import { API_ADDRESS as ADDRESS } from './checkout-flow.ts';

/** A JSON POST that must succeed; its answer. */
export async function postOk(request: APIRequestContext, url: string, data: unknown): Promise<Record<string, unknown>> {
  const response = await request.post(url, { data });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** Signs the context's shopper in and places a confirmed invoice order of one product. */
export async function buy(request: APIRequestContext, base: string, email: string, sku: string): Promise<void> {
  const post = (path: string, data: unknown) => postOk(request, `${base}${path}`, data);
  await post('/api/auth/login', { username: email, password: DEMO_FIXTURES.password });
  type Cart = { id: string; version: number; pricesHash: string };
  let { cart } = (await post('/api/cart/add', { sku, quantity: 1 })) as { cart: Cart };
  for (const change of [
    { shippingAddress: ADDRESS },
    { shippingMethod: { methodCode: 'standard' } },
    { billingAddress: { ...ADDRESS, email } },
  ]) {
    ({ cart } = (await post('/api/checkout/update', { version: cart.version, ...change })) as { cart: Cart });
  }
  const { order } = (await post('/api/orders/create', {
    idempotencyKey: crypto.randomUUID(),
    cartId: cart.id,
    cart: { version: cart.version, pricesHash: cart.pricesHash },
    paymentMethodCode: 'invoice',
  })) as { order: { id: string } };
  await post('/api/orders/confirm', { id: order.id });
}
