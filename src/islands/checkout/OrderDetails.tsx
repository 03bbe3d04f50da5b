// A placed order as the thank-you and pay pages show it: number, date, reference, payment status (and
// that the order is cancelled, when it is), addresses, shipping and payment method, and the summary of
// lines and totals.
import { fill } from '#lib/i18n/format.ts';
import type { Order } from '#lib/checkout/client.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { AddressView } from './AddressView.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import type { CartPartsStrings, ORDER_KEYS, Strings } from './strings.ts';

export interface OrderDetailsProps {
  order: Order;
  locale: Locale;
  intlLocale: string;
  strings: Strings<(typeof ORDER_KEYS)[number]>;
  cartStrings: CartPartsStrings;
}

export function OrderDetails({ order, locale, intlLocale, strings, cartStrings }: OrderDetailsProps) {
  const date = new Intl.DateTimeFormat(intlLocale, { dateStyle: 'long' }).format(new Date(order.createdDate));
  return (
    <div className="order-details">
      <dl className="order-facts">
        <div>
          <dt>{strings['checkout.order.number']}</dt>
          <dd className="order-number">{order.transactionnum}</dd>
        </div>
        <div>
          <dt>{strings['checkout.order.date']}</dt>
          <dd>
            <time dateTime={order.createdDate}>{date}</time>
          </dd>
        </div>
        {order.orderReference && (
          <div>
            <dt>{strings['checkout.order.reference']}</dt>
            <dd>{order.orderReference}</dd>
          </div>
        )}
        <div>
          <dt>{strings['checkout.paymentMethod']}</dt>
          <dd>{strings[`checkout.paymentMethod.${order.paymentMethodCode}`]}</dd>
        </div>
        {(order.status === 'cancelled' || order.status === 'awaiting_approval') && (
          <div>
            <dt>{strings['checkout.orderStatus']}</dt>
            <dd className={`order-status order-status-${order.status}`}>
              {strings[`checkout.orderStatus.${order.status}`]}
            </dd>
          </div>
        )}
        {order.approval?.comment &&
          (order.approval.decision === 'approved' || order.approval.decision === 'rejected') && (
            <div>
              <dt>
                {fill(
                  strings[`checkout.order.${order.approval.decision === 'approved' ? 'approvedBy' : 'rejectedBy'}`],
                  {
                    name: order.approval.decidedBy ?? '',
                  },
                )}
              </dt>
              <dd className="order-approval-comment">{order.approval.comment}</dd>
            </div>
          )}
        <div>
          <dt>{strings['checkout.paymentStatus']}</dt>
          <dd className={`payment-status payment-status-${order.paymentStatus}`}>
            {strings[`checkout.paymentStatus.${order.paymentStatus}`]}
          </dd>
        </div>
        {order.cartInfo.shippingMethod && (
          <div>
            <dt>{strings['checkout.shippingMethod']}</dt>
            <dd>{order.cartInfo.shippingMethod.label}</dd>
          </div>
        )}
      </dl>
      <div className="checkout-review">
        <AddressView
          title={strings['checkout.shippingAddress']}
          address={order.cartInfo.shippingAddress}
          locale={locale}
        />
        <AddressView
          title={strings['checkout.billingAddress']}
          address={order.cartInfo.billingAddress}
          locale={locale}
        />
      </div>
      <OrderSummary
        cart={order.cartInfo}
        intlLocale={intlLocale}
        withCoupon={false}
        strings={strings}
        cartStrings={cartStrings}
      />
    </div>
  );
}
