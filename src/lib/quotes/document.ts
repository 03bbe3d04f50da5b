// A quote as a business document reads it (its PDF, drawn by src/lib/server/mail/order-pdf.ts like an
// order confirmation): number, dates and the company, every line with item number, quantity and unit,
// the quoted net unit and line price, and the net total. A quote charges nothing, so it shows no VAT
// amount: its note says the prices are net and VAT is added at the rate that applies when ordered.
// Built from the stored quote; pure, no I/O.
import type { Messages } from '../i18n/messages/en.ts';
import { fill } from '../i18n/format.ts';
import { unitCount } from '../catalog/order-unit.ts';
import { toMajor } from '../cart/rules.ts';
import { documentColumns, type OrderDocument } from '../orders/document.ts';
import type { Quote } from './contract.ts';

export function quoteDocument(quote: Quote, m: Messages, intlLocale: string): OrderDocument {
  const money = (cents: number | null) =>
    cents === null
      ? '–'
      : new Intl.NumberFormat(intlLocale, { style: 'currency', currency: quote.currency }).format(toMajor(cents));
  const day = (value: string) =>
    new Intl.DateTimeFormat(intlLocale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(value));
  const own = (number: string | null) => (number ? [`${m['catalog.yourItemNo']} ${number}`] : []);
  return {
    facts: [
      { label: m['quotes.number'], value: quote.number },
      { label: m['quotes.date'], value: day(quote.updatedAt) },
      ...(quote.validUntil ? [{ label: m['quotes.validUntil'], value: day(`${quote.validUntil}T00:00:00Z`) }] : []),
      { label: m['quotes.company'], value: `${quote.company} (${quote.customerNumber})` },
      ...(quote.requestedBy ? [{ label: m['quotes.requestedBy'], value: quote.requestedBy }] : []),
    ],
    addresses: [],
    columns: documentColumns(m),
    lines: quote.lines.map((line) => ({
      itemnum: line.itemnum,
      name: [line.name, ...own(line.customerItemNumber), ...line.accessories.map((a) => `+ ${a}`)].join('\n'),
      quantity: unitCount(m, intlLocale, line.orderUnit, line.quantity),
      unitPrice: money(line.unitNetCents),
      lineTotal: money(line.rowNetCents),
    })),
    totals: [{ label: m['document.totalNet'], value: money(quote.totalNetCents) }],
    taxNote: fill(m['quotes.netNote'], {}),
  };
}
