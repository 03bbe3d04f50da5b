// JSON Lines catalogue files: one import record per line, in exactly the shape of the record schema
// (docs/import-record.schema.json), so the objects pass on as they are and the importer checks them.
// Lines are cut from the bytes, not from decoded text: a line is held only up to MAX_LINE, so a file
// that is one endless line (a pretty-printed or binary file) costs a fault, not the server's memory.
import type { ParsedItem } from '#lib/import/record-contract.ts';

/** The longest line read; a record with 200 images and long descriptions stays well below it. */
const MAX_LINE = 1024 * 1024;
const LINE_FEED = 0x0a;
const UTF8_BOM = [0xef, 0xbb, 0xbf];

export async function* parseJsonLines(
  input: AsyncIterable<Uint8Array>,
  { file }: { file: string },
): AsyncGenerator<ParsedItem> {
  let line = 0;
  for await (const bytes of lines(input)) {
    line++;
    const at = { file, line };
    if (bytes === null) {
      yield { at, fault: { reason: `The line is longer than ${MAX_LINE / 1024 / 1024} MB.` } };
      continue;
    }
    const start = line === 1 && UTF8_BOM.every((byte, i) => bytes[i] === byte) ? UTF8_BOM.length : 0;
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(start));
    } catch {
      yield { at, fault: { reason: 'The line is not UTF-8 text.' } };
      continue;
    }
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      yield { at, fault: { reason: `The line is not JSON: ${(error as Error).message}` } };
      continue;
    }
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      yield { at, record: value as Record<string, unknown> };
    } else {
      const found = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
      yield { at, fault: { reason: `The line holds ${found}, not an object: each line must be one record {…}.` } };
    }
  }
}

/** The file's lines as bytes (without the line feed; CR is JSON whitespace), null for one too long. */
async function* lines(input: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array | null> {
  let pieces: Uint8Array[] = [];
  let size = 0;
  let tooLong = false;
  const take = (): Uint8Array | null => {
    const line = tooLong ? null : concat(pieces, size);
    pieces = [];
    size = 0;
    tooLong = false;
    return line;
  };
  for await (const chunk of input) {
    let from = 0;
    for (let end = chunk.indexOf(LINE_FEED); end !== -1; end = chunk.indexOf(LINE_FEED, from)) {
      hold(chunk.subarray(from, end));
      yield take();
      from = end + 1;
    }
    // A copy: the source may reuse its buffer once the next chunk is asked for.
    hold(chunk.slice(from));
  }
  if (size > 0 || tooLong) yield take();

  function hold(piece: Uint8Array) {
    if (tooLong || piece.length === 0) return;
    size += piece.length;
    if (size > MAX_LINE) {
      tooLong = true;
      pieces = [];
    } else {
      pieces.push(piece);
    }
  }
}

function concat(pieces: Uint8Array[], size: number): Uint8Array {
  if (pieces.length === 1) return pieces[0]!;
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const piece of pieces) {
    whole.set(piece, offset);
    offset += piece.length;
  }
  return whole;
}
