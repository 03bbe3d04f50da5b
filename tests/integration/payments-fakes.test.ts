// The environment the end-to-end server gets from startPaymentFakes must be one the shop accepts and
// that leads its gateways to the fakes.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseEnv } from '#lib/server/env.ts';
import { stripeGateway } from '#lib/server/payments/stripe.ts';
import { paypalGateway } from '#lib/server/payments/paypal.ts';
import { startPaymentFakes, type PaymentFakes } from '../fakes/payment-fakes.ts';

let fakes: PaymentFakes;
beforeAll(async () => {
  fakes = await startPaymentFakes({ stripeWebhookUrl: 'http://127.0.0.1:9/webhook' });
});
afterAll(() => fakes.stop());

describe('startPaymentFakes', () => {
  test('hands out a valid shop configuration that reaches both fakes', async () => {
    const env = parseEnv(fakes.env);
    expect(env).toMatchObject({
      STRIPE_API_BASE: fakes.stripe.url,
      STRIPE_JS_URL: `${fakes.stripe.url}/v3/`,
      PAYPAL_API_BASE: fakes.paypal.url,
    });

    const stripe = stripeGateway({
      secretKey: env.STRIPE_SECRET_KEY!,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
      apiBase: env.STRIPE_API_BASE!,
    });
    const intent = await stripe.createIntent({
      orderId: 'o',
      transactionnum: '1',
      amountCents: 100,
      currency: 'EUR',
      method: 'card',
      email: 'a@example.com',
      idempotencyKey: 'k',
    });
    expect(fakes.stripe.intents.has(intent.id)).toBe(true);

    const paypal = paypalGateway({
      clientId: env.PAYPAL_CLIENT_ID!,
      clientSecret: env.PAYPAL_CLIENT_SECRET!,
      apiBase: env.PAYPAL_API_BASE,
    });
    const order = await paypal.createOrder({
      orderId: 'o',
      transactionnum: '1',
      amountCents: 100,
      currency: 'EUR',
      returnUrl: 'http://shop.test/r',
      cancelUrl: 'http://shop.test/c',
      locale: 'en-GB',
      requestId: 'r',
    });
    expect(fakes.paypal.orders.has(order.id)).toBe(true);

    const js = await fetch(env.STRIPE_JS_URL);
    expect(await js.text()).toContain('window.Stripe = Stripe');
  });
});
