// The real Stripe gateway (the official `stripe` library) against the loopback fake that speaks Stripe's API.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { stripeGateway, type StripeGateway, type StripeWebhookEvent } from '#lib/server/payments/stripe.ts';
import { PaymentEventError, PaymentSignatureError } from '#lib/server/payments/errors.ts';
import { startFakeStripe, stripeSignature, type FakeStripe } from '../fakes/stripe-server.ts';
import { listen, readBody, type Listening } from '../fakes/http.ts';
import { importWithEnv, providerError } from '../helpers/payments.ts';

let fake: FakeStripe;
let gateway: StripeGateway;
/** A stand-in for the shop's webhook endpoint: verifies each delivery with the gateway, as the endpoint will. */
let receiver: Listening;
let received: { event: StripeWebhookEvent | null; error: unknown }[] = [];

beforeAll(async () => {
  receiver = await listen(async (req, res) => {
    const raw = await readBody(req);
    try {
      const event = gateway.verifyWebhook(raw, (req.headers['stripe-signature'] as string | undefined) ?? null);
      received.push({ event, error: null });
      res.writeHead(200).end();
    } catch (error) {
      received.push({ event: null, error });
      res.writeHead(400).end();
    }
  });
  fake = await startFakeStripe({ webhookUrl: `${receiver.url}/api/payments/stripe/webhook` });
  gateway = stripeGateway({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.url });
});

afterAll(async () => {
  await fake.stop();
  await receiver.stop();
});

afterEach(async () => {
  fake.failNext(0);
  await fake.flush();
  fake.setWebhook(`${receiver.url}/api/payments/stripe/webhook`, { autoDeliver: true });
  received = [];
});

let keys = 0;
const input = (overrides: Partial<Parameters<StripeGateway['createIntent']>[0]> = {}) => ({
  orderId: '7f0c9a52-0000-4000-8000-000000000001',
  transactionnum: '100042',
  amountCents: 12_34,
  currency: 'EUR',
  method: 'card' as const,
  email: 'max.mustermann@example.com',
  idempotencyKey: `attempt-${++keys}-${Date.now()}`,
  ...overrides,
});

describe('stripeGateway.createIntent', () => {
  test('creates a PaymentIntent for the order: amount in cents, lower-case currency, method, metadata, receipt email', async () => {
    const key = `attempt-create-${Date.now()}`;
    const intent = await gateway.createIntent(
      input({ method: 'sepa_debit', amountCents: 250_00, idempotencyKey: key }),
    );

    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      amountCents: 250_00,
      currency: 'EUR',
      orderId: '7f0c9a52-0000-4000-8000-000000000001',
      lastError: null,
    });
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.clientSecret).toBe(fake.intents.get(intent.id)?.client_secret);
    const sent = fake.requests.findLast((r) => r.path === '/v1/payment_intents');
    expect(sent).toMatchObject({
      method: 'POST',
      auth: 'secret',
      idempotencyKey: key,
      params: {
        amount: '25000',
        currency: 'eur',
        allowed_payment_method_types: ['sepa_debit'],
        metadata: { order_id: '7f0c9a52-0000-4000-8000-000000000001', transactionnum: '100042' },
        receipt_email: 'max.mustermann@example.com',
        description: 'Order 100042',
      },
    });
  });

  test('returns the first intent again when an attempt is retried with the same idempotency key', async () => {
    const before = fake.intents.size;
    const first = await gateway.createIntent(input({ idempotencyKey: 'same-attempt' }));
    const again = await gateway.createIntent(input({ idempotencyKey: 'same-attempt' }));
    expect(again.id).toBe(first.id);
    expect(again.clientSecret).toBe(first.clientSecret);
    expect(fake.intents.size).toBe(before + 1);
  });

  test('refuses a reused idempotency key for a different amount instead of creating a second intent', async () => {
    await gateway.createIntent(input({ idempotencyKey: 'changed-attempt' }));
    const error = await providerError(
      gateway.createIntent(input({ idempotencyKey: 'changed-attempt', amountCents: 99_99 })),
    );
    expect(error.code).toBe('PAYMENT_PROVIDER_REJECTED');
  });

  test('refuses amounts a payment cannot have before asking Stripe', async () => {
    const before = fake.requests.length;
    await expect(gateway.createIntent(input({ amountCents: 0 }))).rejects.toThrow();
    await expect(gateway.createIntent(input({ amountCents: 12.5 }))).rejects.toThrow();
    await expect(gateway.createIntent(input({ currency: 'JPY' }))).rejects.toThrow();
    expect(fake.requests.length).toBe(before);
  });

  test('a wrong secret key is a typed, non-retryable error with a message safe to show', async () => {
    const wrong = stripeGateway({ secretKey: 'sk_test_wrong_key_000000000000', apiBase: fake.url });
    const error = await providerError(wrong.createIntent(input()));
    expect(error).toMatchObject({
      code: 'PAYMENT_PROVIDER_AUTH_FAILED',
      provider: 'stripe',
      providerStatus: 401,
      retryable: false,
    });
    expect(error.message).not.toContain('sk_test');
  });

  test('a Stripe that cannot be reached is PAYMENT_PROVIDER_UNAVAILABLE (retryable)', async () => {
    const gone = await startFakeStripe();
    const url = gone.url;
    await gone.stop();
    const offline = stripeGateway({ secretKey: fake.secretKey, apiBase: url });
    const error = await providerError(offline.createIntent(input()));
    expect(error).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', retryable: true, status: 503 });
  });

  test('a Stripe outage that outlasts the retries is PAYMENT_PROVIDER_UNAVAILABLE', async () => {
    fake.failNext(3, 500);
    const error = await providerError(gateway.createIntent(input()));
    expect(error).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', providerStatus: 500 });
  });

  test('a single 5xx is retried with the same idempotency key: one intent, no error', async () => {
    const before = fake.intents.size;
    fake.failNext(1, 500);
    const intent = await gateway.createIntent(input({ idempotencyKey: 'retried-attempt' }));
    expect(fake.intents.size).toBe(before + 1);
    const attempts = fake.requests.filter((r) => r.idempotencyKey === 'retried-attempt');
    expect(attempts).toHaveLength(2);
    expect(intent.status).toBe('requires_payment_method');
  });
});

describe('stripeGateway.retrieveIntent', () => {
  test('reads the state the browser confirmation left: a paid card intent', async () => {
    const created = await gateway.createIntent(input());
    const confirmed = await fake.confirmAsBrowser(created.id, { card: '4242424242424242' });
    expect(confirmed.status).toBe(200);
    const intent = await gateway.retrieveIntent(created.id);
    expect(intent).toMatchObject({
      id: created.id,
      status: 'succeeded',
      amountCents: 12_34,
      currency: 'EUR',
      orderId: created.orderId,
      lastError: null,
    });
  });

  test('reads a declined card as requires_payment_method with the decline message', async () => {
    const created = await gateway.createIntent(input());
    const confirmed = await fake.confirmAsBrowser(created.id, { card: '4000000000000002' });
    expect(confirmed.status).toBe(402);
    const intent = await gateway.retrieveIntent(created.id);
    expect(intent).toMatchObject({ status: 'requires_payment_method', lastError: 'Your card was declined.' });
  });

  test('an unknown intent is PAYMENT_PROVIDER_REJECTED', async () => {
    const error = await providerError(gateway.retrieveIntent('pi_doesnotexist000000000000'));
    expect(error).toMatchObject({ code: 'PAYMENT_PROVIDER_REJECTED', providerStatus: 404 });
  });

  test('an id from the browser that is not an intent id never reaches Stripe', async () => {
    const before = fake.requests.length;
    for (const id of ['../customers', 'pi_1/confirm', '', 'ch_123']) {
      const error = await providerError(gateway.retrieveIntent(id));
      expect(error.code).toBe('PAYMENT_PROVIDER_REJECTED');
    }
    expect(fake.requests.length).toBe(before);
  });
});

describe('stripeGateway.verifyWebhook', () => {
  /** A delivered event's raw body and header, captured from the fake without a shop in between. */
  async function signedEvent(): Promise<{ payload: string; header: string; id: string }> {
    const created = await gateway.createIntent(input());
    fake.setWebhook(null);
    await fake.confirmAsBrowser(created.id, { card: '4242424242424242' });
    const event = fake.events.at(-1)!;
    const payload = JSON.stringify(event, null, 2);
    return { payload, header: stripeSignature(payload, fake.webhookSecret), id: event.id };
  }

  test('accepts a delivery signed with the webhook secret and reads the intent from it', async () => {
    const created = await gateway.createIntent(input({ amountCents: 99_95 }));
    await fake.confirmAsBrowser(created.id, { card: '4242424242424242' });
    await fake.flush();

    expect(received).toHaveLength(1);
    expect(received[0]?.error).toBeNull();
    expect(received[0]?.event).toMatchObject({
      type: 'payment_intent.succeeded',
      intent: { id: created.id, status: 'succeeded', amountCents: 99_95, currency: 'EUR', orderId: created.orderId },
    });
    expect(received[0]?.event?.id).toMatch(/^evt_/);
  });

  test('rejects deliveries signed with another secret, with a stale timestamp, with a changed body or without a signature', async () => {
    const created = await gateway.createIntent(input());
    fake.setWebhook(`${receiver.url}/hook`, { autoDeliver: false });
    await fake.confirmAsBrowser(created.id, { card: '4242424242424242' });
    const event = fake.events.at(-1)!;

    const forged = await fake.deliver(event, { secret: 'whsec_someone_else' });
    const stale = await fake.deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    const tampered = await fake.deliver(event, { tamper: (p) => p.replace('"amount": 1234', '"amount": 1') });
    const unsigned = await fake.deliver(event, { signature: null });
    const garbage = await fake.deliver(event, { signature: 'not-a-signature' });

    for (const delivery of [...forged, ...stale, ...tampered, ...unsigned, ...garbage])
      expect(delivery.status).toBe(400);
    expect(received).toHaveLength(5);
    for (const r of received) expect(r.error).toBeInstanceOf(PaymentSignatureError);
    // The same event, properly signed and a little late but within Stripe's 300 s tolerance, still counts.
    const recent = await fake.deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 200 });
    expect(recent[0]?.status).toBe(200);
  });

  test('checks the raw bytes: the same event re-serialised no longer matches its signature', async () => {
    const { payload, header } = await signedEvent();
    expect(() => gateway.verifyWebhook(payload, header)).not.toThrow();
    expect(() => gateway.verifyWebhook(Buffer.from(payload, 'utf8'), header)).not.toThrow();
    expect(() => gateway.verifyWebhook(JSON.stringify(JSON.parse(payload)), header)).toThrow(PaymentSignatureError);
  });

  test('rejects every event when no webhook secret is configured', async () => {
    const { payload, header } = await signedEvent();
    const unconfigured = stripeGateway({ secretKey: fake.secretKey, apiBase: fake.url });
    expect(() => unconfigured.verifyWebhook(payload, header)).toThrow(PaymentSignatureError);
    expect(() => gateway.verifyWebhook(payload, null)).toThrow(PaymentSignatureError);
    expect(() => gateway.verifyWebhook(payload, '')).toThrow(PaymentSignatureError);
  });

  test('a correctly signed body that is not an event is refused 400, so Stripe does not resend it for days', () => {
    for (const payload of [
      'null',
      '[]',
      '"x"',
      '{"__proto__":{"id":"evt_1"}}',
      '{"id":"evt_1","type":"payment_intent.succeeded"}',
    ]) {
      let thrown: unknown;
      try {
        gateway.verifyWebhook(payload, stripeSignature(payload, fake.webhookSecret));
      } catch (error) {
        thrown = error;
      }
      expect(thrown, payload).toBeInstanceOf(PaymentEventError);
      expect((thrown as PaymentEventError).status).toBe(400);
    }
  });

  test('an event about something other than a PaymentIntent verifies with intent null', () => {
    const payload = JSON.stringify({
      id: 'evt_charge',
      object: 'event',
      type: 'charge.succeeded',
      created: 1_700_000_000,
      data: { object: { object: 'charge', id: 'ch_1' } },
    });
    const event = gateway.verifyWebhook(payload, stripeSignature(payload, fake.webhookSecret));
    expect(event).toEqual({ id: 'evt_charge', type: 'charge.succeeded', created: 1_700_000_000, intent: null });
  });

  test('a SEPA debit is processing until Stripe settles it; repeated and reordered events verify as themselves', async () => {
    fake.setWebhook(`${receiver.url}/hook`, { autoDeliver: false });
    const created = await gateway.createIntent(input({ method: 'sepa_debit' }));
    const confirmed = await fake.confirmAsBrowser(created.id, { iban: 'DE89370400440532013000' });
    expect(confirmed.status).toBe(200);
    expect((await gateway.retrieveIntent(created.id)).status).toBe('processing');
    const succeeded = await fake.settle(created.id);
    expect((await gateway.retrieveIntent(created.id)).status).toBe('succeeded');

    const [processing] = fake.events.filter(
      (e) => e.data.object.id === created.id && e.type === 'payment_intent.processing',
    );
    const deliveries = await fake.deliver([succeeded, processing!, succeeded], { times: 2, concurrent: true });
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(received.map((r) => [r.event?.id, r.event?.intent?.status])).toEqual([
      [succeeded.id, 'succeeded'],
      [succeeded.id, 'succeeded'],
      [processing!.id, 'processing'],
      [processing!.id, 'processing'],
      [succeeded.id, 'succeeded'],
      [succeeded.id, 'succeeded'],
    ]);
  });

  test('a failing SEPA test IBAN settles as payment_failed', async () => {
    const created = await gateway.createIntent(input({ method: 'sepa_debit' }));
    await fake.confirmAsBrowser(created.id, { iban: 'DE62370400440532013001' });
    await fake.flush();
    const event = await fake.settle(created.id);
    expect(event.type).toBe('payment_intent.payment_failed');
    await fake.flush();
    expect(received.map((r) => r.event?.type)).toEqual(['payment_intent.processing', 'payment_intent.payment_failed']);
    expect(received[1]?.event?.intent).toMatchObject({
      status: 'requires_payment_method',
      lastError: 'The payment failed.',
    });
  });
});

describe('stripeFromEnv', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  const fromEnv = (vars: Record<string, string>) =>
    importWithEnv(vars, async () => (await import('#lib/server/payments/stripe.ts')).stripeFromEnv());

  test('is null until both Stripe keys are configured', async () => {
    expect(await fromEnv({ STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '' })).toBeNull();
    expect(await fromEnv({ STRIPE_SECRET_KEY: fake.secretKey, STRIPE_PUBLISHABLE_KEY: '' })).toBeNull();
  });

  test('talks to STRIPE_API_BASE with the configured keys', async () => {
    const configured = await fromEnv({
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: fake.publishableKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_BASE: fake.url,
    });
    const intent = await configured!.createIntent(input());
    expect(fake.intents.has(intent.id)).toBe(true);
  });
});
