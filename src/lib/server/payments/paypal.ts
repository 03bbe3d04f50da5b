// The one access point to PayPal: Orders v2 (create, read, capture) over plain fetch, because PayPal's
// own server SDK is a thin generated wrapper that adds nothing we need. Every write carries a
// PayPal-Request-Id, so a retried create or capture returns the first result instead of paying twice.
// Webhooks are verified by PayPal itself (verify-webhook-signature) over the same token.
// Tests point PAYPAL_API_BASE at a loopback fake; this code does not know the difference.
import { z } from 'astro/zod';
import { env } from '../env.ts';
import { assertPayableCents, centsToDecimal, decimalToCents, paymentCurrency } from './amounts.ts';
import { codeForStatus, PaymentProviderError, PaymentSignatureError, type PaymentProviderErrorCode } from './errors.ts';
import { eventBody, toWebhookEvent, transmissionOf, type PayPalWebhookEvent } from './paypal-webhook.ts';

export interface PayPalOrder {
  id: string;
  /** CREATED, PAYER_ACTION_REQUIRED, APPROVED, COMPLETED, VOIDED, ... */
  status: string;
  amountCents: number | null;
  currency: string | null;
  /** purchase_units[0].custom_id: which shop order this PayPal order pays. */
  orderId: string | null;
  /** Where to send the buyer to approve (link rel payer-action, or approve on orders without a payment source). */
  approveUrl: string | null;
  captureId: string | null;
  /** COMPLETED, PENDING (e.g. an eCheck or a review: not money yet), DECLINED, ... */
  captureStatus: string | null;
}

interface CreatePayPalOrderInput {
  orderId: string;
  transactionnum: string;
  amountCents: number;
  currency: string;
  returnUrl: string;
  cancelUrl: string;
  /** BCP 47 with region, e.g. 'de-DE': the language of PayPal's approval pages. */
  locale: string;
  /** One per payment attempt: the same id returns the same PayPal order. */
  requestId: string;
}

export interface PayPalGateway {
  createOrder(input: CreatePayPalOrderInput): Promise<PayPalOrder>;
  getOrder(id: string): Promise<PayPalOrder>;
  /** An already-captured order answers its captured state, not an error. */
  captureOrder(id: string, requestId: string): Promise<PayPalOrder>;
  /** Whether a webhook ID is configured: without one no delivery can be verified, so webhooks are off. */
  readonly webhooksEnabled: boolean;
  /**
   * Has PayPal confirm that a delivery (raw body and its PAYPAL-* headers) is one it signed for our
   * webhook; throws PaymentSignatureError when it is not, PaymentProviderError when PayPal cannot say.
   */
  verifyWebhook(rawBody: string, headers: Headers): Promise<PayPalWebhookEvent>;
}

interface PayPalGatewayConfig {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  /** The ID PayPal gave the shop's webhook (developer dashboard → app → Webhooks). */
  webhookId?: string | undefined;
  fetch?: typeof fetch;
}

const TIMEOUT_MS = 15_000;
/** Renew a token this long before PayPal says it expires, so a request never starts with a dying token. */
const TOKEN_MARGIN_MS = 60_000;
/** PayPal order ids are upper-case letters and digits; the id often comes back from the browser (?token=). */
const ORDER_ID = /^[A-Z0-9-]{1,36}$/;

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
const verificationSchema = z.object({ verification_status: z.enum(['SUCCESS', 'FAILURE']) });

const linkSchema = z.object({ href: z.string(), rel: z.string() });
const orderSchema = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  purchase_units: z
    .array(
      z.object({
        custom_id: z.string().nullish(),
        amount: z.object({ currency_code: z.string(), value: z.string() }).nullish(),
        payments: z.object({ captures: z.array(z.object({ id: z.string(), status: z.string() })).nullish() }).nullish(),
      }),
    )
    .nullish(),
  links: z.array(linkSchema).nullish(),
});

const errorSchema = z.object({
  name: z.string().optional(),
  details: z.array(z.object({ issue: z.string() })).optional(),
});

function toOrder(raw: unknown): PayPalOrder {
  const parsed = orderSchema.safeParse(raw);
  if (!parsed.success)
    throw new PaymentProviderError('paypal', 'PAYMENT_PROVIDER_BAD_RESPONSE', { cause: parsed.error });
  const order = parsed.data;
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  const link = (rel: string) => order.links?.find((l) => l.rel === rel)?.href ?? null;
  return {
    id: order.id,
    status: order.status,
    amountCents: unit?.amount ? amountOrNull(unit.amount.value, unit.amount.currency_code) : null,
    currency: unit?.amount?.currency_code ?? null,
    orderId: unit?.custom_id ?? null,
    approveUrl: link('payer-action') ?? link('approve'),
    captureId: capture?.id ?? null,
    captureStatus: capture?.status ?? null,
  };
}

/** An amount we cannot read exactly is reported as unknown: it then never matches an order's total. */
function amountOrNull(value: string, currency: string): number | null {
  try {
    return decimalToCents(value, currency);
  } catch {
    return null;
  }
}

interface ProviderReply {
  status: number;
  body: unknown;
}

function issueOf(reply: ProviderReply): string | undefined {
  const parsed = errorSchema.safeParse(reply.body);
  return parsed.success ? parsed.data.details?.[0]?.issue : undefined;
}

function replyError(reply: ProviderReply): PaymentProviderError {
  const code: PaymentProviderErrorCode =
    issueOf(reply) === 'ORDER_NOT_APPROVED' ? 'PAYMENT_NOT_APPROVED' : codeForStatus(reply.status);
  return new PaymentProviderError('paypal', code, { providerStatus: reply.status, cause: reply.body });
}

/** @internal Tests build one against the loopback PayPal fake; the shop uses paypalFromEnv. */
export function paypalGateway(config: PayPalGatewayConfig): PayPalGateway {
  const doFetch = config.fetch ?? fetch;
  const base = config.apiBase.replace(/\/+$/, '');
  let token: { value: string; renewAt: number } | null = null;
  // Concurrent requests on a cold cache share one token request instead of each fetching their own.
  let tokenRequest: Promise<string> | null = null;

  async function send(path: string, init: RequestInit): Promise<ProviderReply> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new PaymentProviderError('paypal', 'PAYMENT_PROVIDER_UNAVAILABLE', { cause: error });
    }
    const text = await response.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // A proxy's HTML error page: the status still tells us what happened.
    }
    return { status: response.status, body };
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const reply = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (reply.status !== 200)
      throw new PaymentProviderError('paypal', codeForStatus(reply.status), { providerStatus: reply.status });
    const parsed = tokenSchema.safeParse(reply.body);
    if (!parsed.success)
      throw new PaymentProviderError('paypal', 'PAYMENT_PROVIDER_BAD_RESPONSE', { cause: parsed.error });
    const lifetime = parsed.data.expires_in * 1000;
    token = {
      value: parsed.data.access_token,
      renewAt: Date.now() + Math.max(lifetime - TOKEN_MARGIN_MS, lifetime / 2),
    };
    return token.value;
  }

  async function accessToken(): Promise<string> {
    if (token && Date.now() < token.renewAt) return token.value;
    tokenRequest ??= fetchToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  /** An API call with a bearer token; a token PayPal no longer accepts is renewed once. */
  async function api(
    method: 'GET' | 'POST',
    path: string,
    extra: { requestId?: string; body?: unknown } = {},
  ): Promise<ProviderReply> {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = {
        authorization: `Bearer ${await accessToken()}`,
        accept: 'application/json',
        prefer: 'return=representation',
      };
      if (method === 'POST') headers['content-type'] = 'application/json';
      if (extra.requestId) headers['paypal-request-id'] = extra.requestId;
      const init: RequestInit = { method, headers };
      if (extra.body !== undefined) init.body = JSON.stringify(extra.body);
      const reply = await send(path, init);
      if (reply.status !== 401 || attempt > 0) return reply;
      token = null;
    }
  }

  function checkedId(id: string): string {
    if (!ORDER_ID.test(id)) throw new PaymentProviderError('paypal', 'PAYMENT_PROVIDER_REJECTED');
    return id;
  }

  async function getOrder(id: string): Promise<PayPalOrder> {
    const reply = await api('GET', `/v2/checkout/orders/${checkedId(id)}`);
    if (reply.status !== 200) throw replyError(reply);
    return toOrder(reply.body);
  }

  return {
    async createOrder(input) {
      const currency = paymentCurrency(input.currency);
      assertPayableCents(input.amountCents);
      const reply = await api('POST', '/v2/checkout/orders', {
        requestId: input.requestId,
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: input.orderId,
              custom_id: input.orderId,
              invoice_id: input.transactionnum,
              amount: { currency_code: currency, value: centsToDecimal(input.amountCents, currency) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: input.returnUrl,
                cancel_url: input.cancelUrl,
                user_action: 'PAY_NOW',
                locale: input.locale,
                shipping_preference: 'NO_SHIPPING',
              },
            },
          },
        },
      });
      if (reply.status !== 200 && reply.status !== 201) throw replyError(reply);
      return toOrder(reply.body);
    },

    getOrder,

    async captureOrder(id, requestId) {
      const reply = await api('POST', `/v2/checkout/orders/${checkedId(id)}/capture`, { requestId });
      if (reply.status === 200 || reply.status === 201) return toOrder(reply.body);
      // A capture that reached PayPal but whose answer we lost, retried under a new request id.
      if (reply.status === 422 && issueOf(reply) === 'ORDER_ALREADY_CAPTURED') return getOrder(id);
      throw replyError(reply);
    },

    webhooksEnabled: Boolean(config.webhookId),

    async verifyWebhook(rawBody, headers) {
      if (!config.webhookId) throw new PaymentSignatureError();
      const transmission = transmissionOf(headers);
      const event = eventBody(rawBody);
      const reply = await api('POST', '/v1/notifications/verify-webhook-signature', {
        body: { ...transmission, webhook_id: config.webhookId, webhook_event: event },
      });
      // PayPal refuses a transmission it cannot check (a malformed header or certificate URL) with a 4xx:
      // such a delivery is as unverified as one it answers FAILURE for.
      if (reply.status === 400 || reply.status === 404 || reply.status === 422)
        throw new PaymentSignatureError(reply.body);
      if (reply.status !== 200) throw replyError(reply);
      const verdict = verificationSchema.safeParse(reply.body);
      if (!verdict.success)
        throw new PaymentProviderError('paypal', 'PAYMENT_PROVIDER_BAD_RESPONSE', { cause: verdict.error });
      if (verdict.data.verification_status !== 'SUCCESS') throw new PaymentSignatureError();
      return toWebhookEvent(event);
    },
  };
}

let cached: { key: string; gateway: PayPalGateway } | undefined;

/** The configured gateway, or null when PayPal is not set up (the payment method then stays hidden). */
export function paypalFromEnv(): PayPalGateway | null {
  const e = env();
  if (!e.PAYPAL_CLIENT_ID || !e.PAYPAL_CLIENT_SECRET) return null;
  // One gateway per configuration, so its access token is shared by all requests of this process.
  const key = [e.PAYPAL_CLIENT_ID, e.PAYPAL_CLIENT_SECRET, e.PAYPAL_API_BASE, e.PAYPAL_WEBHOOK_ID].join('|');
  if (cached?.key !== key) {
    cached = {
      key,
      gateway: paypalGateway({
        clientId: e.PAYPAL_CLIENT_ID,
        clientSecret: e.PAYPAL_CLIENT_SECRET,
        apiBase: e.PAYPAL_API_BASE,
        webhookId: e.PAYPAL_WEBHOOK_ID,
      }),
    };
  }
  return cached.gateway;
}
