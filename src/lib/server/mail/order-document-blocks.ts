// The order document (src/lib/orders/document.ts) as blocks of the confirmation mail: the facts, the
// two addresses side by side, the lines as a table and the totals, each as plain text and as HTML.
import type { OrderDocument } from '#lib/orders/document.ts';
import { escapeHtmlText as esc, type RichBlock } from './templates.ts';

const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd;vertical-align:top"';
const right =
  'style="padding:4px 8px;border-bottom:1px solid #ddd;vertical-align:top;text-align:right;white-space:nowrap"';
const multiline = (value: string) => esc(value).replace(/\n/g, '<br>');

function facts(doc: OrderDocument): RichBlock {
  return {
    text: doc.facts.map((f) => `${f.label}: ${f.value}`).join('\n'),
    html: `<table>${doc.facts.map((f) => `<tr><th align="left" style="padding-right:12px">${esc(f.label)}</th><td>${esc(f.value)}</td></tr>`).join('')}</table>`,
  };
}

function addresses(doc: OrderDocument): RichBlock {
  return {
    text: doc.addresses.map((a) => `${a.title}:\n${a.lines.join('\n')}`).join('\n\n'),
    html: `<table><tr>${doc.addresses.map((a) => `<td style="padding-right:32px;vertical-align:top"><strong>${esc(a.title)}</strong><br>${a.lines.map(esc).join('<br>')}</td>`).join('')}</tr></table>`,
  };
}

function lines(doc: OrderDocument): RichBlock {
  const c = doc.columns;
  const text = doc.lines
    .map(
      (l) =>
        `${l.quantity} × ${l.name.replace(/\n/g, ' ')} (${c.itemnum} ${l.itemnum}) — ${l.unitPrice} = ${l.lineTotal}`,
    )
    .join('\n');
  const head = `<tr><th align="left" ${cell}>${esc(c.itemnum)}</th><th align="left" ${cell}>${esc(c.name)}</th><th align="right" ${right}>${esc(c.quantity)}</th><th align="right" ${right}>${esc(c.unitPrice)}</th><th align="right" ${right}>${esc(c.lineTotal)}</th></tr>`;
  const rows = doc.lines.map(
    (l) =>
      `<tr><td ${cell}>${esc(l.itemnum)}</td><td ${cell}>${multiline(l.name)}</td><td ${right}>${esc(l.quantity)}</td><td ${right}>${esc(l.unitPrice)}</td><td ${right}>${esc(l.lineTotal)}</td></tr>`,
  );
  return {
    text: `${c.name}:\n${text}`,
    html: `<table style="border-collapse:collapse">${head}${rows.join('')}</table>`,
  };
}

function totals(doc: OrderDocument): RichBlock {
  const last = doc.totals.length - 1;
  return {
    text: doc.totals.map((t) => `${t.label}: ${t.value}`).join('\n'),
    html: `<table style="border-collapse:collapse">${doc.totals
      .map((t, i) => {
        const weight = i === last ? 'font-weight:bold;' : '';
        return `<tr><td style="${weight}padding:2px 8px">${esc(t.label)}</td><td style="${weight}padding:2px 8px;text-align:right;white-space:nowrap">${esc(t.value)}</td></tr>`;
      })
      .join('')}</table>`,
  };
}

/** The document's blocks in reading order; the tax note, when there is one, right under the totals. */
export function documentBlocks(doc: OrderDocument): (string | RichBlock)[] {
  return [facts(doc), addresses(doc), lines(doc), totals(doc), ...(doc.taxNote ? [doc.taxNote] : [])];
}
