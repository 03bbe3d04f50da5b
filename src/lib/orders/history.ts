// How the account's order list shows an order: the date in the locale's numeric format (en is
// en-GB, day/month/year), the total with its currency, and where the order's details live.
import type { Order } from '../checkout/contract.ts';
import { formatPrice } from '../catalog/price.ts';

export interface OrderListRow {
  id: string;
  number: string;
  /** ISO timestamp for <time datetime>. */
  createdDate: string;
  date: string;
  total: string;
  paymentStatus: Order['paymentStatus'];
  /** A cancelled order says so instead of its payment status (an unpaid order that expired). */
  cancelled: boolean;
  /** An order waiting for the company's approval says so instead of its payment status. */
  awaitingApproval: boolean;
  /** Unprefixed path; the page adds the locale. */
  detailPath: string;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function formatOrderDate(iso: string, intlLocale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  let format = dateFormats.get(intlLocale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale, { day: '2-digit', month: '2-digit', year: 'numeric' });
    dateFormats.set(intlLocale, format);
  }
  return format.format(date);
}

export function orderListRow(order: Order, intlLocale: string, freeLabel: string): OrderListRow {
  return {
    id: order.id,
    number: order.transactionnum,
    createdDate: order.createdDate,
    date: formatOrderDate(order.createdDate, intlLocale),
    // No totals when the order was placed with prices hidden: nothing to show rather than 'Free'.
    total: order.cartInfo.totals
      ? formatPrice(order.cartInfo.totals.grandTotalIncTax, { currency: order.currency, locale: intlLocale, freeLabel })
      : '',
    paymentStatus: order.paymentStatus,
    cancelled: order.status === 'cancelled',
    awaitingApproval: order.status === 'awaiting_approval',
    detailPath: `/my-account/order-history/${order.id}`,
  };
}
