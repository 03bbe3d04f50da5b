// A loopback PayPal for tests: OAuth2 client credentials, Orders v2 (create, read, capture) with
// PayPal-Request-Id replay and PayPal's error shapes, the buyer's approval page at /checkoutnow
// (an accessible form with 'Pay now' and 'Cancel' that redirects back like PayPal does), and
// webhooks: events for approvals and captures, signed as PayPal signs them (SHA256withRSA over
// transmission id | time | webhook id | CRC32 of the body), and the verify-webhook-signature API that
// checks that signature for real, so a forged or altered delivery is answered FAILURE.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { crc32 } from 'node:zlib';
import {
  escapeHtml,
  listen,
  postWebhook,
  randomId,
  readBody,
  sendJson,
  sendText,
  type WebhookDelivery,
} from './http.ts';

export const FAKE_PAYPAL_CREDENTIALS = {
  clientId: 'fake-paypal-client-id',
  clientSecret: 'fake-paypal-client-secret',
} as const;
/** The ID of the shop's webhook at the fake (PayPal shows one per webhook in the developer dashboard). */
export const FAKE_PAYPAL_WEBHOOK_ID = '7HX59261WE2473314';

const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const DECIMAL = /^\d{1,10}(\.\d{1,2})?$/;

interface Money {
  currency_code: string;
  value: string;
}

export type FakeCaptureStatus = 'COMPLETED' | 'PENDING' | 'DECLINED';

export interface FakeCapture {
  id: string;
  status: FakeCaptureStatus;
  amount: Money;
  final_capture: true;
  custom_id?: string;
  invoice_id?: string;
  create_time: string;
  update_time: string;
}

export interface FakePurchaseUnit {
  reference_id: string;
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  payee: { email_address: string; merchant_id: string };
  payments?: { captures: FakeCapture[] };
}

export interface FakeOrder {
  id: string;
  intent: 'CAPTURE' | 'AUTHORIZE';
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  purchase_units: FakePurchaseUnit[];
  payment_source?: { paypal: Record<string, unknown> };
  payer?: { name: { given_name: string; surname: string }; email_address: string; payer_id: string };
  create_time: string;
  update_time?: string;
  links: { href: string; rel: string; method: string }[];
  /** Not part of PayPal's answer: where the approval page sends the buyer. */
  experience: { returnUrl?: string; cancelUrl?: string; locale?: string };
}

export interface RecordedPayPalRequest {
  method: string;
  path: string;
  requestId: string | null;
  body: unknown;
}

export interface FakePayPalOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** expires_in of issued access tokens (PayPal: about 9 hours). */
  tokenLifetimeSeconds?: number;
  /** Where webhook events are POSTed; can be set later with setWebhook. */
  webhookUrl?: string;
  webhookId?: string;
  /** Deliver each event as it happens (default). Off: events are only recorded, for deliver() when a test wants. */
  autoDeliver?: boolean;
}

export interface FakeWebhookEvent {
  id: string;
  event_version: '1.0';
  create_time: string;
  resource_type: 'checkout-order' | 'capture';
  resource_version: '2.0';
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: { href: string; rel: string; method: string }[];
}

export interface PayPalDeliverOptions {
  /** Deliver the same signed event this many times (PayPal retries, duplicates). */
  times?: number;
  concurrent?: boolean;
  /** Sign for another webhook ID (a delivery meant for another shop). */
  webhookId?: string;
  /** Change the body after signing (an altered event). */
  tamper?: (payload: string) => string;
  /** Replace (or with null drop) PAYPAL-* headers after signing (a forged signature, a missing header). */
  headers?: Record<string, string | null>;
}

export type PayPalDelivery = WebhookDelivery;

export interface FakePayPal {
  url: string;
  clientId: string;
  clientSecret: string;
  orders: Map<string, FakeOrder>;
  requests: RecordedPayPalRequest[];
  /** How many access tokens were issued. */
  tokensIssued(): number;
  /** Makes every issued token invalid, as when PayPal rotates or revokes them before expires_in. */
  revokeTokens(): void;
  /** Approves as the buyer would on the approval page; returns the URL PayPal redirects to. */
  approve(orderId: string): string | null;
  /** The next `count` API requests answer `status` with PayPal's INTERNAL_SERVER_ERROR shape; 0 clears. */
  failNext(count?: number, status?: number): void;
  webhookId: string;
  /** Every webhook event, in the order they happened. */
  events: FakeWebhookEvent[];
  deliveries: PayPalDelivery[];
  setWebhook(url: string | null, options?: { autoDeliver?: boolean }): void;
  /** Delivers events (in the order given) to the webhook URL, signed. */
  deliver(events: FakeWebhookEvent | FakeWebhookEvent[], options?: PayPalDeliverOptions): Promise<PayPalDelivery[]>;
  /** Waits for the automatic deliveries still on their way. */
  settleDeliveries(): Promise<void>;
  /** What the following captures end in: COMPLETED (default), PENDING (an eCheck, a review) or DECLINED. */
  setCaptureOutcome(status: FakeCaptureStatus): void;
  /** A PENDING capture clears or is denied later, as PayPal reports by webhook. */
  settleCapture(orderId: string, outcome: 'COMPLETED' | 'DECLINED'): FakeWebhookEvent;
  stop(): Promise<void>;
}

class PayPalApiError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  constructor(status: number, body: Record<string, unknown>) {
    super(String(body.message ?? body.error_description ?? body.error));
    this.status = status;
    this.body = body;
  }
}

/** The REST APIs' error shape: name, message, debug_id, details[{ issue, description }], links. */
function apiError(status: number, name: string, message: string, issue?: string, description?: string): PayPalApiError {
  const body: Record<string, unknown> = { name, message, debug_id: randomId(13, 'abcdef0123456789') };
  if (issue) {
    body.details = [{ issue, description }];
    body.links = [
      {
        href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`,
        rel: 'information_link',
        method: 'GET',
      },
    ];
  }
  return new PayPalApiError(status, body);
}

/** The OAuth endpoints' error shape: error, error_description. */
const oauthError = (status: number, error: string, description: string) =>
  new PayPalApiError(status, { error, error_description: description });

const unprocessable = (issue: string, description: string) =>
  apiError(
    422,
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
    issue,
    description,
  );
const invalidRequest = (issue: string, description: string) =>
  apiError(
    400,
    'INVALID_REQUEST',
    'Request is not well-formed, syntactically incorrect, or violates schema.',
    issue,
    description,
  );
const notFound = () =>
  apiError(
    404,
    'RESOURCE_NOT_FOUND',
    'The specified resource does not exist.',
    'INVALID_RESOURCE_ID',
    'Specified resource ID does not exist. Please check the resource ID and try again.',
  );

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** PayPal's answer: the order without our bookkeeping. */
function representation(order: FakeOrder): Omit<FakeOrder, 'experience'> {
  const { experience: _, ...rest } = structuredClone(order);
  return rest;
}

export async function startFakePayPal(options: FakePayPalOptions = {}): Promise<FakePayPal> {
  const clientId = options.clientId ?? FAKE_PAYPAL_CREDENTIALS.clientId;
  const clientSecret = options.clientSecret ?? FAKE_PAYPAL_CREDENTIALS.clientSecret;
  const lifetime = options.tokenLifetimeSeconds ?? 32_400;
  const tokens = new Map<string, number>();
  let issued = 0;
  const orders = new Map<string, FakeOrder>();
  const requests: RecordedPayPalRequest[] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  const failures: number[] = [];
  let base = '';
  const webhookId = options.webhookId ?? FAKE_PAYPAL_WEBHOOK_ID;
  let webhookUrl = options.webhookUrl ?? null;
  let autoDeliver = options.autoDeliver ?? true;
  let captureOutcome: FakeCaptureStatus = 'COMPLETED';
  const events: FakeWebhookEvent[] = [];
  const deliveries: PayPalDelivery[] = [];
  const pending = new Set<Promise<unknown>>();
  // PayPal signs with the private key of a certificate it publishes at cert_url; this one lives as long as the fake.
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certPath = '/v1/notifications/certs/CERT-360caa42-fca2a594-fake';
  const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

  /** What PayPal signs: the transmission and a checksum of the exact body it sends. */
  const signedText = (transmissionId: string, time: string, forWebhook: string, payload: string) =>
    `${transmissionId}|${time}|${forWebhook}|${crc32(payload)}`;

  function emit(
    type: string,
    resourceType: FakeWebhookEvent['resource_type'],
    resource: Record<string, unknown>,
    summary: string,
  ): FakeWebhookEvent {
    const id = `WH-${randomId(17, UPPER_ALNUM)}-${randomId(17, UPPER_ALNUM)}`;
    const event: FakeWebhookEvent = {
      id,
      event_version: '1.0',
      create_time: now(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: type,
      summary,
      resource: structuredClone(resource),
      links: [{ href: `${base}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' }],
    };
    events.push(event);
    if (webhookUrl && autoDeliver) {
      const delivery = deliver(event).finally(() => pending.delete(delivery));
      pending.add(delivery);
    }
    return event;
  }

  /** A capture as its webhook resource: the capture plus the order it belongs to. */
  function captureEvent(order: FakeOrder, capture: FakeCapture, type: string): FakeWebhookEvent {
    return emit(
      type,
      'capture',
      { ...capture, supplementary_data: { related_ids: { order_id: order.id } } },
      `Payment ${capture.status.toLowerCase()}`,
    );
  }

  async function post(event: FakeWebhookEvent, opts: PayPalDeliverOptions): Promise<PayPalDelivery> {
    if (!webhookUrl) throw new Error('fake PayPal: no webhook URL set');
    const payload = JSON.stringify(event);
    const transmissionId = crypto.randomUUID();
    const time = new Date().toISOString();
    const signature = createSign('sha256')
      .update(signedText(transmissionId, time, opts.webhookId ?? webhookId, payload))
      .sign(keys.privateKey, 'base64');
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'PayPal/AUHD-214.0-58712345',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': `${base}${certPath}`,
      'paypal-auth-version': 'v2',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-sig': signature,
      'paypal-transmission-time': time,
    };
    for (const [name, value] of Object.entries(opts.headers ?? {})) {
      if (value === null) delete headers[name.toLowerCase()];
      else headers[name.toLowerCase()] = value;
    }
    const delivery = await postWebhook(webhookUrl, event.id, headers, opts.tamper ? opts.tamper(payload) : payload);
    deliveries.push(delivery);
    return delivery;
  }

  async function deliver(
    list: FakeWebhookEvent | FakeWebhookEvent[],
    opts: PayPalDeliverOptions = {},
  ): Promise<PayPalDelivery[]> {
    const results: PayPalDelivery[] = [];
    for (const event of Array.isArray(list) ? list : [list]) {
      const copies = Array.from({ length: opts.times ?? 1 }, () => event);
      if (opts.concurrent) results.push(...(await Promise.all(copies.map((e) => post(e, opts)))));
      else for (const e of copies) results.push(await post(e, opts));
    }
    return results;
  }

  /**
   * verify-webhook-signature: PayPal checks the signature with the certificate at cert_url (only its
   * own), over the transmission, the webhook ID the caller names and the event it hands back.
   */
  function verifySignature(raw: string): { verification_status: 'SUCCESS' | 'FAILURE' } {
    let body: Record<string, unknown>;
    try {
      body = record(JSON.parse(raw));
    } catch {
      throw invalidRequest('MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
    }
    for (const field of [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ]) {
      if (typeof body[field] !== 'string' || body[field] === '')
        throw invalidRequest('MISSING_REQUIRED_PARAMETER', `A required field / parameter is missing: /${field}`);
    }
    if (typeof body.webhook_event !== 'object' || body.webhook_event === null) {
      throw invalidRequest('MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing: /webhook_event');
    }
    const field = (name: string) => body[name] as string;
    const trusted = field('auth_algo') === 'SHA256withRSA' && field('cert_url') === `${base}${certPath}`;
    const text = signedText(
      field('transmission_id'),
      field('transmission_time'),
      field('webhook_id'),
      JSON.stringify(body.webhook_event),
    );
    const valid =
      trusted && createVerify('sha256').update(text).verify(keys.publicKey, field('transmission_sig'), 'base64');
    return { verification_status: valid ? 'SUCCESS' : 'FAILURE' };
  }

  function links(order: FakeOrder): FakeOrder['links'] {
    const self = `${base}/v2/checkout/orders/${order.id}`;
    const list = [{ href: self, rel: 'self', method: 'GET' }];
    if (order.status === 'CREATED')
      list.push({ href: `${base}/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' });
    if (order.status === 'PAYER_ACTION_REQUIRED')
      list.push({ href: `${base}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' });
    if (order.status !== 'COMPLETED') list.push({ href: self, rel: 'update', method: 'PATCH' });
    if (order.status === 'APPROVED') list.push({ href: `${self}/capture`, rel: 'capture', method: 'POST' });
    return list;
  }

  function createOrder(body: Record<string, unknown>): FakeOrder {
    const intent = body.intent;
    if (intent !== 'CAPTURE' && intent !== 'AUTHORIZE')
      throw invalidRequest('INVALID_PARAMETER_VALUE', 'The value of a field is invalid: /intent');
    const units = Array.isArray(body.purchase_units) ? body.purchase_units : [];
    if (units.length === 0)
      throw invalidRequest('MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing: /purchase_units');
    const unit = record(units[0]);
    const amount = record(unit.amount);
    const currency = optionalString(amount.currency_code);
    const value = optionalString(amount.value);
    if (!currency || !/^[A-Z]{3}$/.test(currency))
      throw invalidRequest(
        'MISSING_REQUIRED_PARAMETER',
        'A required field / parameter is missing: /purchase_units/0/amount/currency_code',
      );
    if (!value || !DECIMAL.test(value))
      throw unprocessable(
        'DECIMAL_PRECISION',
        'If the currency supports decimals, only two decimal place precision is supported.',
      );
    const context = record(record(record(body.payment_source).paypal).experience_context);
    const id = randomId(17, UPPER_ALNUM);
    const timestamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const order: FakeOrder = {
      id,
      intent,
      // An order with a PayPal payment source waits for the buyer (payer-action); a bare one is CREATED (approve).
      status: Object.keys(context).length > 0 ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      purchase_units: [
        {
          reference_id: optionalString(unit.reference_id) ?? 'default',
          amount: { currency_code: currency, value },
          ...(optionalString(unit.custom_id) ? { custom_id: optionalString(unit.custom_id) } : {}),
          ...(optionalString(unit.invoice_id) ? { invoice_id: optionalString(unit.invoice_id) } : {}),
          payee: { email_address: 'merchant@example.com', merchant_id: 'FAKEMERCHANT01' },
        },
      ],
      ...(Object.keys(context).length > 0 ? { payment_source: { paypal: {} } } : {}),
      create_time: timestamp,
      links: [],
      experience: {
        returnUrl: optionalString(context.return_url),
        cancelUrl: optionalString(context.cancel_url),
        locale: optionalString(context.locale),
      },
    };
    order.links = links(order);
    orders.set(id, order);
    return order;
  }

  function approve(orderId: string): string | null {
    const order = orders.get(orderId);
    if (!order) throw new Error(`fake PayPal: no order ${orderId}`);
    const payerId = 'FAKEPAYER' + orderId.slice(0, 4);
    if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') {
      order.status = 'APPROVED';
      order.payer = {
        name: { given_name: 'Max', surname: 'Mustermann' },
        email_address: 'buyer@example.com',
        payer_id: payerId,
      };
      order.payment_source = {
        paypal: { email_address: 'buyer@example.com', account_id: payerId, account_status: 'VERIFIED' },
      };
      order.update_time = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
      order.links = links(order);
      emit('CHECKOUT.ORDER.APPROVED', 'checkout-order', representation(order), 'An order has been approved by buyer');
    }
    if (!order.experience.returnUrl) return null;
    const target = new URL(order.experience.returnUrl);
    target.searchParams.set('token', order.id);
    target.searchParams.set('PayerID', payerId);
    return target.toString();
  }

  function capture(order: FakeOrder): FakeOrder {
    if (order.status === 'COMPLETED') {
      throw unprocessable(
        'ORDER_ALREADY_CAPTURED',
        "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
      );
    }
    if (order.status !== 'APPROVED') {
      throw unprocessable(
        'ORDER_NOT_APPROVED',
        "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within Create Order call or provide a valid payment_source in the request.",
      );
    }
    const unit = order.purchase_units[0]!;
    const timestamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const made: FakeCapture = {
      id: randomId(17, UPPER_ALNUM),
      status: captureOutcome,
      amount: { ...unit.amount },
      final_capture: true,
      ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
      ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
      create_time: timestamp,
      update_time: timestamp,
    };
    unit.payments = { captures: [made] };
    // A declined capture still completes the order: its capture says what happened.
    order.status = 'COMPLETED';
    order.update_time = timestamp;
    order.links = links(order);
    captureEvent(order, made, `PAYMENT.CAPTURE.${made.status}`);
    return order;
  }

  function settleCapture(orderId: string, outcome: 'COMPLETED' | 'DECLINED'): FakeWebhookEvent {
    const order = orders.get(orderId);
    const made = order?.purchase_units[0]?.payments?.captures[0];
    if (!order || made?.status !== 'PENDING') throw new Error(`fake PayPal: order ${orderId} has no pending capture`);
    made.status = outcome;
    made.update_time = now();
    return captureEvent(order, made, outcome === 'COMPLETED' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED');
  }

  function checkBearer(req: IncomingMessage): void {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const expires = tokens.get(token);
    if (expires === undefined || expires < Date.now()) {
      throw oauthError(401, 'invalid_token', 'Token signature verification failed');
    }
  }

  function issueToken(req: IncomingMessage, raw: string): Record<string, unknown> {
    const header = req.headers.authorization ?? '';
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (header !== expected) {
      throw oauthError(401, 'invalid_client', 'Client Authentication failed');
    }
    if (new URLSearchParams(raw).get('grant_type') !== 'client_credentials') {
      throw oauthError(400, 'unsupported_grant_type', 'Grant Type is NULL');
    }
    const token = `A21AA${randomId(80)}`;
    tokens.set(token, Date.now() + lifetime * 1000);
    issued++;
    return {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: lifetime,
      nonce: randomId(20),
    };
  }

  function route(req: IncomingMessage, path: string, raw: string): { status: number; body: unknown } {
    if (path === '/v1/oauth2/token' && req.method === 'POST') return { status: 200, body: issueToken(req, raw) };
    checkBearer(req);
    if (path === '/v1/notifications/verify-webhook-signature' && req.method === 'POST')
      return { status: 200, body: verifySignature(raw) };
    const wantsFull = (req.headers.prefer ?? '').includes('return=representation');
    const answer = (status: number, order: FakeOrder) => ({
      status,
      body: wantsFull ? representation(order) : { id: order.id, status: order.status, links: order.links },
    });
    if (path === '/v2/checkout/orders' && req.method === 'POST') {
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        throw invalidRequest('MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
      }
      return answer(201, createOrder(record(body)));
    }
    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const order = match ? orders.get(match[1] as string) : undefined;
    if (match && !order) throw notFound();
    if (order && req.method === 'GET' && !match?.[2]) return { status: 200, body: representation(order) };
    if (order && req.method === 'POST' && match?.[2]) return answer(201, capture(order));
    throw apiError(404, 'NOT_FOUND', 'The specified resource does not exist.');
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const raw = await readBody(req);
    const requestId = (req.headers['paypal-request-id'] as string | undefined) ?? null;
    let parsed: unknown = raw;
    try {
      parsed = raw ? JSON.parse(raw) : null;
    } catch {
      // the token request is form-encoded; keep it as text
    }
    requests.push({ method: req.method ?? 'GET', path: url.pathname, requestId, body: parsed });
    const failure = failures.shift();
    if (failure !== undefined) {
      sendJson(res, failure, {
        name: 'INTERNAL_SERVER_ERROR',
        message: 'An internal server error has occurred.',
        debug_id: randomId(13, 'abcdef0123456789'),
      });
      return;
    }
    // PayPal answers a repeated PayPal-Request-Id with the first call's result (per path), whatever happened since.
    const replayKey = requestId && req.method === 'POST' ? `${url.pathname}|${requestId}` : null;
    const replay = replayKey ? replies.get(replayKey) : undefined;
    if (replay) {
      sendJson(res, replay.status, replay.body);
      return;
    }
    let reply: { status: number; body: unknown };
    try {
      reply = route(req, url.pathname, raw);
    } catch (error) {
      if (!(error instanceof PayPalApiError)) throw error;
      reply = { status: error.status, body: error.body };
    }
    if (replayKey && reply.status < 500 && reply.status !== 401) replies.set(replayKey, reply);
    sendJson(res, reply.status, reply.body, { 'paypal-debug-id': randomId(13, 'abcdef0123456789') });
  }

  function approvalPage(res: ServerResponse, token: string | null): void {
    const order = token ? orders.get(token) : undefined;
    if (!order) {
      sendText(
        res,
        404,
        'text/html; charset=utf-8',
        page('Order not found', '<p>This PayPal checkout link is not valid.</p>'),
      );
      return;
    }
    const amount = order.purchase_units[0]!.amount;
    const closed = order.status === 'COMPLETED';
    const body = `<p>Pay <strong>${escapeHtml(amount.value)} ${escapeHtml(amount.currency_code)}</strong> to the test merchant.</p>
${
  closed
    ? '<p>This order has already been paid.</p>'
    : `<form method="post" action="/checkoutnow">
<input type="hidden" name="token" value="${escapeHtml(order.id)}">
<button type="submit" name="action" value="approve">Pay now</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>`
}`;
    sendText(res, 200, 'text/html; charset=utf-8', page('PayPal test checkout', body));
  }

  async function approvalSubmit(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const token = form.get('token') ?? '';
    const order = orders.get(token);
    if (!order) {
      sendText(
        res,
        404,
        'text/html; charset=utf-8',
        page('Order not found', '<p>This PayPal checkout link is not valid.</p>'),
      );
      return;
    }
    let target: string | null;
    if (form.get('action') === 'cancel') {
      target = order.experience.cancelUrl
        ? `${order.experience.cancelUrl}${order.experience.cancelUrl.includes('?') ? '&' : '?'}token=${order.id}`
        : null;
    } else {
      target = approve(order.id);
    }
    if (target) {
      res.writeHead(303, { location: target });
      res.end();
    } else {
      sendText(
        res,
        200,
        'text/html; charset=utf-8',
        page('PayPal test checkout', '<p>Done. You can close this window.</p>'),
      );
    }
  }

  const server = await listen(async (req, res, url) => {
    if (url.pathname === certPath && req.method === 'GET')
      sendText(res, 200, 'application/x-pem-file', keys.publicKey.export({ type: 'spki', format: 'pem' }).toString());
    else if (url.pathname === '/checkoutnow' && req.method === 'GET') approvalPage(res, url.searchParams.get('token'));
    else if (url.pathname === '/checkoutnow' && req.method === 'POST') await approvalSubmit(req, res);
    else await api(req, res, url);
  }, options.port);
  base = server.url;

  return {
    url: server.url,
    clientId,
    clientSecret,
    orders,
    requests,
    tokensIssued: () => issued,
    revokeTokens: () => tokens.clear(),
    approve,
    failNext(count = 1, status = 500) {
      failures.splice(0, failures.length, ...Array.from({ length: count }, () => status));
    },
    webhookId,
    events,
    deliveries,
    setWebhook(url, opts = {}) {
      webhookUrl = url;
      if (opts.autoDeliver !== undefined) autoDeliver = opts.autoDeliver;
    },
    deliver,
    settleDeliveries: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    setCaptureOutcome(status) {
      captureOutcome = status;
    },
    settleCapture,
    stop: server.stop,
  };
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1>
${body}
</main></body>
</html>
`;
}
