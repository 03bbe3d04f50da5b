// An exported order as an openTRANS 2.1 ORDER document (the German B2B standard beside BMEcat), for
// ERPs that import orders as files: buyer, invoice recipient and delivery parties, every line with its
// supplier item number, order unit, net price and VAT rate, and the order's net and tax totals.
// Element order follows the openTRANS 2.1 schema (opentrans_2_1.xsd), which is strict about it.
import type { ExportedOrder, ExportLine } from './shape.ts';

const escapeXml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** `<name>text</name>`, or nothing for an empty value (optional elements are left out, not empty). */
const el = (name: string, value: string | number | null | undefined, attributes = ''): string =>
  value === null || value === undefined || value === ''
    ? ''
    : `<${name}${attributes}>${escapeXml(String(value))}</${name}>`;

const amount = (major: number): string => major.toFixed(2);

type Address = Record<string, unknown> | null;
const field = (address: Address, name: string): string => {
  const value = address?.[name];
  return typeof value === 'string' ? value : '';
};

function addressXml(address: Address, email: string | null): string {
  const name = `${field(address, 'firstName')} ${field(address, 'lastName')}`.trim();
  const company = field(address, 'company');
  const street = [field(address, 'street'), field(address, 'apartment')].filter(Boolean).join(', ');
  return [
    '<ADDRESS>',
    el('bmecat:NAME', company || name),
    el('bmecat:NAME2', company ? name : ''),
    el('bmecat:STREET', street),
    el('bmecat:ZIP', field(address, 'postalCode')),
    el('bmecat:CITY', field(address, 'city')),
    el('bmecat:STATE', field(address, 'region')),
    el('bmecat:COUNTRY_CODED', field(address, 'country')),
    el('bmecat:VAT_ID', field(address, 'vatId')),
    el('bmecat:PHONE', field(address, 'phone'), ' type="office"'),
    el('bmecat:EMAIL', field(address, 'email') || email),
    '</ADDRESS>',
  ].join('');
}

const party = (id: string, type: string, role: string, address: string): string =>
  `<PARTY>${el('bmecat:PARTY_ID', id, ` type="${type}"`)}<PARTY_ROLE>${role}</PARTY_ROLE>${address}</PARTY>`;

function itemXml(line: ExportLine): string {
  const rate = line.taxRatePercent;
  const tax =
    rate === null
      ? ''
      : `<TAX_DETAILS_FIX>${el('bmecat:TAX_CATEGORY', rate === 0 ? 'zero_rate' : 'standard_rate')}${el('bmecat:TAX_TYPE', 'vat')}${el('bmecat:TAX', (rate / 100).toFixed(4))}</TAX_DETAILS_FIX>`;
  return [
    '<ORDER_ITEM>',
    el('LINE_ITEM_ID', line.position),
    // BUYER_PID: the buyer's own number for the product, after the supplier's as openTRANS 2.1 orders them.
    `<PRODUCT_ID>${el('bmecat:SUPPLIER_PID', line.itemnum, ' type="supplier_specific"')}${line.customerItemNumber === null ? '' : el('bmecat:BUYER_PID', line.customerItemNumber, ' type="buyer_specific"')}${el('bmecat:DESCRIPTION_SHORT', line.name.slice(0, 150))}</PRODUCT_ID>`,
    el('QUANTITY', line.quantity),
    el('bmecat:ORDER_UNIT', line.unit),
    `<PRODUCT_PRICE_FIX>${el('bmecat:PRICE_AMOUNT', amount(line.unitNetPrice))}${tax}</PRODUCT_PRICE_FIX>`,
    el('PRICE_LINE_AMOUNT', amount(line.netAmount)),
    '</ORDER_ITEM>',
  ].join('');
}

/** Shipping (a charge) and the coupon (an allowance), so the items, these and TOTAL_AMOUNT add up. */
function allowancesAndCharges(totals: NonNullable<ExportedOrder['totals']>): string {
  const entry = (type: 'surcharge' | 'allowance', sequence: number, name: string, kind: string, value: number) =>
    `<ALLOW_OR_CHARGE type="${type}">${el('ALLOW_OR_CHARGE_SEQUENCE', sequence)}${el('ALLOW_OR_CHARGE_NAME', name)}${el('ALLOW_OR_CHARGE_TYPE', kind)}<ALLOW_OR_CHARGE_VALUE>${el('AOC_MONETARY_AMOUNT', amount(value))}</ALLOW_OR_CHARGE_VALUE></ALLOW_OR_CHARGE>`;
  const entries = [
    ...(totals.discountNet > 0
      ? [
          entry(
            'allowance',
            1,
            totals.couponCode ? `Coupon ${totals.couponCode}` : 'Discount',
            'discount',
            totals.discountNet,
          ),
        ]
      : []),
    ...(totals.shippingNet > 0 ? [entry('surcharge', 2, 'Shipping', 'freight', totals.shippingNet)] : []),
  ];
  return entries.length > 0 ? `<ALLOW_OR_CHARGES_FIX>${entries.join('')}</ALLOW_OR_CHARGES_FIX>` : '';
}

export function openTransOrder(order: ExportedOrder, supplierId: string, generatedAt: Date = new Date()): string {
  const buyerId = order.customer.number ?? order.customer.email;
  // The buyer's comment, and the terms version accepted with the order (docs/erp.md).
  const remarks = [
    el('REMARKS', order.comment, ' type="order"'),
    el('REMARKS', order.termsVersion, ' type="terms"'),
  ].join('');
  const header = [
    '<ORDER_HEADER>',
    `<CONTROL_INFO>${el('GENERATOR_INFO', 'B2B Storefront order export')}${el('GENERATION_DATE', generatedAt.toISOString())}</CONTROL_INFO>`,
    '<ORDER_INFO>',
    el('ORDER_ID', order.number),
    el('ORDER_DATE', order.createdAt),
    '<PARTIES>',
    party(buyerId, 'buyer_specific', 'buyer', addressXml(order.billingAddress, order.customer.email)),
    party(supplierId, 'supplier_specific', 'supplier', ''),
    party(
      `${order.number}-invoice`,
      'buyer_specific',
      'invoice_recipient',
      addressXml(order.billingAddress, order.customer.email),
    ),
    party(`${order.number}-delivery`, 'buyer_specific', 'delivery', addressXml(order.shippingAddress, null)),
    '</PARTIES>',
    order.poNumber ? `<CUSTOMER_ORDER_REFERENCE>${el('ORDER_ID', order.poNumber)}</CUSTOMER_ORDER_REFERENCE>` : '',
    '<ORDER_PARTIES_REFERENCE>',
    el('bmecat:BUYER_IDREF', buyerId, ' type="buyer_specific"'),
    el('bmecat:SUPPLIER_IDREF', supplierId, ' type="supplier_specific"'),
    el('INVOICE_RECIPIENT_IDREF', `${order.number}-invoice`, ' type="buyer_specific"'),
    `<SHIPMENT_PARTIES_REFERENCE>${el('DELIVERY_IDREF', `${order.number}-delivery`, ' type="buyer_specific"')}</SHIPMENT_PARTIES_REFERENCE>`,
    '</ORDER_PARTIES_REFERENCE>',
    el('bmecat:CURRENCY', order.currency),
    order.shippingMethod
      ? `<bmecat:TRANSPORT>${el('bmecat:TRANSPORT_REMARK', order.shippingMethod.name)}</bmecat:TRANSPORT>`
      : '',
    remarks,
    '</ORDER_INFO>',
    '</ORDER_HEADER>',
  ];
  const totals = order.totals;
  const summary = [
    '<ORDER_SUMMARY>',
    el('TOTAL_ITEM_NUM', order.lines.length),
    totals ? el('TOTAL_AMOUNT', amount(totals.net)) : '',
    totals ? allowancesAndCharges(totals) : '',
    totals
      ? `<TOTAL_TAX>${order.taxes
          .map(
            (t) =>
              `<TAX_DETAILS_FIX>${el('bmecat:TAX_TYPE', 'vat')}${el('bmecat:TAX', (t.ratePercent / 100).toFixed(4))}${el('TAX_AMOUNT', amount(t.tax))}${el('TAX_BASE', amount(t.net))}</TAX_DETAILS_FIX>`,
          )
          .join('')}</TOTAL_TAX>`
      : '',
    '</ORDER_SUMMARY>',
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ORDER xmlns="http://www.opentrans.org/XMLSchema/2.1" xmlns:bmecat="http://www.bmecat.org/bmecat/2005" version="2.1" type="standard">',
    ...header,
    `<ORDER_ITEM_LIST>${order.lines.map(itemXml).join('')}</ORDER_ITEM_LIST>`,
    ...summary,
    '</ORDER>',
  ].join('\n');
}
