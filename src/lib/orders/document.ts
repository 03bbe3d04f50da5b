// An order as a business document reads it (the confirmation mail; docs/checkout.md): number, date and
// PO number, both addresses, every line with item number, quantity and unit, net unit and line price,
// then net goods, coupon, shipping, VAT per rate and the total, the tax note and the payment method in
// the buyer's language. Built once from the stored order (what the buyer was charged) so every
// rendering of it shows the same numbers; pure, no I/O.
import type { Order } from '../checkout/contract.ts';
import type { Messages } from '../i18n/messages/en.ts';
import { fill } from '../i18n/format.ts';
import { unitCount } from '../catalog/order-unit.ts';
import { addressLines, addressValues } from '../checkout/form.ts';
import type { Locale } from '../i18n/locales.ts';

interface DocumentLine {
  itemnum: string;
  name: string;
  /** "3 pieces", "2 Packungen". */
  quantity: string;
  unitPrice: string;
  lineTotal: string;
}

export interface OrderDocument {
  facts: { label: string; value: string }[];
  addresses: { title: string; lines: string[] }[];
  columns: { itemnum: string; name: string; quantity: string; unitPrice: string; lineTotal: string };
  lines: DocumentLine[];
  /** Net rows, VAT per rate, the total to pay last. */
  totals: { label: string; value: string }[];
  taxNote: string | null;
}

/** An address as a letter shows it, the VAT id named (an invoice must show the buyer's). */
function labelledAddress(source: unknown, locale: Locale, m: Messages): string[] {
  const vatId = source ? addressValues(source).vatId.trim() : '';
  return addressLines(source, locale).map((line) =>
    vatId && line === vatId ? `${m['checkout.address.vatId']}: ${vatId}` : line,
  );
}

/** The line table's headings of a business document (an order, a quote). */
export const documentColumns = (m: Messages): OrderDocument['columns'] => ({
  itemnum: m['catalog.itemNo'],
  name: m['checkout.order.items'],
  quantity: m['document.quantity'],
  unitPrice: m['document.unitPrice'],
  lineTotal: m['document.lineTotal'],
});

export function orderDocument(order: Order, m: Messages, locale: Locale, intlLocale: string): OrderDocument {
  const cart = order.cartInfo;
  const money = (amount: number) =>
    new Intl.NumberFormat(intlLocale, { style: 'currency', currency: order.currency }).format(amount);
  const rate = (percent: number) =>
    new Intl.NumberFormat(intlLocale, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
  const date = new Intl.DateTimeFormat(intlLocale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(order.createdDate),
  );
  const facts = [
    { label: m['checkout.order.number'], value: order.transactionnum },
    { label: m['checkout.order.date'], value: date },
    ...(order.orderReference ? [{ label: m['checkout.order.reference'], value: order.orderReference }] : []),
    { label: m['checkout.paymentMethod'], value: m[`checkout.paymentMethod.${order.paymentMethodCode}`] },
    ...(cart.shippingMethod ? [{ label: m['checkout.shippingMethod'], value: cart.shippingMethod.label }] : []),
  ];
  const addresses = [
    { title: m['checkout.billingAddress'], lines: labelledAddress(cart.billingAddress, locale, m) },
    { title: m['checkout.shippingAddress'], lines: labelledAddress(cart.shippingAddress, locale, m) },
  ];
  const ownNumber = (number: string | null) => (number ? [`${m['catalog.yourItemNo']} ${number}`] : []);
  const lines = cart.cartItems
    .filter((item) => item.purchasable)
    .map((item) => {
      const accessories = Object.values(item.selectedAddtionalProducts).map((a) => `+ ${a.name} (${a.itemnum})`);
      const unit = item.price.special ?? item.price.regular ?? 0;
      return {
        itemnum: item.itemnum,
        // The buyer's own number under the name: what their goods receipt matches the delivery against.
        name: [item.name, ...ownNumber(item.customerItemNumber), ...accessories].join('\n'),
        quantity: unitCount(m, intlLocale, item.orderUnit, item.quantity),
        unitPrice: money(unit),
        lineTotal: money(item.rowTotal ?? 0),
      };
    });
  const t = cart.totals;
  const totals = t
    ? [
        { label: m['document.subtotalNet'], value: money(t.subtotal_excl_tax) },
        ...(t.coupon_amount > 0
          ? [
              {
                label: `${m['cart.discount']}${cart.couponCode ? ` (${cart.couponCode})` : ''}`,
                value: `−${money(t.coupon_amount)}`,
              },
            ]
          : []),
        ...(cart.shippingMethod ? [{ label: m['document.shippingNet'], value: money(t.shipping_amount) }] : []),
        { label: m['document.totalNet'], value: money(t.grandTotalExclTax) },
        ...(t.taxes.length > 0
          ? t.taxes.map((line) => ({
              label: `${fill(m['cart.taxAtRate'], { rate: rate(line.ratePercent) })} (${money(line.net)})`,
              value: money(line.tax),
            }))
          : [{ label: m['cart.tax'], value: money(t.tax_amount) }]),
        { label: m['document.totalGross'], value: money(t.grandTotalIncTax) },
      ]
    : [];
  return {
    facts,
    addresses,
    columns: documentColumns(m),
    lines,
    totals,
    taxNote: cart.taxNote ? m[`tax.${cart.taxNote}`] : null,
  };
}
