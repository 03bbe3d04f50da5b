// The order confirmation as a PDF (A4), drawn with PDFKit from the same order document as the mail
// (src/lib/orders/document.ts), so both show the same numbers: the shop and the title, the facts,
// both addresses, the lines as a table, the totals and the tax note. The PDF's standard Helvetica
// needs no font file; it covers Windows-1252, so the few characters beyond it (the narrow spaces
// Intl puts in French amounts, the minus sign) are written as their nearest Windows-1252 ones.
import PDFDocument from 'pdfkit';
import type { OrderDocument } from '#lib/orders/document.ts';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const CONTENT = A4.width - 2 * MARGIN;
/** Table columns: item number, name, quantity, unit price, line total (widths in points). */
const COLUMNS = [70, 190, 80, 77.28, 78] as const;

/** Text as Helvetica's Windows-1252 encoding can show it. */
function winAnsi(text: string): string {
  return text
    .replace(/[\u202f\u2009\u2007]/g, ' ')
    .replace(/\u2212/g, '-')
    .replace(/[^\n\u0020-\u007e\u00a0-\u00ff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/g, '?');
}

export interface PdfMeta {
  shop: string;
  title: string;
  /** Fixed in tests so the bytes are reproducible; now otherwise. */
  createdAt?: Date;
  /** The terms the order was placed under: a sentence and the page's address, printed last. */
  terms?: { label: string; url: string };
}

export function orderPdf(doc: OrderDocument, meta: PdfMeta, options: { compress?: boolean } = {}): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: options.compress ?? true,
    info: { Title: winAnsi(meta.title), Author: winAnsi(meta.shop), CreationDate: meta.createdAt ?? new Date() },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const text = (value: string) => winAnsi(value);

  pdf.font('Helvetica-Bold').fontSize(16).text(text(meta.shop));
  pdf.moveDown(0.3).fontSize(13).text(text(meta.title));
  pdf.moveDown(0.8).fontSize(9);
  // Label and value in two columns (a bold label continued in another font overlaps its value).
  for (const fact of doc.facts) {
    const y = pdf.y;
    pdf.font('Helvetica-Bold').text(text(fact.label), MARGIN, y, { width: 120 });
    pdf.font('Helvetica').text(text(fact.value), MARGIN + 125, y, { width: CONTENT - 125 });
  }
  pdf.x = MARGIN;

  // The two addresses side by side.
  pdf.moveDown(1);
  const top = pdf.y;
  let bottom = top;
  doc.addresses.forEach((address, i) => {
    const x = MARGIN + i * (CONTENT / 2);
    pdf.font('Helvetica-Bold').text(text(address.title), x, top, { width: CONTENT / 2 - 10 });
    pdf.font('Helvetica').text(text(address.lines.join('\n')), x, pdf.y, { width: CONTENT / 2 - 10 });
    bottom = Math.max(bottom, pdf.y);
  });
  pdf.x = MARGIN;
  pdf.y = bottom + 18;

  const row = (cells: readonly string[], bold: boolean) => {
    if (pdf.y > A4.height - MARGIN - 60) pdf.addPage();
    const y = pdf.y;
    let x = MARGIN;
    let height = 0;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    cells.forEach((cell, i) => {
      const width = COLUMNS[i]!;
      const options = { width: width - 6, align: i >= 2 ? ('right' as const) : ('left' as const) };
      pdf.text(text(cell), x, y, options);
      height = Math.max(height, pdf.heightOfString(text(cell), options));
      x += width;
    });
    pdf.y = y + height + 4;
    pdf
      .moveTo(MARGIN, pdf.y - 2)
      .lineTo(MARGIN + CONTENT, pdf.y - 2)
      .lineWidth(0.3)
      .strokeColor('#bbbbbb')
      .stroke();
  };
  const c = doc.columns;
  row([c.itemnum, c.name, c.quantity, c.unitPrice, c.lineTotal], true);
  for (const line of doc.lines) row([line.itemnum, line.name, line.quantity, line.unitPrice, line.lineTotal], false);

  // Totals, right-aligned, the amount to pay last and bold.
  pdf.moveDown(0.8);
  doc.totals.forEach((total, i) => {
    const y = pdf.y;
    pdf.font(i === doc.totals.length - 1 ? 'Helvetica-Bold' : 'Helvetica');
    pdf.text(text(total.label), MARGIN + CONTENT - 330, y, { width: 240, align: 'right' });
    pdf.text(text(total.value), MARGIN + CONTENT - 85, y, { width: 85, align: 'right' });
    pdf.y = Math.max(pdf.y, y + 12);
  });
  if (doc.taxNote) {
    pdf.moveDown(1).font('Helvetica').text(text(doc.taxNote), MARGIN, pdf.y, { width: CONTENT });
  }
  if (meta.terms) {
    pdf
      .moveDown(1)
      .font('Helvetica')
      .text(text(`${meta.terms.label}: `), MARGIN, pdf.y, { continued: true, width: CONTENT });
    pdf.fillColor('#0b57a4').text(text(meta.terms.url), { link: meta.terms.url, underline: true }).fillColor('black');
  }
  pdf.end();
  return done;
}
