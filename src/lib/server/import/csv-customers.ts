// A customer CSV as an ERP or a spreadsheet exports its customer list: one row per customer, its
// billing address in the row, a shipping address (when it has a separate one) in the columns prefixed
// shipping_ (the columns are documented in csv-columns.ts, beside the other kinds'). The row becomes a
// record in the contract's shape (src/lib/import/record-contract.ts), which the importer checks.
import { ADDRESS_COLUMNS, SHIPPING_PREFIX } from './csv-columns.ts';
import type { CsvRow } from './csv-records.ts';
import { defined, readCents, readYes } from './csv-values.ts';

/** postal_code → postalCode: the record's name of an address column. */
const fieldOf = (column: string) => column.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());

/** One of the row's addresses, or undefined when none of its address cells is filled. */
function address(row: CsvRow, prefix: '' | typeof SHIPPING_PREFIX): Record<string, unknown> | undefined {
  const fields = ADDRESS_COLUMNS.map((column) => [fieldOf(column), row.text(prefix + column)] as const);
  if (fields.every(([, value]) => value === undefined)) return undefined;
  const own = (column: string) => (prefix ? row.text(prefix + column) : undefined);
  return defined({
    firstName: own('first_name') ?? row.text('first_name'),
    lastName: own('last_name') ?? row.text('last_name'),
    company: own('company') ?? row.text('company'),
    phone: own('phone') ?? row.text('phone'),
    ...Object.fromEntries(fields),
    // A spreadsheet's "de" is the code DE.
    country: row.text(`${prefix}country`)?.toUpperCase(),
  });
}

/** A customer row: its billing address, and its shipping address when it has one of its own. */
export function customerRecord(row: CsvRow): Record<string, unknown> {
  const billing = address(row, '');
  const shipping = address(row, SHIPPING_PREFIX);
  const addresses = [
    ...(billing
      ? [{ ...billing, billing: true, defaultBilling: true, shipping: !shipping, defaultShipping: !shipping }]
      : []),
    ...(shipping ? [{ ...shipping, shipping: true, defaultShipping: true }] : []),
  ];
  return defined({
    kind: 'customer',
    customernum: row.text('customer_number'),
    email: row.text('email'),
    firstName: row.text('first_name'),
    lastName: row.text('last_name'),
    company: row.text('company'),
    phone: row.text('phone'),
    locale: row.text('locale')?.toLowerCase(),
    currency: row.text('currency')?.toUpperCase(),
    priceList: row.text('price_list'),
    excludeTax: row.read('exclude_tax', readYes),
    maxOrderTotalCents: row.read('max_order_total', readCents),
    maxOpenOrders: row.number('max_open_orders'),
    creditLimitCents: row.read('credit_limit', readCents),
    // No address cell at all leaves the customer's addresses as they are.
    addresses: addresses.length > 0 ? addresses : undefined,
  });
}
