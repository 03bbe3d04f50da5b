// /pay/{order}: pay an existing order again. Shows the order and the offered payment
// methods; a changed method is stored on the order first, then the order is paid like in the checkout.
// A paid order says so and offers no payment.
import { useState, type FormEvent } from 'react';
import { postOrderPaymentMethod, type Order } from '#lib/checkout/client.ts';
import { reportFailure } from '#lib/shell/report.ts';
import { fill } from '#lib/i18n/format.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { PaymentMethodCode } from '#lib/checkout/contract.ts';
import type { OfferedPayments } from '#lib/checkout/payment-methods.ts';
import { OrderDetails } from './OrderDetails.tsx';
import { PaymentMethodList } from './PaymentMethodList.tsx';
import { PaymentRunner, type PaymentHrefs } from './PaymentRunner.tsx';
import { ORDER_KEYS, RUNNER_KEYS, type CartPartsStrings, type Strings } from './strings.ts';

export const PAY_KEYS = [
  ...ORDER_KEYS,
  ...RUNNER_KEYS,
  'pay.intro',
  'pay.alreadyPaid',
  'pay.cannotPay',
  'checkout.noPaymentMethods',
  'checkout.retry',
  'checkout.tryAgain',
  'checkout.continueShopping',
] as const;

export interface PayOrderProps {
  order: Order;
  /** What this shop offers to pay with. */
  payments: OfferedPayments;
  locale: Locale;
  intlLocale: string;
  homeHref: string;
  hrefs: PaymentHrefs;
  strings: Strings<(typeof PAY_KEYS)[number]>;
  cartStrings: CartPartsStrings;
}

export function PayOrder({
  order,
  payments,
  locale,
  intlLocale,
  homeHref,
  hrefs,
  strings,
  cartStrings,
}: PayOrderProps) {
  // The order's own method while the shop still offers it.
  const [chosen, setChosen] = useState<PaymentMethodCode | null>(
    payments.methods.includes(order.paymentMethodCode) ? order.paymentMethodCode : payments.defaultMethod,
  );
  const [paying, setPaying] = useState<{ order: Order; method: PaymentMethodCode } | null>(null);
  const [failed, setFailed] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!chosen) return;
    setFailed(false);
    try {
      setPaying({
        order: chosen === order.paymentMethodCode ? order : await postOrderPaymentMethod(order.id, chosen),
        method: chosen,
      });
    } catch (error) {
      reportFailure('pay: payment method not stored', error);
      setFailed(true);
    }
  }

  const home = (
    <a className="button secondary" href={homeHref}>
      {strings['checkout.continueShopping']}
    </a>
  );
  const payable = order.paymentStatus !== 'paid' && order.status !== 'cancelled';
  return (
    <div className="pay-order">
      {order.paymentStatus === 'paid' && <p role="status">{strings['pay.alreadyPaid']}</p>}
      {order.status === 'cancelled' && order.paymentStatus !== 'paid' && (
        <p role="status">{strings['pay.cannotPay']}</p>
      )}
      {payable && !paying && <p>{fill(strings['pay.intro'], { number: order.transactionnum })}</p>}
      <OrderDetails order={order} locale={locale} intlLocale={intlLocale} strings={strings} cartStrings={cartStrings} />
      {payable &&
        (paying ? (
          <PaymentRunner
            order={paying.order}
            method={paying.method}
            flow="pay"
            locale={locale}
            hrefs={hrefs}
            strings={strings}
          />
        ) : (
          <form className="checkout-form" noValidate onSubmit={submit}>
            {payments.methods.length > 0 ? (
              <PaymentMethodList
                methods={payments.methods}
                chosen={chosen}
                onChoose={setChosen}
                legend={strings['checkout.paymentMethod']}
                strings={strings}
              />
            ) : (
              <p role="status">{strings['checkout.noPaymentMethods']}</p>
            )}
            <p className="form-error" role="alert">
              {failed ? strings['checkout.paymentError'] : ''}
            </p>
            <button type="submit" className="button primary" disabled={!chosen}>
              {strings['checkout.payNow']}
            </button>
          </form>
        ))}
      {!payable && home}
    </div>
  );
}
