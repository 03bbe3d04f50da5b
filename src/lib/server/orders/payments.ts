// Paying an order: start an attempt with the chosen method and say what the browser must do next.
// The amount is always the order's own total; the client never names one. What the provider then says
// of the attempt (the browser back, webhooks, recovery) is applied in payment-outcomes.ts.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { localePath } from '#lib/site/paths.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { PaymentAction, PaymentMethodCode } from '#lib/checkout/contract.ts';
import { providerOf } from '#lib/checkout/payment-methods.ts';
import type { PayPalGateway, StripeGateway, StripeMethod } from '../payments/index.ts';
import {
  orderAlreadyPaid,
  orderAwaitingApproval,
  orderCancelled,
  orderNotFound,
  paymentMethodUnavailable,
} from './errors.ts';
import type { ConfirmResult } from './lifecycle.ts';
import { captureApprovedPayPal } from './payment-outcomes.ts';
import { findOrder, type OrderRow } from './queries.ts';

const IdRow = z.object({ id: z.string() });

export interface PaymentGateways {
  stripe: StripeGateway | null;
  paypal: PayPalGateway | null;
  stripePublishableKey: string | null;
  stripeJsUrl: string;
  siteUrl: string;
}

type PaymentFlow = 'checkout' | 'pay';

const STRIPE_METHODS: Partial<Record<PaymentMethodCode, StripeMethod>> = {
  stripe: 'card',
  'stripe-debit': 'sepa_debit',
  'stripe-sofort': 'sofort',
};

/** Where providers send the shopper back: the checkout's processing step, or /pay/{order}/{status}. */
function returnUrls(
  siteUrl: string,
  locale: Locale,
  orderId: string,
  flow: PaymentFlow,
  provider: 'stripe' | 'paypal',
) {
  const base = siteUrl.replace(/\/+$/, '');
  if (flow === 'pay') {
    return {
      success: `${base}${localePath(locale, `/pay/${orderId}/success`)}?provider=${provider}`,
      cancel: `${base}${localePath(locale, `/pay/${orderId}/cancel`)}?provider=${provider}`,
    };
  }
  const processing = `${base}${localePath(locale, '/checkout/checkout-processing')}?order=${orderId}&provider=${provider}`;
  return { success: processing, cancel: `${processing}&cancelled=1` };
}

const AttemptRow = z.object({
  id: z.string(),
  providerRef: z.string().nullable(),
  status: z.string(),
  methodCode: z.string(),
  amountCents: z.number(),
});
type AttemptRow = z.infer<typeof AttemptRow>;

/** Opens an attempt row first, so its id can be the provider's idempotency key. */
async function openAttempt(
  db: Db,
  order: OrderRow,
  provider: 'stripe' | 'paypal',
  methodCode: PaymentMethodCode,
): Promise<string> {
  const [row] = await rows(
    db,
    IdRow,
    sql`
    INSERT INTO payments (order_id, provider, method_code, amount_cents, currency, status)
    VALUES (${order.id}, ${provider}, ${methodCode}, ${order.grandTotalCents}, ${order.currency}, 'created') RETURNING id`,
  );
  return row!.id;
}

/** A Stripe attempt of this order and method that the shopper can still complete, reused on retries. */
async function reusableStripeAttempt(
  db: Db,
  order: OrderRow,
  methodCode: PaymentMethodCode,
): Promise<AttemptRow | null> {
  const [row] = await rows(
    db,
    AttemptRow,
    sql`
    SELECT id, provider_ref AS "providerRef", status, method_code AS "methodCode", amount_cents AS "amountCents"
    FROM payments WHERE order_id = ${order.id} AND provider = 'stripe' AND method_code = ${methodCode}
      AND provider_ref IS NOT NULL AND status IN ('created', 'failed') AND amount_cents = ${order.grandTotalCents}
    ORDER BY created_at DESC LIMIT 1`,
  );
  return row ?? null;
}

export interface StartPaymentInput {
  orderId: string;
  methodCode: PaymentMethodCode;
  offeredMethods: readonly PaymentMethodCode[];
  flow: PaymentFlow;
  locale: Locale;
}

export interface StartedPayment {
  order: OrderRow;
  action: PaymentAction;
  /** Set when starting found an approved PayPal payment and captured it: the order may be confirmed. */
  settled?: ConfirmResult;
}

/** Starts (or resumes) paying an order with a method and says what the browser must do next. */
export async function startPayment(
  db: Db,
  gateways: PaymentGateways,
  input: StartPaymentInput,
): Promise<StartedPayment> {
  let order = await findOrder(db, input.orderId);
  if (!order) throw orderNotFound();
  if (order.status === 'cancelled') throw orderCancelled();
  // Nothing is paid before the company's approver said yes (approval.ts).
  if (order.status === 'awaiting_approval') throw orderAwaitingApproval();
  if (order.paymentStatus !== 'paid' && gateways.paypal) {
    const settled = await captureApprovedPayPal(db, gateways.paypal, order.id);
    if (settled?.order.paymentStatus === 'paid') return { order: settled.order, action: { action: 'none' }, settled };
  }
  if (order.paymentStatus === 'paid') {
    if (input.flow === 'pay') throw orderAlreadyPaid();
    return { order, action: { action: 'none' } };
  }
  if (!input.offeredMethods.includes(input.methodCode)) throw paymentMethodUnavailable();
  if (order.paymentMethodCode !== input.methodCode) order = await setPaymentMethod(db, order.id, input.methodCode);

  const provider = providerOf(input.methodCode);
  if (provider === 'invoice') return { order, action: { action: 'none' } };
  const urls = returnUrls(gateways.siteUrl, input.locale, order.id, input.flow, provider);

  if (provider === 'stripe') {
    const stripe = gateways.stripe;
    if (!stripe || !gateways.stripePublishableKey) throw paymentMethodUnavailable();
    const method = STRIPE_METHODS[input.methodCode]!;
    const reusable = await reusableStripeAttempt(db, order, input.methodCode);
    let intent = reusable?.providerRef ? await stripe.retrieveIntent(reusable.providerRef) : null;
    if (!intent || !['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
      const attemptId = await openAttempt(db, order, 'stripe', input.methodCode);
      intent = await stripe.createIntent({
        orderId: order.id,
        transactionnum: order.transactionnum,
        amountCents: order.grandTotalCents,
        currency: order.currency,
        method,
        email: order.email,
        idempotencyKey: `payment-${attemptId}`,
      });
      await db.execute(
        sql`UPDATE payments SET provider_ref = ${intent.id}, updated_at = now() WHERE id = ${attemptId}`,
      );
    }
    return {
      order,
      action: {
        action: 'stripe',
        publishableKey: gateways.stripePublishableKey,
        clientSecret: intent.clientSecret ?? '',
        jsUrl: gateways.stripeJsUrl,
        returnUrl: urls.success,
        method,
      },
    };
  }

  const paypal = gateways.paypal;
  if (!paypal) throw paymentMethodUnavailable();
  const attemptId = await openAttempt(db, order, 'paypal', input.methodCode);
  const created = await paypal.createOrder({
    orderId: order.id,
    transactionnum: order.transactionnum,
    amountCents: order.grandTotalCents,
    currency: order.currency,
    returnUrl: urls.success,
    cancelUrl: urls.cancel,
    locale: `${input.locale}-${input.locale === 'en' ? 'GB' : input.locale.toUpperCase()}`,
    requestId: `payment-${attemptId}`,
  });
  await db.execute(
    sql`UPDATE payments SET provider_ref = ${created.id}, status = 'created', updated_at = now() WHERE id = ${attemptId}`,
  );
  if (!created.approveUrl) throw paymentMethodUnavailable();
  return { order, action: { action: 'redirect', url: created.approveUrl } };
}

export async function setPaymentMethod(db: Db, orderId: string, methodCode: PaymentMethodCode): Promise<OrderRow> {
  const updated = await rows(
    db,
    IdRow,
    sql`
    UPDATE orders SET payment_method_code = ${methodCode}, last_modified = now()
    WHERE id = ${orderId} AND payment_status <> 'paid' AND status <> 'cancelled' RETURNING id`,
  );
  if (updated.length === 0) {
    const order = await findOrder(db, orderId);
    if (!order) throw orderNotFound();
    throw order.paymentStatus === 'paid' ? orderAlreadyPaid() : orderCancelled();
  }
  return (await findOrder(db, orderId))!;
}
