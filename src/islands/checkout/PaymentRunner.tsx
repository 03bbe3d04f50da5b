// Pays an existing order with a method, for the checkout and for /pay/{order}: asks the server for the
// payment, then does what it says: nothing to do (invoice) → confirm and show the result; redirect
// (PayPal approval) → leave; stripe → mount the Payment Element with its 'Pay now'.
import { useEffect, useEffectEvent, useState } from 'react';
import { ApiClientError } from '#lib/http/client.ts';
import { confirmOrder, createPayment, type Order, type PaymentAction } from '#lib/checkout/client.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { PaymentMethodCode } from '#lib/checkout/contract.ts';
import { reportFailure } from '#lib/shell/report.ts';
import { StripePayment } from './StripePayment.tsx';
import type { RUNNER_KEYS, Strings } from './strings.ts';

export interface PaymentHrefs {
  /** /checkout/thank-you (the order id is appended). */
  thankYou: string;
  /** /pay (the order id is appended). */
  pay: string;
  /** /order-payment (order id and status are appended). */
  orderPayment: string;
}

/** Where a shopper goes once an order needs no more action in the browser. */
export function resultHref(order: Order, flow: 'checkout' | 'pay', hrefs: PaymentHrefs): string {
  if (flow === 'checkout') return `${hrefs.thankYou}/${encodeURIComponent(order.id)}`;
  const status = order.paymentStatus === 'paid' ? 'paid' : order.paymentStatus === 'failed' ? 'failed' : 'awaiting';
  return `${hrefs.orderPayment}/${encodeURIComponent(order.id)}/${status}`;
}

export interface PaymentRunnerProps {
  order: Order;
  method: PaymentMethodCode;
  flow: 'checkout' | 'pay';
  locale: Locale;
  hrefs: PaymentHrefs;
  strings: Strings<(typeof RUNNER_KEYS)[number] | 'checkout.retry' | 'checkout.tryAgain'>;
}

type RunState =
  | { state: 'starting' }
  | { state: 'redirecting' }
  | { state: 'failed'; network: boolean }
  | { state: 'stripe'; action: Extract<PaymentAction, { action: 'stripe' }> };

export function PaymentRunner({ order, method, flow, locale, hrefs, strings }: PaymentRunnerProps) {
  const [run, setRun] = useState<RunState>({ state: 'starting' });
  const [attempt, setAttempt] = useState(0);
  // Leaving for the result page reads the latest links; it is not a reason to start the payment again.
  const finish = useEffectEvent((confirmed: Order) => location.assign(resultHref(confirmed, flow, hrefs)));

  useEffect(() => {
    // Waiting for the company's approval: nothing to pay yet; the result page says so.
    if (order.status === 'awaiting_approval') return finish(order);
    let active = true;
    setRun({ state: 'starting' });
    (async () => {
      const { order: current, payment } = await createPayment({
        orderId: order.id,
        paymentMethodCode: method,
        flow,
        locale,
      });
      if (!active) return;
      if (payment.action === 'none') {
        finish(await confirmOrder(current.id));
      } else if (payment.action === 'redirect') {
        setRun({ state: 'redirecting' });
        location.assign(payment.url);
      } else {
        setRun({ state: 'stripe', action: payment });
      }
    })().catch((error: unknown) => {
      reportFailure('checkout: payment could not be started', error);
      if (active)
        setRun({ state: 'failed', network: error instanceof ApiClientError && error.code === 'NETWORK_ERROR' });
    });
    return () => {
      active = false;
    };
  }, [order, method, flow, locale, attempt]);

  if (run.state === 'stripe') return <StripePayment action={run.action} locale={locale} strings={strings} />;
  return (
    <div className="payment-runner">
      <p role="status" className="checkout-status">
        {run.state === 'starting'
          ? strings['checkout.paymentLoading']
          : run.state === 'redirecting'
            ? strings['checkout.redirecting']
            : ''}
      </p>
      {run.state === 'failed' && (
        <div className="alert alert-danger" role="alert">
          <p>{run.network ? strings['server.NETWORK_ERROR'] : strings['checkout.paymentError']}</p>
          <div className="checkout-actions">
            <button type="button" className="button secondary" onClick={() => setAttempt((n) => n + 1)}>
              {strings['checkout.retry']}
            </button>
            {flow === 'checkout' && (
              <a href={`${hrefs.pay}/${encodeURIComponent(order.id)}`}>{strings['checkout.tryAgain']}</a>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
