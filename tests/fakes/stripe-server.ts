// A loopback Stripe for tests: the PaymentIntents part of Stripe's REST API as the `stripe` library and
// Stripe.js speak it (form-encoded bodies, Bearer keys, Idempotency-Key replay, Stripe's error shape),
// the Stripe.js stand-in at /v3/, and webhooks signed exactly like Stripe's. Test cards: 4242424242424242
// succeeds, 4000000000000002 is declined. SEPA debits stay `processing` until settle(id).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHmac } from 'node:crypto';
import { listen, postWebhook, randomId, readBody, sendJson, sendText, type WebhookDelivery } from './http.ts';
import { asObject, asString, asStrings, parseStripeForm, type FormObject } from './stripe-form.ts';
import { stripeJsSource } from './stripe-js.ts';

export const FAKE_STRIPE_KEYS = {
  secretKey: 'sk_test_fake_4eC39HqLyjWDarjtT1zdp7dc',
  publishableKey: 'pk_test_fake_TYooMQauvdEDq54NiTphI7jx',
  webhookSecret: 'whsec_fake_1f7c2a9d4b8e6035',
} as const;

const API_VERSION = '2026-10-28.endive';
const METHODS = ['card', 'sepa_debit', 'sofort'];
const CARD_OK = '4242424242424242';
const CARD_DECLINED = '4000000000000002';
/** Stripe's documented SEPA test IBANs whose debit fails after processing. */
const FAILING_IBANS = ['DE62370400440532013001', 'AT861904300235473202'];
const CREATE_PARAMS = [
  'amount',
  'currency',
  'allowed_payment_method_types',
  'payment_method_types',
  'metadata',
  'receipt_email',
  'description',
  'statement_descriptor_suffix',
  'capture_method',
  'payment_method_options',
  'expand',
];
const CONFIRM_PARAMS = [
  'key',
  'client_secret',
  'payment_method',
  'payment_method_data',
  'return_url',
  'mandate_data',
  'receipt_email',
  'expand',
  'use_stripe_sdk',
];

export type IntentStatus = 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';
export type WebhookEventType =
  'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.processing';

/** A PaymentIntent as Stripe returns it (the fields a shop reads). */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: IntentStatus;
  client_secret: string;
  metadata: Record<string, string>;
  allowed_payment_method_types: string[];
  payment_method_types: string[];
  description: string | null;
  receipt_email: string | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  latest_charge: string | null;
  payment_method: string | null;
  capture_method: 'automatic_async';
  confirmation_method: 'automatic';
  next_action: null;
  canceled_at: null;
  customer: null;
  livemode: false;
  created: number;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: FakeIntent };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: WebhookEventType;
}

export type Delivery = WebhookDelivery;

export interface DeliverOptions {
  /** Deliver the same signed event this many times (Stripe retries, duplicates). */
  times?: number;
  /** Send the copies at once instead of one after the other (races on the shop's side). */
  concurrent?: boolean;
  /** Sign with this secret instead of the webhook secret (a forged event). */
  secret?: string;
  /** Sign with this Unix time instead of now (a replayed, stale event). */
  timestamp?: number;
  /** Change the payload after signing (a tampered body). */
  tamper?: (payload: string) => string;
  /** Replace the Stripe-Signature header; null leaves it out. */
  signature?: string | null;
}

/** What confirm answers: the intent, or Stripe's error (a declined card: 402 with type card_error). */
export type ConfirmReply = FakeIntent | { error: { type: string; code?: string; message: string } };

export interface RecordedRequest {
  method: string;
  path: string;
  auth: 'secret' | 'publishable' | 'none';
  idempotencyKey: string | null;
  params: FormObject;
}

export interface FakeStripeOptions {
  port?: number;
  secretKey?: string;
  publishableKey?: string;
  webhookSecret?: string;
  /** Where events are POSTed; can be set later with setWebhook (the shop may start after the fake). */
  webhookUrl?: string;
  /** Deliver each event as it happens (default). Off: events are only recorded, for deliver() in any order. */
  autoDeliver?: boolean;
}

export interface FakeStripe {
  url: string;
  /** Where the Stripe.js stand-in is served (STRIPE_JS_URL). */
  jsUrl: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  intents: Map<string, FakeIntent>;
  events: FakeEvent[];
  deliveries: Delivery[];
  requests: RecordedRequest[];
  setWebhook(url: string | null, options?: { autoDeliver?: boolean }): void;
  /** Ends a processing SEPA debit (or Sofort) payment; 'failed' by default for Stripe's failing test IBANs. */
  settle(intentId: string, outcome?: 'succeeded' | 'failed'): Promise<FakeEvent>;
  /** Delivers events (in the order given) to the webhook URL. */
  deliver(events: FakeEvent | string | (FakeEvent | string)[], options?: DeliverOptions): Promise<Delivery[]>;
  /** Confirms over HTTP with the publishable key and client secret, as Stripe.js does after the buyer's input. */
  confirmAsBrowser(
    intentId: string,
    input: { card?: string; iban?: string; name?: string },
  ): Promise<{ status: number; body: ConfirmReply }>;
  /** Waits for the automatic deliveries still on their way. */
  flush(): Promise<void>;
  /** The next `count` API requests answer `status` with Stripe's api_error shape (a Stripe outage); 0 clears. */
  failNext(count?: number, status?: number): void;
  stop(): Promise<void>;
}

/** Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>. */
export function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

class StripeApiError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  constructor(status: number, type: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.body = { type, message, ...extra };
  }
}

const invalid = (message: string, extra: Record<string, unknown> = {}) =>
  new StripeApiError(400, 'invalid_request_error', message, extra);
const now = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? FAKE_STRIPE_KEYS.secretKey;
  const publishableKey = options.publishableKey ?? FAKE_STRIPE_KEYS.publishableKey;
  const webhookSecret = options.webhookSecret ?? FAKE_STRIPE_KEYS.webhookSecret;
  let webhookUrl = options.webhookUrl ?? null;
  let autoDeliver = options.autoDeliver ?? true;
  const intents = new Map<string, FakeIntent>();
  const ibans = new Map<string, string>();
  const events: FakeEvent[] = [];
  const deliveries: Delivery[] = [];
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const pending = new Set<Promise<unknown>>();
  const failures: number[] = [];
  let baseUrl = '';

  function snapshot(intent: FakeIntent): FakeIntent {
    return structuredClone(intent);
  }

  function emit(type: WebhookEventType, intent: FakeIntent): FakeEvent {
    const event: FakeEvent = {
      id: `evt_${randomId(24)}`,
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data: { object: snapshot(intent) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    events.push(event);
    if (webhookUrl && autoDeliver) {
      const delivery = deliver(event).finally(() => pending.delete(delivery));
      pending.add(delivery);
    }
    return event;
  }

  async function post(event: FakeEvent, opts: DeliverOptions): Promise<Delivery> {
    if (!webhookUrl) throw new Error('fake Stripe: no webhook URL set');
    // Stripe sends pretty-printed JSON: a shop that re-serialises the body before verifying fails here as it would live.
    const payload = JSON.stringify(event, null, 2);
    const signature =
      opts.signature !== undefined
        ? opts.signature
        : stripeSignature(payload, opts.secret ?? webhookSecret, opts.timestamp);
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    };
    if (signature !== null) headers['stripe-signature'] = signature;
    const delivery = await postWebhook(webhookUrl, event.id, headers, opts.tamper ? opts.tamper(payload) : payload);
    deliveries.push(delivery);
    return delivery;
  }

  async function deliver(
    list: FakeEvent | string | (FakeEvent | string)[],
    opts: DeliverOptions = {},
  ): Promise<Delivery[]> {
    const resolved = (Array.isArray(list) ? list : [list]).map((e) => {
      const event = typeof e === 'string' ? events.find((x) => x.id === e) : e;
      if (!event) throw new Error(`fake Stripe: no event ${String(e)}`);
      return event;
    });
    const results: Delivery[] = [];
    for (const event of resolved) {
      const copies = Array.from({ length: opts.times ?? 1 }, () => event);
      if (opts.concurrent) results.push(...(await Promise.all(copies.map((e) => post(e, opts)))));
      else for (const e of copies) results.push(await post(e, opts));
    }
    return results;
  }

  function authenticate(req: IncomingMessage, params: FormObject, query: URLSearchParams): RecordedRequest['auth'] {
    const header = req.headers.authorization ?? '';
    const bearer = header.startsWith('Bearer ') ? header.slice(7) : null;
    const key = bearer ?? asString(params.key) ?? query.get('key');
    if (!key) {
      throw new StripeApiError(
        401,
        'invalid_request_error',
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    }
    if (key === secretKey) return 'secret';
    if (key === publishableKey) return 'publishable';
    throw new StripeApiError(
      401,
      'invalid_request_error',
      `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(8)}${key.slice(-4)}`,
    );
  }

  function findIntent(id: string, auth: RecordedRequest['auth'], clientSecret: string | undefined): FakeIntent {
    const intent = intents.get(id);
    if (!intent)
      throw new StripeApiError(404, 'invalid_request_error', `No such payment_intent: '${id}'`, {
        code: 'resource_missing',
        param: 'intent',
      });
    if (auth === 'publishable' && clientSecret !== intent.client_secret) {
      throw invalid('The client_secret provided does not match any associated PaymentIntent on this account.', {
        param: 'client_secret',
      });
    }
    return intent;
  }

  function rejectUnknown(params: FormObject, allowed: string[]): void {
    const unknown = Object.keys(params).find((k) => !allowed.includes(k));
    if (unknown) throw invalid(`Received unknown parameter: ${unknown}`, { code: 'parameter_unknown', param: unknown });
  }

  function createIntent(params: FormObject): FakeIntent {
    rejectUnknown(params, CREATE_PARAMS);
    const amount = asString(params.amount);
    if (amount === undefined)
      throw invalid('Missing required param: amount.', { code: 'parameter_missing', param: 'amount' });
    if (!/^\d+$/.test(amount))
      throw invalid('Invalid integer: ' + amount, { code: 'parameter_invalid_integer', param: 'amount' });
    const currency = asString(params.currency)?.toLowerCase();
    if (!currency) throw invalid('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    if (Number(amount) < 50)
      throw invalid(`Amount must be at least 0.50 ${currency}`, { code: 'amount_too_small', param: 'amount' });
    const types = asStrings(params.allowed_payment_method_types) ?? asStrings(params.payment_method_types) ?? ['card'];
    const unsupported = types.find((t) => !METHODS.includes(t));
    if (unsupported)
      throw invalid(`The payment method type "${unsupported}" is invalid.`, { param: 'allowed_payment_method_types' });
    if (types.some((t) => t !== 'card') && currency !== 'eur') {
      throw invalid(
        `The currency provided (${currency}) is invalid for one or more payment method types on this PaymentIntent.`,
        { param: 'currency' },
      );
    }
    const metadata = Object.fromEntries(
      Object.entries(asObject(params.metadata)).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    const id = `pi_${randomId(24)}`;
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount: Number(amount),
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomId(25)}`,
      metadata,
      allowed_payment_method_types: types,
      payment_method_types: types,
      description: asString(params.description) ?? null,
      receipt_email: asString(params.receipt_email) ?? null,
      last_payment_error: null,
      latest_charge: null,
      payment_method: null,
      capture_method: 'automatic_async',
      confirmation_method: 'automatic',
      next_action: null,
      canceled_at: null,
      customer: null,
      livemode: false,
      created: now(),
    };
    intents.set(id, intent);
    return intent;
  }

  function succeed(intent: FakeIntent): void {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    intent.latest_charge = `py_${randomId(24)}`;
    emit('payment_intent.succeeded', intent);
  }

  function fail(intent: FakeIntent, error: NonNullable<FakeIntent['last_payment_error']>): void {
    intent.status = 'requires_payment_method';
    intent.last_payment_error = error;
    emit('payment_intent.payment_failed', intent);
  }

  /** Which payment method the confirm names: Stripe.js sends payment_method_data, server tests a pm_card_* id. */
  function paymentMethod(params: FormObject): { type: string; number?: string; iban?: string } {
    const pm = asString(params.payment_method);
    if (pm === 'pm_card_visa') return { type: 'card', number: CARD_OK };
    if (pm === 'pm_card_chargeDeclined') return { type: 'card', number: CARD_DECLINED };
    if (pm !== undefined)
      throw invalid(`No such PaymentMethod: '${pm}'`, { code: 'resource_missing', param: 'payment_method' });
    const data = asObject(params.payment_method_data);
    const type = asString(data.type);
    if (!type)
      throw invalid('You must provide a payment method to confirm this PaymentIntent.', {
        code: 'payment_intent_unexpected_state',
      });
    return { type, number: asString(asObject(data.card).number), iban: asString(asObject(data.sepa_debit).iban) };
  }

  function confirm(intent: FakeIntent, params: FormObject): FakeIntent {
    rejectUnknown(params, CONFIRM_PARAMS);
    if (intent.status !== 'requires_payment_method') {
      throw invalid(`You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`, {
        code: 'payment_intent_unexpected_state',
        payment_intent: snapshot(intent),
      });
    }
    const method = paymentMethod(params);
    if (!intent.payment_method_types.includes(method.type)) {
      throw invalid(`The PaymentMethod provided (${method.type}) is not allowed for this PaymentIntent.`, {
        code: 'payment_intent_incompatible_payment_method',
        param: 'payment_method_data[type]',
      });
    }
    intent.payment_method = `pm_${randomId(24)}`;
    if (method.type === 'card') {
      if (method.number === CARD_OK) {
        succeed(intent);
      } else {
        const declined = method.number === CARD_DECLINED;
        const error = declined
          ? {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
            }
          : { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' };
        fail(intent, error);
        throw new StripeApiError(402, error.type, error.message, { ...error, payment_intent: snapshot(intent) });
      }
    } else {
      if (method.type === 'sepa_debit') {
        if (!method.iban || !/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(method.iban)) {
          throw invalid('The IBAN you provided is invalid.', {
            code: 'invalid_bank_account_iban',
            param: 'payment_method_data[sepa_debit][iban]',
          });
        }
        ibans.set(intent.id, method.iban);
      }
      intent.status = 'processing';
      intent.last_payment_error = null;
      emit('payment_intent.processing', intent);
    }
    return intent;
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const raw = req.method === 'POST' ? await readBody(req) : '';
    const params = parseStripeForm(raw);
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    let auth: RecordedRequest['auth'] = 'none';
    let authError: StripeApiError | null = null;
    try {
      auth = authenticate(req, params, url.searchParams);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      authError = error;
    }
    requests.push({ method: req.method ?? 'GET', path: url.pathname, auth, idempotencyKey, params });

    const failure = failures.shift();
    if (failure !== undefined) {
      sendJson(res, failure, { error: { type: 'api_error', message: 'An unknown error occurred.' } });
      return;
    }
    // Stripe replays a POST's first answer for the same key, and refuses the key for different parameters.
    const replayKey =
      req.method === 'POST' && idempotencyKey ? `${req.headers.authorization ?? ''}|${idempotencyKey}` : null;
    const fingerprint = `${url.pathname}|${raw}`;
    const stored = replayKey ? idempotent.get(replayKey) : undefined;
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        sendJson(res, 400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      } else {
        sendJson(res, stored.status, stored.body, { 'idempotent-replayed': 'true' });
      }
      return;
    }
    let status = 200;
    let body: unknown;
    try {
      if (authError) throw authError;
      body = route(req.method ?? 'GET', url, params, auth);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = { error: error.body };
    }
    if (replayKey && status !== 401) idempotent.set(replayKey, { fingerprint, status, body });
    sendJson(res, status, body, { 'request-id': `req_${randomId(14)}`, 'stripe-version': API_VERSION });
  }

  function route(method: string, url: URL, params: FormObject, auth: RecordedRequest['auth']): unknown {
    const match = /^\/v1\/payment_intents(?:\/([^/]+))?(\/confirm)?$/.exec(url.pathname);
    if (match) {
      const [, id, confirming] = match;
      if (method === 'POST' && !id) {
        if (auth !== 'secret')
          throw new StripeApiError(
            401,
            'invalid_request_error',
            'This API call cannot be made with a publishable API key. Please use a secret API key.',
          );
        return createIntent(params);
      }
      if (method === 'GET' && id && !confirming)
        return snapshot(findIntent(id, auth, url.searchParams.get('client_secret') ?? undefined));
      if (method === 'POST' && id && confirming)
        return snapshot(confirm(findIntent(id, auth, asString(params.client_secret)), params));
    }
    throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${url.pathname}).`);
  }

  const server = await listen(async (req, res, url) => {
    // Stripe.js calls the API from the shop's origin, so the fake answers CORS like api.stripe.com does.
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'authorization, content-type, idempotency-key, stripe-version',
      });
      res.end();
    } else if (req.method === 'GET' && (url.pathname === '/v3' || url.pathname === '/v3/')) {
      sendText(res, 200, 'application/javascript; charset=utf-8', stripeJsSource(baseUrl), {
        'cache-control': 'no-store',
      });
    } else if (url.pathname.startsWith('/v1/')) {
      await api(req, res, url);
    } else {
      sendJson(res, 404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname}).` },
      });
    }
  }, options.port);
  baseUrl = server.url;

  return {
    url: server.url,
    jsUrl: `${server.url}/v3/`,
    secretKey,
    publishableKey,
    webhookSecret,
    intents,
    events,
    deliveries,
    requests,
    setWebhook(url, opts = {}) {
      webhookUrl = url;
      if (opts.autoDeliver !== undefined) autoDeliver = opts.autoDeliver;
    },
    async settle(intentId, outcome) {
      const intent = intents.get(intentId);
      if (!intent || intent.status !== 'processing') throw new Error(`fake Stripe: ${intentId} is not processing`);
      const fails = outcome ? outcome === 'failed' : FAILING_IBANS.includes(ibans.get(intentId) ?? '');
      if (fails)
        fail(intent, {
          type: 'invalid_request_error',
          code: 'payment_intent_payment_attempt_failed',
          message: 'The payment failed.',
        });
      else succeed(intent);
      await Promise.all(pending);
      return events[events.length - 1] as FakeEvent;
    },
    deliver,
    async confirmAsBrowser(intentId, input) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`fake Stripe: no intent ${intentId}`);
      const form = new URLSearchParams({
        key: publishableKey,
        client_secret: intent.client_secret,
        return_url: 'http://127.0.0.1/return',
      });
      if (input.iban !== undefined) {
        form.set('payment_method_data[type]', 'sepa_debit');
        form.set('payment_method_data[sepa_debit][iban]', input.iban);
        form.set('payment_method_data[billing_details][name]', input.name ?? 'Erika Mustermann');
        form.set('mandate_data[customer_acceptance][type]', 'online');
      } else {
        form.set('payment_method_data[type]', 'card');
        form.set('payment_method_data[card][number]', input.card ?? CARD_OK);
      }
      const res = await fetch(`${server.url}/v1/payment_intents/${intentId}/confirm`, { method: 'POST', body: form });
      return { status: res.status, body: (await res.json()) as ConfirmReply };
    },
    async flush() {
      while (pending.size > 0) await Promise.all(pending);
    },
    failNext(count = 1, status = 500) {
      failures.splice(0, failures.length, ...Array.from({ length: count }, () => status));
    },
    stop: server.stop,
  };
}
