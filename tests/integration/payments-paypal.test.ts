// The real PayPal gateway (Orders v2 over fetch) against the loopback fake that speaks PayPal's API.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { paypalGateway, type PayPalGateway } from '#lib/server/payments/paypal.ts';
import { startFakePayPal, type FakePayPal } from '../fakes/paypal-server.ts';
import { importWithEnv, providerError } from '../helpers/payments.ts';

let fake: FakePayPal;
let gateway: PayPalGateway;

beforeAll(async () => {
  fake = await startFakePayPal();
  gateway = paypalGateway({ clientId: fake.clientId, clientSecret: fake.clientSecret, apiBase: fake.url });
});

afterAll(() => fake.stop());

afterEach(() => {
  fake.failNext(0);
  vi.useRealTimers();
});

let ids = 0;
const input = (overrides: Partial<Parameters<PayPalGateway['createOrder']>[0]> = {}) => ({
  orderId: '7f0c9a52-0000-4000-8000-000000000002',
  transactionnum: `1000${++ids}`,
  amountCents: 12_34,
  currency: 'EUR',
  returnUrl: 'http://shop.test/order-payment/7f0c9a52/success',
  cancelUrl: 'http://shop.test/order-payment/7f0c9a52/cancel',
  locale: 'de-DE',
  requestId: `create-${ids}-${Date.now()}`,
  ...overrides,
});

const fresh = () => paypalGateway({ clientId: fake.clientId, clientSecret: fake.clientSecret, apiBase: fake.url });

/** The buyer on PayPal's approval page: loads it, then submits its form with the button they press. */
async function buyer(
  approveUrl: string,
  button: 'approve' | 'cancel',
): Promise<{ page: string; redirect: string | null }> {
  const page = await (await fetch(approveUrl)).text();
  const token = new URL(approveUrl).searchParams.get('token')!;
  const res = await fetch(new URL('/checkoutnow', approveUrl), {
    method: 'POST',
    body: new URLSearchParams({ token, action: button }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return { page, redirect: res.headers.get('location') };
}

describe('paypalGateway.createOrder', () => {
  test('creates a CAPTURE order for the shop order, in exact decimal, and hands back where the buyer approves', async () => {
    const order = await gateway.createOrder(
      input({ amountCents: 1_234_56, requestId: 'create-shape', transactionnum: '100777' }),
    );

    expect(order).toMatchObject({
      status: 'PAYER_ACTION_REQUIRED',
      amountCents: 1_234_56,
      currency: 'EUR',
      orderId: '7f0c9a52-0000-4000-8000-000000000002',
      captureId: null,
      captureStatus: null,
    });
    expect(order.approveUrl).toBe(`${fake.url}/checkoutnow?token=${order.id}`);
    const sent = fake.requests.findLast((r) => r.path === '/v2/checkout/orders');
    expect(sent).toMatchObject({ requestId: 'create-shape' });
    expect(sent?.body).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: '7f0c9a52-0000-4000-8000-000000000002',
          custom_id: '7f0c9a52-0000-4000-8000-000000000002',
          invoice_id: '100777',
          amount: { currency_code: 'EUR', value: '1234.56' },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: 'http://shop.test/order-payment/7f0c9a52/success',
            cancel_url: 'http://shop.test/order-payment/7f0c9a52/cancel',
            user_action: 'PAY_NOW',
            locale: 'de-DE',
            shipping_preference: 'NO_SHIPPING',
          },
        },
      },
    });
  });

  test('sends amounts a float would round wrongly exactly, and reads them back exactly', async () => {
    for (const [cents, value] of [
      [29, '0.29'],
      [115, '1.15'],
      [1_000_01, '1000.01'],
    ] as const) {
      const order = await gateway.createOrder(input({ amountCents: cents, currency: 'GBP' }));
      expect(fake.orders.get(order.id)?.purchase_units[0]?.amount).toEqual({ currency_code: 'GBP', value });
      expect(order).toMatchObject({ amountCents: cents, currency: 'GBP' });
    }
  });

  test('the same PayPal-Request-Id twice gives one PayPal order', async () => {
    const before = fake.orders.size;
    const first = await gateway.createOrder(input({ requestId: 'double-click' }));
    const second = await gateway.createOrder(input({ requestId: 'double-click' }));
    expect(second.id).toBe(first.id);
    expect(fake.orders.size).toBe(before + 1);
  });

  test('refuses amounts a payment cannot have before asking PayPal', async () => {
    const before = fake.requests.length;
    await expect(gateway.createOrder(input({ amountCents: 0 }))).rejects.toThrow();
    await expect(gateway.createOrder(input({ amountCents: 10.5 }))).rejects.toThrow();
    await expect(gateway.createOrder(input({ currency: 'CHF' }))).rejects.toThrow();
    expect(fake.requests.length).toBe(before);
  });
});

describe('paypalGateway access token', () => {
  test('is fetched once and reused, also by requests that start together', async () => {
    const paypal = fresh();
    const before = fake.tokensIssued();
    const order = await paypal.createOrder(input());
    await Promise.all([paypal.getOrder(order.id), paypal.getOrder(order.id), paypal.createOrder(input())]);
    expect(fake.tokensIssued()).toBe(before + 1);

    const cold = fresh();
    await Promise.all([cold.getOrder(order.id), cold.getOrder(order.id), cold.getOrder(order.id)]);
    expect(fake.tokensIssued()).toBe(before + 2);
  });

  test('is renewed shortly before it expires, not after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const paypal = fresh();
    const order = await paypal.createOrder(input());
    const before = fake.tokensIssued();
    vi.setSystemTime(Date.now() + 32_400_000 - 120_000);
    await paypal.getOrder(order.id);
    expect(fake.tokensIssued()).toBe(before);
    vi.setSystemTime(Date.now() + 90_000);
    await paypal.getOrder(order.id);
    expect(fake.tokensIssued()).toBe(before + 1);
  });

  test('a token PayPal stopped accepting is replaced once and the call still succeeds', async () => {
    const paypal = fresh();
    const order = await paypal.createOrder(input());
    const before = fake.tokensIssued();
    fake.revokeTokens();
    expect((await paypal.getOrder(order.id)).id).toBe(order.id);
    expect(fake.tokensIssued()).toBe(before + 1);
  });

  test('wrong client credentials are a typed, non-retryable error', async () => {
    const wrong = paypalGateway({ clientId: fake.clientId, clientSecret: 'not-the-secret', apiBase: fake.url });
    const error = await providerError(wrong.createOrder(input()));
    expect(error).toMatchObject({
      code: 'PAYMENT_PROVIDER_AUTH_FAILED',
      provider: 'paypal',
      providerStatus: 401,
      retryable: false,
    });
  });
});

describe('paypalGateway approve and capture', () => {
  test('the buyer approves on PayPal, comes back with token and PayerID, and the capture completes the payment', async () => {
    const created = await gateway.createOrder(input({ amountCents: 49_90 }));
    const { page, redirect } = await buyer(created.approveUrl!, 'approve');

    expect(page).toContain('49.90 EUR');
    expect(page).toMatch(/<button type="submit" name="action" value="approve">Pay now<\/button>/);
    const back = new URL(redirect!);
    expect(`${back.origin}${back.pathname}`).toBe('http://shop.test/order-payment/7f0c9a52/success');
    expect(back.searchParams.get('token')).toBe(created.id);
    expect(back.searchParams.get('PayerID')).toBeTruthy();
    expect((await gateway.getOrder(created.id)).status).toBe('APPROVED');

    const captured = await gateway.captureOrder(created.id, `capture-${created.id}`);
    expect(captured).toMatchObject({
      id: created.id,
      status: 'COMPLETED',
      amountCents: 49_90,
      currency: 'EUR',
      orderId: created.orderId,
      captureStatus: 'COMPLETED',
    });
    expect(captured.captureId).toMatch(/^[A-Z0-9]{17}$/);
  });

  test('capturing twice, with the same or a new request id, answers the one capture', async () => {
    const created = await gateway.createOrder(input());
    fake.approve(created.id);
    const first = await gateway.captureOrder(created.id, 'capture-twice');
    const replayed = await gateway.captureOrder(created.id, 'capture-twice');
    const retried = await gateway.captureOrder(created.id, 'capture-after-lost-answer');

    expect(replayed.captureId).toBe(first.captureId);
    expect(retried).toMatchObject({ status: 'COMPLETED', captureId: first.captureId, amountCents: first.amountCents });
    expect(fake.orders.get(created.id)?.purchase_units[0]?.payments?.captures).toHaveLength(1);
    // The retry saw PayPal's 422 ORDER_ALREADY_CAPTURED and read the order instead.
    expect(fake.requests.filter((r) => r.path === `/v2/checkout/orders/${created.id}`).length).toBeGreaterThan(0);
  });

  test('capturing before the buyer approved is PAYMENT_NOT_APPROVED', async () => {
    const created = await gateway.createOrder(input());
    const error = await providerError(gateway.captureOrder(created.id, 'too-early'));
    expect(error).toMatchObject({ code: 'PAYMENT_NOT_APPROVED', providerStatus: 422, status: 409 });
    expect(fake.orders.get(created.id)?.status).toBe('PAYER_ACTION_REQUIRED');
  });

  test('a buyer who cancels on PayPal comes back to cancel_url and the order stays unpaid', async () => {
    const created = await gateway.createOrder(input());
    const { redirect } = await buyer(created.approveUrl!, 'cancel');
    expect(redirect).toBe(`http://shop.test/order-payment/7f0c9a52/cancel?token=${created.id}`);
    expect((await gateway.getOrder(created.id)).status).toBe('PAYER_ACTION_REQUIRED');
  });

  test('an unknown order is PAYMENT_PROVIDER_REJECTED; an id that is not a PayPal id never reaches PayPal', async () => {
    expect((await providerError(gateway.getOrder('0ABCDEFGHIJKLMNOP'))).providerStatus).toBe(404);
    const before = fake.requests.length;
    for (const id of ['../../v1/oauth2/token', 'abc def', '']) {
      expect((await providerError(gateway.captureOrder(id, 'x'))).code).toBe('PAYMENT_PROVIDER_REJECTED');
    }
    expect(fake.requests.length).toBe(before);
  });
});

describe('paypalGateway when PayPal is unwell', () => {
  test('a PayPal that cannot be reached is PAYMENT_PROVIDER_UNAVAILABLE (retryable)', async () => {
    const gone = await startFakePayPal();
    await gone.stop();
    const offline = paypalGateway({ clientId: gone.clientId, clientSecret: gone.clientSecret, apiBase: gone.url });
    const error = await providerError(offline.createOrder(input()));
    expect(error).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', retryable: true });
  });

  test('a 5xx is PAYMENT_PROVIDER_UNAVAILABLE, and the retry with the same request id creates the order once', async () => {
    const paypal = fresh();
    await paypal.getOrder((await paypal.createOrder(input())).id);
    fake.failNext(1, 503);
    const error = await providerError(paypal.createOrder(input({ requestId: 'after-outage' })));
    expect(error).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', providerStatus: 503 });
    const before = fake.orders.size;
    const order = await paypal.createOrder(input({ requestId: 'after-outage' }));
    const again = await paypal.createOrder(input({ requestId: 'after-outage' }));
    expect(again.id).toBe(order.id);
    expect(fake.orders.size).toBe(before + 1);
  });

  test('reads amounts only when they are exact; other answers are unknown amounts or a bad response', async () => {
    const answers: unknown[] = [];
    const stub: typeof fetch = async (url, init) => {
      expect(init?.signal).toBeInstanceOf(AbortSignal);
      if (String(url).endsWith('/v1/oauth2/token')) return Response.json({ access_token: 'T', expires_in: 3600 });
      return Response.json(answers.shift());
    };
    const paypal = paypalGateway({
      clientId: 'id',
      clientSecret: 'secret',
      apiBase: 'https://paypal.invalid/',
      fetch: stub,
    });
    const order = (value: string, currency = 'EUR') => ({
      id: 'ORDER1',
      status: 'COMPLETED',
      purchase_units: [{ custom_id: 'o-1', amount: { currency_code: currency, value } }],
      links: [],
    });

    answers.push(
      order('1234.50'),
      order('12.345'),
      order('1e3'),
      order('100', 'JPY'),
      { id: 'ORDER1', status: 'CREATED' },
      { status: 'COMPLETED' },
    );
    expect(await paypal.getOrder('ORDER1')).toMatchObject({ amountCents: 123_450, currency: 'EUR', orderId: 'o-1' });
    expect(await paypal.getOrder('ORDER1')).toMatchObject({ amountCents: null, currency: 'EUR' });
    expect(await paypal.getOrder('ORDER1')).toMatchObject({ amountCents: null });
    expect(await paypal.getOrder('ORDER1')).toMatchObject({ amountCents: null, currency: 'JPY' });
    expect(await paypal.getOrder('ORDER1')).toEqual({
      id: 'ORDER1',
      status: 'CREATED',
      amountCents: null,
      currency: null,
      orderId: null,
      approveUrl: null,
      captureId: null,
      captureStatus: null,
    });
    expect((await providerError(paypal.getOrder('ORDER1'))).code).toBe('PAYMENT_PROVIDER_BAD_RESPONSE');
  });
});

describe('paypalFromEnv', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  const fromEnv = (vars: Record<string, string>) =>
    importWithEnv(vars, async () => (await import('#lib/server/payments/paypal.ts')).paypalFromEnv());

  test('is null until client id and secret are configured', async () => {
    expect(await fromEnv({ PAYPAL_CLIENT_ID: '', PAYPAL_CLIENT_SECRET: '' })).toBeNull();
    expect(await fromEnv({ PAYPAL_CLIENT_ID: fake.clientId, PAYPAL_CLIENT_SECRET: '' })).toBeNull();
  });

  test('talks to PAYPAL_API_BASE with the configured credentials', async () => {
    const configured = await fromEnv({
      PAYPAL_CLIENT_ID: fake.clientId,
      PAYPAL_CLIENT_SECRET: fake.clientSecret,
      PAYPAL_API_BASE: fake.url,
    });
    const order = await configured!.createOrder(input());
    expect(fake.orders.has(order.id)).toBe(true);
  });
});
