// Where the shopper lands back from Stripe or PayPal: /checkout/checkout-processing?order=… (checkout)
// and /pay/{order}/{status} (paying again). The server asks the provider what happened (never the
// browser's word), the order is confirmed when paid or awaiting, and the shopper moves on to the
// thank-you or payment-result page; a failure says why and offers to pay again.
import { useEffect, useEffectEvent, useState } from 'react';
import { completePayment, confirmOrder, getOrder, type Order } from '#lib/checkout/client.ts';
import { reportFailure } from '#lib/shell/report.ts';
import { resultHref, type PaymentHrefs } from './PaymentRunner.tsx';
import type { Strings } from './strings.ts';

export const PROCESSING_KEYS = [
  'checkout.processing',
  'checkout.paymentFailed',
  'checkout.paymentCancelled',
  'checkout.tryAgain',
  'checkout.order.notFound',
] as const;

export interface ProcessingStatusProps {
  flow: 'checkout' | 'pay';
  /** /pay/{order}/{status}: from the path; the checkout reads ?order=. */
  orderId?: string | undefined;
  /** /pay/{order}/{status}: 'cancel' when the shopper left the provider's page. */
  status?: 'success' | 'cancel' | undefined;
  hrefs: PaymentHrefs;
  strings: Strings<(typeof PROCESSING_KEYS)[number]>;
}

type Outcome = { state: 'working' } | { state: 'failed' | 'cancelled'; orderId: string } | { state: 'missing' };

async function settle(orderId: string, query: URLSearchParams): Promise<Order> {
  const intent = query.get('payment_intent');
  const token = query.get('token');
  if (intent) return completePayment({ orderId, reference: intent, provider: 'stripe' });
  if (token) return completePayment({ orderId, reference: token, provider: 'paypal' });
  return getOrder(orderId);
}

export function ProcessingStatus({ flow, orderId: pathOrderId, status, hrefs, strings }: ProcessingStatusProps) {
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });
  // Where to go reads the latest links; a new links object is not a reason to settle the payment again.
  const leave = useEffectEvent((order: Order) => location.replace(resultHref(order, flow, hrefs)));
  const leaveCancelled = useEffectEvent((orderId: string) =>
    location.replace(`${hrefs.orderPayment}/${encodeURIComponent(orderId)}/cancelled`),
  );

  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const orderId = pathOrderId ?? query.get('order') ?? '';
    if (!/^[0-9a-f-]{36}$/i.test(orderId)) return setOutcome({ state: 'missing' });
    const cancelled = status === 'cancel' || query.get('cancelled') === '1';
    (async () => {
      if (cancelled) {
        if (flow === 'pay') return leaveCancelled(orderId);
        return setOutcome({ state: 'cancelled', orderId });
      }
      const order = await settle(orderId, query);
      if (order.paymentStatus === 'paid' || order.paymentStatus === 'awaiting') {
        return leave(await confirmOrder(order.id));
      }
      if (flow === 'pay') return leave(order);
      setOutcome({ state: 'failed', orderId });
    })().catch((error: unknown) => {
      reportFailure('checkout: payment could not be completed', error);
      setOutcome({ state: 'failed', orderId });
    });
  }, [flow, pathOrderId, status]);

  if (outcome.state === 'working')
    return (
      <p className="checkout-processing" role="status" aria-busy="true">
        {strings['checkout.processing']}
      </p>
    );
  if (outcome.state === 'missing')
    return (
      <p className="form-error" role="alert">
        {strings['checkout.order.notFound']}
      </p>
    );
  return (
    <div className="checkout-processing" role="alert">
      <p>{outcome.state === 'cancelled' ? strings['checkout.paymentCancelled'] : strings['checkout.paymentFailed']}</p>
      <a className="button primary" href={`${hrefs.pay}/${encodeURIComponent(outcome.orderId)}`}>
        {strings['checkout.tryAgain']}
      </a>
    </div>
  );
}
