// An order as an ERP takes it (GET /api/admin/orders, docs/erp.md): who ordered, the addresses, every
// line with item number, unit and net price, the tax per rate and the totals, all as the order stored
// them when it was placed (its cartInfo), so the export says what the buyer was charged, to the cent.
// Accessories priced into a line come as lines of their own, each at its own price and rate.
import type { Order } from '#lib/checkout/contract.ts';
import type { CartItem } from '#lib/cart/contract.ts';

/** An order row with what the export adds from the customer record. */
export interface ExportSource {
  order: Order;
  customer: { id: string; number: string; company: string | null } | null;
  locale: string;
  couponCode: string | null;
  /** The terms the buyer accepted, 'de@4' (orders/terms.ts); null for orders placed before it was kept. */
  termsVersion: string | null;
}

export interface ExportLine {
  /** 1, 2, … for products; 1.1, 1.2 for the accessories that come with line 1. */
  position: string;
  sku: string;
  itemnum: string;
  /** The buyer's company's own number for the product, as it was when the order was placed; null when it keeps none. */
  customerItemNumber: string | null;
  name: string;
  quantity: number;
  /** UN/ECE unit code of one of `quantity` (C62 piece, PK pack). */
  unit: string;
  unitNetPrice: number;
  netAmount: number;
  /** Null only for orders placed before rates were stored per line. */
  taxRatePercent: number | null;
}

const PAYMENT_NAMES: Record<Order['paymentMethodCode'], string> = {
  invoice: 'Invoice',
  stripe: 'Credit card',
  'stripe-debit': 'SEPA Direct Debit',
  'stripe-sofort': 'Sofort',
  paypal: 'PayPal',
};

/** Cents-exact arithmetic on major units (two decimals). */
const cents = (major: number): number => Math.round(major * 100);
const major = (c: number): number => c / 100;

function accessoryLines(item: CartItem, position: number): ExportLine[] {
  return Object.entries(item.selectedAddtionalProducts)
    .sort(([, a], [, b]) => a.itemnum.localeCompare(b.itemnum))
    .map(([sku, a], i) => ({
      position: `${position}.${i + 1}`,
      sku,
      itemnum: a.itemnum,
      customerItemNumber: null,
      name: a.name,
      quantity: item.quantity,
      unit: 'C62',
      unitNetPrice: a.price ?? 0,
      netAmount: major(cents(a.price ?? 0) * item.quantity),
      taxRatePercent: a.taxRatePercent,
    }));
}

/** A line and the accessories priced into it, each on its own. */
function exportLines(item: CartItem, position: number): ExportLine[] {
  const accessories = accessoryLines(item, position);
  const unitCents = cents(item.price.special ?? item.price.regular ?? 0);
  const ownUnitCents = unitCents - accessories.reduce((sum, a) => sum + cents(a.unitNetPrice), 0);
  const own: ExportLine = {
    position: String(position),
    sku: item.sku,
    itemnum: item.itemnum,
    customerItemNumber: item.customerItemNumber ?? null,
    name: item.name,
    quantity: item.quantity,
    unit: item.orderUnit,
    unitNetPrice: major(ownUnitCents),
    netAmount: major(ownUnitCents * item.quantity),
    taxRatePercent: item.taxRatePercent,
  };
  return [own, ...accessories];
}

type Address = Record<string, unknown> | null;

export function exportOrder(source: ExportSource) {
  const { order, customer } = source;
  const cart = order.cartInfo;
  const totals = cart.totals;
  const purchasable = cart.cartItems.filter((item) => item.purchasable);
  return {
    id: order.id,
    number: order.transactionnum,
    status: order.status,
    paymentStatus: order.paymentStatus,
    createdAt: order.createdDate,
    updatedAt: order.lastModified,
    locale: source.locale,
    currency: order.currency,
    customer: customer
      ? { id: customer.id, number: customer.number, email: order.email, company: customer.company }
      : { id: null, number: null, email: order.email, company: null },
    poNumber: order.orderReference,
    comment: order.comment,
    paymentMethod: { code: order.paymentMethodCode, name: PAYMENT_NAMES[order.paymentMethodCode] },
    shippingMethod: cart.shippingMethod
      ? { code: cart.shippingMethod.methodCode, name: cart.shippingMethod.label }
      : null,
    billingAddress: cart.billingAddress as Address,
    shippingAddress: cart.shippingAddress as Address,
    lines: purchasable.flatMap((item, i) => exportLines(item, i + 1)),
    totals: totals && {
      goodsNet: totals.subtotal_excl_tax,
      discountNet: totals.coupon_amount,
      couponCode: source.couponCode,
      shippingNet: totals.shipping_amount,
      net: totals.grandTotalExclTax,
      tax: totals.tax_amount,
      gross: totals.grandTotalIncTax,
    },
    taxes: totals?.taxes ?? [],
    taxNote: cart.taxNote,
    termsVersion: source.termsVersion,
  };
}

export type ExportedOrder = ReturnType<typeof exportOrder>;
