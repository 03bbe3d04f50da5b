// Which parser reads an uploaded catalogue file, told from its first bytes rather than its name:
// files arrive as "export.txt", "katalog.xml.csv" or without a name at all (a URL, a pipe).

export type ImportFormat = 'bmecat' | 'csv' | 'jsonl';

/** How far into the file a BMEcat root element must be named (after the XML declaration, comments). */
const XML_HEAD = 4096;
const UTF8_BOM = [0xef, 0xbb, 0xbf];
const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const SPACE = 0x20;

/**
 * The format of a file starting with `head`, or null when it is none of those the import reads (a
 * zip, a spreadsheet's binary, a PDF, plain text). Pass at least the first 4 KB where the file has them.
 */
export function detectFormat(head: Uint8Array): ImportFormat | null {
  const start = UTF8_BOM.every((byte, i) => head[i] === byte) ? UTF8_BOM.length : 0;
  // Control bytes below tab never occur in text: a zip starts PK\x03\x04, UTF-16 has NUL in every other byte.
  if (head.some((byte) => byte < TAB)) return null;
  let first = start;
  while (first < head.length && [SPACE, TAB, LINE_FEED, CARRIAGE_RETURN].includes(head[first]!)) first++;
  if (first === head.length) return null;
  switch (String.fromCharCode(head[first]!)) {
    case '<':
      // Latin-1 maps every byte to one character, so the test works whatever the XML's encoding.
      return /<(?:[\w.-]+:)?BMECAT[\s/>]/i.test(new TextDecoder('latin1').decode(head.subarray(0, XML_HEAD)))
        ? 'bmecat'
        : null;
    case '{':
      return 'jsonl';
    default: {
      let end = head.indexOf(LINE_FEED, first);
      if (end === -1) end = head.length;
      const firstLine = head.subarray(first, end);
      return [0x3b, 0x2c, TAB].some((delimiter) => firstLine.includes(delimiter)) ? 'csv' : null;
    }
  }
}

/**
 * Reads the first `bytes` of a stream (fewer if it is shorter) and hands back a stream that yields the
 * whole input again, the head included, so a caller can look before choosing a parser. The source is
 * closed when the returned stream is finished or abandoned; abandon it unread only if the source needs no
 * closing.
 */
export async function withHead(
  input: AsyncIterable<Uint8Array>,
  bytes: number,
): Promise<{ head: Uint8Array; stream: AsyncIterable<Uint8Array> }> {
  const source = input[Symbol.asyncIterator]();
  const taken: Uint8Array[] = [];
  let size = 0;
  let exhausted = false;
  while (size < bytes) {
    const next = await source.next();
    if (next.done) {
      exhausted = true;
      break;
    }
    taken.push(next.value);
    size += next.value.byteLength;
  }
  const head = new Uint8Array(Math.min(size, bytes));
  let offset = 0;
  for (const chunk of taken) {
    if (offset === head.length) break;
    const part = chunk.subarray(0, head.length - offset);
    head.set(part, offset);
    offset += part.length;
  }
  async function* replay(): AsyncGenerator<Uint8Array> {
    try {
      // Each chunk is let go once handed out (popped from the reversed list: shift would be quadratic).
      taken.reverse();
      while (taken.length > 0) yield taken.pop()!;
      if (exhausted) return;
      for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
      exhausted = true;
    } finally {
      if (!exhausted) await source.return?.();
    }
  }
  return { head, stream: replay() };
}
