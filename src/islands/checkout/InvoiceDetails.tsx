// Payment terms and bank details for an order paid by invoice (thank-you page). The data comes from
// the shop's invoice setting; the reference is the order number, so the payment can be matched.
import { fill } from '#lib/i18n/format.ts';
import type { Strings } from './strings.ts';

export const INVOICE_KEYS = [
  'invoice.title',
  'invoice.terms',
  'invoice.bankDetails',
  'invoice.accountHolder',
  'invoice.iban',
  'invoice.bic',
  'invoice.bank',
  'invoice.reference',
] as const;

export interface InvoiceInfo {
  dueDays: number;
  accountHolder: string;
  iban: string;
  bic: string;
  bankName: string;
}

export interface InvoiceDetailsProps {
  invoice: InvoiceInfo;
  reference: string;
  strings: Strings<(typeof INVOICE_KEYS)[number]>;
}

export function InvoiceDetails({ invoice, reference, strings }: InvoiceDetailsProps) {
  const rows: [string, string][] = [
    [strings['invoice.accountHolder'], invoice.accountHolder],
    [strings['invoice.iban'], invoice.iban],
    [strings['invoice.bic'], invoice.bic],
    ...(invoice.bankName ? [[strings['invoice.bank'], invoice.bankName] as [string, string]] : []),
    [strings['invoice.reference'], reference],
  ];
  return (
    <section className="invoice-details" aria-labelledby="invoice-details-title">
      <h2 id="invoice-details-title">{strings['invoice.title']}</h2>
      <p>{fill(strings['invoice.terms'], { days: invoice.dueDays })}</p>
      <h3>{strings['invoice.bankDetails']}</h3>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
