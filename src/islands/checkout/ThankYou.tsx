// /checkout/thank-you/{order}: the confirmation with the order number, the order,
// the feedback form, the link to the order in the account (for customer orders) and 'Continue shopping'.
import { fill } from '#lib/i18n/format.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { Order } from '#lib/checkout/contract.ts';
import { FEEDBACK_KEYS, FeedbackForm } from './FeedbackForm.tsx';
import { INVOICE_KEYS, InvoiceDetails, type InvoiceInfo } from './InvoiceDetails.tsx';
import { OrderDetails } from './OrderDetails.tsx';
import { ORDER_KEYS, type CartPartsStrings, type Strings } from './strings.ts';

export const THANK_YOU_KEYS = [
  ...ORDER_KEYS,
  ...FEEDBACK_KEYS,
  ...INVOICE_KEYS,
  'checkout.thankYou.title',
  'checkout.thankYou.emailSent',
  'checkout.viewOrder',
  'checkout.continueShopping',
  'checkout.order.cancelledNote',
  'checkout.order.rejectedNote',
  'checkout.order.expiredNote',
  'checkout.order.awaitingApprovalNote',
] as const;

/** What the page says instead of thanks: the order waits for approval, or did not go through (and why). */
function closingNote(order: Order) {
  if (order.status === 'awaiting_approval') return 'checkout.order.awaitingApprovalNote' as const;
  if (order.approval?.decision === 'rejected') return 'checkout.order.rejectedNote' as const;
  if (order.approval?.decision === 'expired') return 'checkout.order.expiredNote' as const;
  return 'checkout.order.cancelledNote' as const;
}

export interface ThankYouProps {
  order: Order;
  locale: Locale;
  intlLocale: string;
  accountOrderHref: string;
  homeHref: string;
  /** The shop's bank account and terms; shown when the order is paid by invoice. */
  invoice?: InvoiceInfo | null | undefined;
  strings: Strings<(typeof THANK_YOU_KEYS)[number]>;
  cartStrings: CartPartsStrings;
}

export function ThankYou({
  order,
  locale,
  intlLocale,
  accountOrderHref,
  homeHref,
  invoice,
  strings,
  cartStrings,
}: ThankYouProps) {
  const cancelled = order.status === 'cancelled';
  return (
    <div className="thank-you">
      {/* The link in the mail of an unpaid order that expired leads here too: no thanks, no bank details. */}
      {cancelled || order.status === 'awaiting_approval' ? (
        <p className="thank-you-title" role="status">
          {strings[closingNote(order)]}
        </p>
      ) : (
        <>
          <p className="thank-you-title" role="status">
            {strings['checkout.thankYou.title']}
          </p>
          <p>{fill(strings['checkout.thankYou.emailSent'], { email: order.email })}</p>
        </>
      )}
      {!cancelled &&
        order.status !== 'awaiting_approval' &&
        invoice &&
        order.paymentMethodCode === 'invoice' &&
        order.paymentStatus !== 'paid' && (
          <InvoiceDetails invoice={invoice} reference={order.transactionnum} strings={strings} />
        )}
      <OrderDetails order={order} locale={locale} intlLocale={intlLocale} strings={strings} cartStrings={cartStrings} />
      <FeedbackForm orderId={order.id} given={order.feedback} strings={strings} />
      <div className="checkout-actions">
        {order.hasAccount && (
          <a className="button secondary" href={accountOrderHref}>
            {strings['checkout.viewOrder']}
          </a>
        )}
        <a className="button primary" href={homeHref}>
          {strings['checkout.continueShopping']}
        </a>
      </div>
    </div>
  );
}
