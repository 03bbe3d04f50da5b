// The XML layer of the BMEcat import: bytes in, batches of XML events out, one batch per chunk read,
// so the caller can hand on what a chunk completed before the next chunk is read and memory stays
// flat at any file size. It decodes the file's declared encoding, refuses entity declarations and
// stops at the first well-formedness error; it knows nothing of BMEcat.
import { SaxesParser } from 'saxes';

export type XmlEvent =
  | { type: 'open'; name: string; attrs: Record<string, string>; selfClosing: boolean; line: number }
  | { type: 'text'; text: string }
  | { type: 'close'; name: string }
  /** The file cannot be read further; always the last event. */
  | { type: 'fault'; line: number; reason: string };

/** @internal Exported for its tests. */
export const ENTITIES_REFUSED =
  'The file declares XML entities; they are refused for safety (entity expansion, external files).';

/** A reason to stop reading, thrown from inside saxes' callbacks to abandon the chunk at once. */
class Stop extends Error {
  readonly reason: string;
  readonly line: number | undefined;

  constructor(reason: string, line?: number) {
    super(reason);
    this.reason = reason;
    this.line = line;
  }
}

/** Bytes to look at for a BOM and the XML declaration before choosing the decoder. */
const SNIFF_LIMIT = 1024;
const GT = 0x3e;

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

/** The decoder the file's BOM or XML declaration asks for; UTF-8 when neither says. */
function decoderFor(head: Uint8Array): TextDecoder {
  let label = 'utf-8';
  if (startsWith(head, [0xff, 0xfe])) label = 'utf-16le';
  else if (startsWith(head, [0xfe, 0xff])) label = 'utf-16be';
  else if (!startsWith(head, [0xef, 0xbb, 0xbf])) {
    // The declaration is ASCII in every encoding this can name, so reading the bytes as latin1 is safe.
    const declaration = /^<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z][\w.:-]*)["']/.exec(
      new TextDecoder('latin1').decode(head),
    );
    label = declaration?.[1] ?? label;
  }
  try {
    // fatal: a Latin-1 file that forgot its declaration must be refused, not turned into U+FFFD.
    return new TextDecoder(label, { fatal: true });
  } catch {
    throw new Stop(`The file's encoding "${label}" is not supported; use UTF-8, ISO-8859-1 or windows-1252.`, 1);
  }
}

/** The file as text, chunk by chunk; a multi-byte character split across chunks is joined. */
async function* decode(input: AsyncIterable<Uint8Array>, line: () => number): AsyncGenerator<string> {
  let head = new Uint8Array(0);
  let decoder: TextDecoder | undefined;
  const text = (bytes: Uint8Array, stream: boolean) => {
    try {
      return decoder!.decode(bytes, { stream });
    } catch {
      throw new Stop(
        `The file is not valid ${decoder!.encoding} text. If it is written in another encoding, ` +
          'name it in the XML declaration, e.g. <?xml version="1.0" encoding="ISO-8859-1"?>.',
        line(),
      );
    }
  };
  for await (const chunk of input) {
    if (decoder) {
      yield text(chunk, true);
      continue;
    }
    const joined = new Uint8Array(head.length + chunk.length);
    joined.set(head);
    joined.set(chunk, head.length);
    head = joined;
    // The first '>' ends the declaration if there is one; the decoder can only be chosen after it.
    if (head.includes(GT) || head.length >= SNIFF_LIMIT) {
      decoder = decoderFor(head);
      yield text(head, true);
    }
  }
  if (!decoder) {
    // The whole file is shorter than the look-ahead.
    decoder = decoderFor(head);
    yield text(head, true);
  }
  yield text(new Uint8Array(0), false);
}

/**
 * Reads an XML file as events, one batch per chunk of input. Never fetches anything: a DOCTYPE that
 * names a DTD is fine, one that declares entities is refused, and an undefined entity is an error.
 */
export async function* readXmlEvents(input: AsyncIterable<Uint8Array>): AsyncGenerator<XmlEvent[]> {
  const parser = new SaxesParser({ position: true });
  let batch: XmlEvent[] = [];
  let tagLine = 1;
  parser.on('doctype', (doctype) => {
    if (/<!ENTITY/i.test(doctype)) throw new Stop(ENTITIES_REFUSED);
  });
  parser.on('opentagstart', () => {
    // The name was just read, and the character that ended it too: column 0 means it was a line break.
    tagLine = parser.column === 0 ? parser.line - 1 : parser.line;
  });
  parser.on('opentag', (tag) => {
    const attrs = tag.attributes as Record<string, string>;
    batch.push({ type: 'open', name: tag.name, attrs, selfClosing: tag.isSelfClosing, line: tagLine });
  });
  parser.on('closetag', (tag) => batch.push({ type: 'close', name: tag.name }));
  parser.on('text', (text) => batch.push({ type: 'text', text }));
  parser.on('cdata', (text) => batch.push({ type: 'text', text }));
  parser.on('error', (error) => {
    // saxes prefixes "line:column: "; the line goes into the fault's position, the column stays readable.
    const match = /^\d+:(\d+): (.*)$/s.exec(error.message);
    const where = match ? ` (column ${match[1]})` : '';
    throw new Stop(`The file is not well-formed XML${where}: ${match?.[2] ?? error.message}`);
  });
  try {
    for await (const text of decode(input, () => parser.line)) {
      parser.write(text);
      if (batch.length > 0) yield batch;
      batch = [];
    }
    parser.close();
    if (batch.length > 0) yield batch;
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    batch.push({ type: 'fault', line: error.line ?? parser.line, reason: error.reason });
    yield batch;
  }
}

/** One element of the file, built only for the few elements mapped one at a time (a product). */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  line: number;
  text: string;
  children: XmlNode[];
}

/** Descriptions may carry HTML as elements; it is written back into their text, for the importer to sanitize. */
const MARKUP_KEPT = new Set(['DESCRIPTION_LONG', 'GROUP_DESCRIPTION']);
/** Bounds on one element's tree, far above any real product, so that one huge element cannot fill memory. */
export const MAX_NODES = 20_000;
export const MAX_CHARS = 4_000_000;

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Builds the tree of one element from its events; stops growing it past the bounds above. */
export class SubtreeBuilder {
  readonly root: XmlNode;
  /** True when the element was too large: its tree is cut short and must not be imported. */
  oversized = false;
  private readonly stack: XmlNode[];
  /** Markup open inside a description: its names, null for a self-closing one. */
  private readonly markup: (string | null)[] = [];
  private nodes = 1;
  private chars = 0;

  constructor(name: string, attrs: Record<string, string>, line: number) {
    this.root = { name, attrs, line, text: '', children: [] };
    this.stack = [this.root];
  }

  private get current(): XmlNode {
    return this.stack[this.stack.length - 1]!;
  }

  /** Counts what is about to be added; false (and oversized from then on) when it passes the bounds. */
  private fits(nodes: number, chars: number): boolean {
    this.nodes += nodes;
    this.chars += chars;
    if (this.nodes > MAX_NODES || this.chars > MAX_CHARS) this.oversized = true;
    return !this.oversized;
  }

  open(name: string, attrs: Record<string, string>, selfClosing: boolean, line: number): void {
    if (this.markup.length > 0 || MARKUP_KEPT.has(this.current.name)) {
      const attributes = Object.entries(attrs).map(([key, value]) => ` ${key}="${escapeAttr(value)}"`);
      const tag = `<${name}${attributes.join('')}${selfClosing ? ' /' : ''}>`;
      if (this.fits(0, tag.length)) this.current.text += tag;
      this.markup.push(selfClosing ? null : name);
      return;
    }
    const node: XmlNode = { name, attrs, line, text: '', children: [] };
    if (this.fits(1, 0)) this.current.children.push(node);
    this.stack.push(node);
  }

  text(text: string): void {
    if (this.fits(0, text.length)) this.current.text += text;
  }

  /** Returns true when this closed the element the builder was made for. */
  close(): boolean {
    if (this.markup.length > 0) {
      const name = this.markup.pop();
      if (name && this.fits(0, name.length + 3)) this.current.text += `</${name}>`;
      return false;
    }
    this.stack.pop();
    return this.stack.length === 0;
  }
}
