// The text a PDF made by the shop (PDFKit, standard fonts) shows, one line per text operation: its
// content streams inflated, the hex strings of each TJ/Tj decoded from Windows-1252. Enough to check
// that a document states a number, not a general PDF reader.
import { inflateSync } from 'node:zlib';

const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

const decode = (hex: string): string =>
  Array.from(Buffer.from(hex, 'hex'), (b) =>
    b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80]! : String.fromCharCode(b),
  ).join('');

/** Every content stream of the PDF, taken by its /Length (compressed bytes may end in CR or LF). */
function streams(pdf: Buffer): Buffer[] {
  const raw = pdf.toString('latin1');
  const found: Buffer[] = [];
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    found.push(pdf.subarray(start, start + Number(match[1])));
  }
  return found;
}

export function pdfText(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const bytes of streams(pdf)) {
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[2]!];
      lines.push(hexes.map(decode).join(''));
    }
  }
  return lines;
}
