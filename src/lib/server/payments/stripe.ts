// The one access point to Stripe: PaymentIntents for card and SEPA debit (and Sofort where an account still
// has it) and webhook verification. It goes through the official `stripe` library so requests, retries,
// idempotency and signature checks behave exactly as Stripe documents them; tests point the same library
// at a loopback fake through STRIPE_API_BASE instead of replacing this code.
import Stripe from 'stripe';
import { z } from 'astro/zod';
import { env } from '../env.ts';
import { logger } from '../log.ts';
import { assertPayableCents, paymentCurrency } from './amounts.ts';
import { codeForStatus, PaymentEventError, PaymentProviderError, PaymentSignatureError } from './errors.ts';

export type StripeMethod = 'card' | 'sepa_debit' | 'sofort';

export interface StripeIntent {
  id: string;
  /** Handed to Stripe.js in the browser; never logged or stored. */
  clientSecret: string | null;
  /** Stripe's PaymentIntent status: requires_payment_method, processing, succeeded, canceled, ... */
  status: string;
  amountCents: number;
  /** Upper-case ISO code, as the rest of the shop writes currencies. */
  currency: string;
  /** metadata.order_id: which order this intent pays, to be matched against the order it is applied to. */
  orderId: string | null;
  lastError: string | null;
}

export interface StripeWebhookEvent {
  id: string;
  type: string;
  /** Unix seconds; events can arrive out of order, so appliers compare state, not arrival. */
  created: number;
  intent: StripeIntent | null;
}

interface CreateIntentInput {
  orderId: string;
  transactionnum: string;
  amountCents: number;
  currency: string;
  method: StripeMethod;
  email: string;
  /** One per payment attempt: a retried request returns the intent the first one created. */
  idempotencyKey: string;
}

export interface StripeGateway {
  createIntent(input: CreateIntentInput): Promise<StripeIntent>;
  retrieveIntent(id: string): Promise<StripeIntent>;
  /** Verifies the Stripe-Signature header on the RAW body (tolerance 300 s); throws PaymentSignatureError on bad/stale/missing signatures. */
  verifyWebhook(rawBody: string | Buffer, signature: string | null): StripeWebhookEvent;
}

interface StripeGatewayConfig {
  secretKey: string;
  webhookSecret?: string;
  /** Only for tests: where the fake listens. Stripe's library takes host, port and protocol, not a path. */
  apiBase?: string;
}

const TIMEOUT_MS = 15_000;
const WEBHOOK_TOLERANCE_SECONDS = 300;
const INTENT_ID = /^pi_[A-Za-z0-9_]+$/;

// Vendor payloads are checked at the edge like everything else; extra fields are Stripe's to add.
const intentSchema = z.object({
  id: z.string().regex(INTENT_ID),
  object: z.literal('payment_intent'),
  client_secret: z.string().nullish(),
  status: z.string().min(1),
  amount: z.number().int().nonnegative(),
  currency: z.string().min(3),
  metadata: z.record(z.string(), z.string()).nullish(),
  last_payment_error: z.object({ message: z.string().nullish() }).nullish(),
});

const eventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number().int(),
  data: z.object({ object: z.object({ object: z.string() }).loose() }),
});

function toIntent(raw: unknown): StripeIntent {
  const parsed = intentSchema.safeParse(raw);
  if (!parsed.success)
    throw new PaymentProviderError('stripe', 'PAYMENT_PROVIDER_BAD_RESPONSE', { cause: parsed.error });
  const pi = parsed.data;
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? null,
    status: pi.status,
    amountCents: pi.amount,
    currency: pi.currency.toUpperCase(),
    orderId: pi.metadata?.order_id ?? null,
    lastError: pi.last_payment_error?.message ?? null,
  };
}

/** Turns the library's errors into ours; anything that is not a Stripe error is a bug and passes through. */
function providerError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return new PaymentProviderError('stripe', 'PAYMENT_PROVIDER_UNAVAILABLE', { cause: error });
  }
  const status = error.statusCode ?? null;
  const code = status === null ? 'PAYMENT_PROVIDER_UNAVAILABLE' : codeForStatus(status);
  return new PaymentProviderError('stripe', code, { providerStatus: status, cause: error });
}

/** host/port/protocol for the library from a base URL such as http://127.0.0.1:12111. */
function connection(apiBase: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

/** @internal Tests build one against the loopback Stripe fake; the shop uses stripeFromEnv. */
export function stripeGateway(config: StripeGatewayConfig): StripeGateway {
  // No apiVersion: the library pins the API version it was generated for, so an upgrade of `stripe`
  // moves both together. maxNetworkRetries makes the library retry network errors and 5xx with the
  // same idempotency key, which Stripe guarantees are safe.
  const client = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: TIMEOUT_MS,
    ...(config.apiBase ? connection(config.apiBase) : {}),
  });

  return {
    async createIntent(input) {
      const currency = paymentCurrency(input.currency);
      assertPayableCents(input.amountCents);
      try {
        const pi = await client.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: currency.toLowerCase(),
            // API version endive (stripe 23) renamed payment_method_types to allowed_payment_method_types.
            allowed_payment_method_types: [input.method],
            metadata: { order_id: input.orderId, transactionnum: input.transactionnum },
            receipt_email: input.email,
            description: `Order ${input.transactionnum}`,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toIntent(pi);
      } catch (error) {
        throw providerError(error);
      }
    },

    async retrieveIntent(id) {
      // The id usually comes back from the browser (?payment_intent=…): never let it shape the URL.
      if (!INTENT_ID.test(id)) throw new PaymentProviderError('stripe', 'PAYMENT_PROVIDER_REJECTED');
      try {
        return toIntent(await client.paymentIntents.retrieve(id));
      } catch (error) {
        throw providerError(error);
      }
    },

    verifyWebhook(rawBody, signature) {
      if (!config.webhookSecret || !signature) throw new PaymentSignatureError();
      let event: unknown;
      try {
        event = Stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        throw new PaymentSignatureError(error);
      }
      const parsed = eventSchema.safeParse(event);
      if (!parsed.success) {
        logger.warn({ err: parsed.error }, 'signed Stripe webhook that is not a readable event');
        throw new PaymentEventError(parsed.error);
      }
      const { id, type, created, data } = parsed.data;
      return { id, type, created, intent: data.object.object === 'payment_intent' ? toIntent(data.object) : null };
    },
  };
}

let cached: { key: string; gateway: StripeGateway } | undefined;

/** The configured gateway, or null when Stripe is not set up (the payment methods then stay hidden). */
export function stripeFromEnv(): StripeGateway | null {
  const e = env();
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_PUBLISHABLE_KEY) return null;
  // One client per configuration, so keep-alive connections are reused across requests.
  const key = [e.STRIPE_SECRET_KEY, e.STRIPE_WEBHOOK_SECRET, e.STRIPE_API_BASE].join('|');
  if (cached?.key !== key) {
    const config: StripeGatewayConfig = { secretKey: e.STRIPE_SECRET_KEY };
    if (e.STRIPE_WEBHOOK_SECRET) config.webhookSecret = e.STRIPE_WEBHOOK_SECRET;
    if (e.STRIPE_API_BASE) config.apiBase = e.STRIPE_API_BASE;
    cached = { key, gateway: stripeGateway(config) };
  }
  return cached.gateway;
}
