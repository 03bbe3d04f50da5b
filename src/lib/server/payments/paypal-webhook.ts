// PayPal's webhook deliveries, read at the edge: the transmission headers it signs each delivery with
// and the event body, turned into the few facts the shop acts on. Whether a delivery is genuine only
// PayPal can say (its verify-webhook-signature API, called by the gateway in paypal.ts): nothing here
// trusts a delivery by itself.
import { z } from 'astro/zod';
import { PaymentProviderError, PaymentSignatureError } from './errors.ts';

export interface PayPalWebhookEvent {
  /** WH-…: the same id on every redelivery of one event. */
  id: string;
  /** CHECKOUT.ORDER.APPROVED, PAYMENT.CAPTURE.COMPLETED, ... */
  type: string;
  /** The PayPal order the event is about (a capture names it in its related ids), when it names one. */
  paypalOrderId: string | null;
}

/** The verify API's field names and the headers PayPal sends them in. */
const TRANSMISSION_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

export type Transmission = Record<keyof typeof TRANSMISSION_HEADERS, string>;

/** A header is a few hundred bytes at most (the signature is base64 of an RSA block). */
const MAX_HEADER_LENGTH = 2048;

/** The signed transmission of a delivery; a delivery without one cannot be from PayPal. */
export function transmissionOf(headers: Headers): Transmission {
  const entries = Object.entries(TRANSMISSION_HEADERS).map(([field, header]) => {
    const value = headers.get(header)?.trim() ?? '';
    if (!value || value.length > MAX_HEADER_LENGTH) throw new PaymentSignatureError();
    return [field, value];
  });
  return Object.fromEntries(entries) as Transmission;
}

/** The body as PayPal's verify API wants it back: the parsed event object. Anything else is no event. */
export function eventBody(raw: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new PaymentSignatureError(error);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new PaymentSignatureError();
  return value as Record<string, unknown>;
}

const eventSchema = z.object({
  id: z.string().min(1).max(128),
  event_type: z.string().min(1).max(128),
  resource_type: z.string().nullish(),
  resource: z
    .object({
      id: z.string().nullish(),
      supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().nullish() }).nullish() }).nullish(),
    })
    .loose()
    .nullish(),
});

/** A verified event's facts; PayPal adds fields freely, so only these are required. */
export function toWebhookEvent(body: unknown): PayPalWebhookEvent {
  const parsed = eventSchema.safeParse(body);
  if (!parsed.success)
    throw new PaymentProviderError('paypal', 'PAYMENT_PROVIDER_BAD_RESPONSE', { cause: parsed.error });
  const { id, event_type: type, resource_type: resourceType, resource } = parsed.data;
  // An order event's resource is the order; a capture event's names its order among its related ids.
  const paypalOrderId =
    resourceType === 'checkout-order'
      ? (resource?.id ?? null)
      : (resource?.supplementary_data?.related_ids?.order_id ?? null);
  return { id, type, paypalOrderId };
}
