// The order confirmation email: number, lines, shipping, total, payment, and the link to the order.
import { ORDER_MAIL_TEXTS, type OrderMailTexts } from './order-texts.ts';
import { fill } from '#lib/i18n/format.ts';
import { compose, localeOf } from './templates.ts';
import { shopUrl } from './account-mails.ts';
import { sendMail, type SentMail } from './transport.ts';
import type { Order } from '#lib/checkout/contract.ts';
import type { InvoiceSetting } from '#lib/content/schemas.ts';
import { getContent } from '../content.ts';
import { ORDER_ACCESS_PARAM } from '#lib/orders/access.ts';

const PAYMENT_LABELS: Record<Order['paymentMethodCode'], string> = {
  invoice: 'Invoice',
  stripe: 'Credit card',
  'stripe-debit': 'SEPA Direct Debit',
  'stripe-sofort': 'Sofort',
  paypal: 'PayPal',
};

/** The terms and the account to pay to, for an unpaid invoice order (nothing when the shop set none). */
function invoiceParagraphs(t: OrderMailTexts, invoice: InvoiceSetting | null, number: string): string[] {
  if (!invoice) return [];
  const account = [
    `${t.accountHolder}: ${invoice.accountHolder}`,
    `${t.iban}: ${invoice.iban}`,
    `${t.bic}: ${invoice.bic}`,
    ...(invoice.bankName ? [`${t.bank}: ${invoice.bankName}`] : []),
    `${t.reference}: ${number}`,
  ];
  return [fill(t.invoiceTerms, { days: invoice.dueDays }), `${t.bankDetails}:\n${account.join('\n')}`];
}

/**
 * Where the mail's button leads: a customer's order to its page in the account (sign-in first); a
 * guest order to its thank-you page with its mail token (src/lib/server/orders/access.ts), which that
 * page turns into a cookie before it redirects to the address without it.
 */
export function orderLink(order: Order, locale: string, access: string | null): string {
  if (order.hasAccount) return shopUrl(locale, `/my-account/order-history/${order.id}`);
  const page = shopUrl(locale, `/checkout/thank-you/${order.id}`);
  return access ? `${page}?${ORDER_ACCESS_PARAM}=${encodeURIComponent(access)}` : page;
}

/** @internal Exported for tests. */
export function orderConfirmationMail(
  order: Order,
  locale: string,
  shop: string,
  invoice: InvoiceSetting | null = null,
  access: string | null = null,
) {
  const t = ORDER_MAIL_TEXTS[localeOf(locale)];
  const money = new Intl.NumberFormat(localeOf(locale), { style: 'currency', currency: order.currency });
  const billing = order.cartInfo.billingAddress as { firstName?: string; lastName?: string } | null;
  const values = {
    name: `${billing?.firstName ?? ''} ${billing?.lastName ?? ''}`.trim(),
    shop,
    number: order.transactionnum,
  };
  const lines = order.cartInfo.cartItems.map(
    (item) =>
      `${item.quantity} × ${item.name} (${item.itemnum})${item.rowTotalInclTax === null ? '' : ` — ${money.format(item.rowTotalInclTax)}`}`,
  );
  const totals = order.cartInfo.totals;
  const summary = [
    fill(t.number, values),
    `${t.items}:\n${lines.join('\n')}`,
    ...(order.cartInfo.shippingMethod && totals
      ? [`${t.shipping}: ${order.cartInfo.shippingMethod.label} — ${money.format(totals.shipping_incl_tax)}`]
      : []),
    ...(totals ? [`${t.total}: ${money.format(totals.grandTotalIncTax)}`] : []),
    `${t.payment}: ${PAYMENT_LABELS[order.paymentMethodCode]}`,
  ];
  const byInvoice = order.paymentMethodCode === 'invoice';
  const note = byInvoice ? t.invoice : order.paymentStatus === 'awaiting' ? t.awaiting : null;
  const payTo = byInvoice && order.paymentStatus !== 'paid' ? invoiceParagraphs(t, invoice, order.transactionnum) : [];
  return compose(
    { email: order.email, firstName: '', lastName: '', locale },
    fill(t.subject, values),
    [fill(t.greeting, values), t.intro, ...summary, ...(note ? [note] : []), ...payTo],
    { label: t.action, url: orderLink(order, locale, access) },
    [],
    fill(t.signature, values),
  );
}

export async function sendOrderConfirmationMail(
  order: Order,
  locale: string,
  shop: string,
  access: string | null,
): Promise<SentMail> {
  const invoice =
    order.paymentMethodCode === 'invoice'
      ? ((await getContent('setting:invoice', localeOf(locale)))?.config ?? null)
      : null;
  return sendMail(orderConfirmationMail(order, locale, shop, invoice, access));
}
