// A buyer's uploaded list (the quick order's lines, a company's item numbers): a CSV export (any of the
// separators spreadsheets and ERPs write, in UTF-8, UTF-16 or the Windows code page German Excel still
// saves in) or an Excel workbook (XLSX: its first sheet). Either becomes rows of cells for the reader
// of the list (quickOrderFromRows, numberRows), so a heading row names the columns whatever the file.
// An XLSX is a zip: only the three parts the first sheet needs are unpacked, each within a size such a
// list never comes near (a zip bomb stops there), and nothing else in the file is looked at (no macros,
// no formulas evaluated: a formula cell gives the value Excel saved with it).
import { parse } from 'csv-parse/sync';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { fromBufferPromise, type Entry, type ZipFile } from 'yauzl';
import { textRows, type QuickOrderRow } from '#lib/cart/quick-order.ts';

/** What one unpacked part of an XLSX may hold: a sheet of 1,000 lines is about 100 KB of XML. */
const MAX_XLSX_PART_BYTES = 16 * 1024 * 1024;

/** Why a file is refused: not a CSV or XLSX file (`format`), or a damaged one (`unreadable`). */
export class SpreadsheetRefused extends Error {
  readonly reason: 'format' | 'unreadable';
  constructor(reason: 'format' | 'unreadable') {
    super(reason === 'format' ? 'not a CSV or XLSX file' : 'the file could not be read');
    this.reason = reason;
  }
}

const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** The rows of an uploaded CSV or XLSX file, each with its line (a CSV's) or row (a sheet's) number. */
export async function spreadsheetRows(bytes: Uint8Array): Promise<QuickOrderRow[]> {
  if (isZip(bytes)) return xlsxRows(bytes);
  const text = decodeText(bytes);
  if (looksBinary(text.slice(0, 4096))) throw new SpreadsheetRefused('format');
  return csvRows(text);
}

/** A binary file that is not a zip (an old .xls, a picture) has control characters no CSV holds. */
function looksBinary(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x09 || (code > 0x0d && code < 0x20)) return true;
  }
  return false;
}

/** UTF-8 (with or without its mark), UTF-16 with its mark, else Windows-1252 (what German Excel saves as "CSV"). */
function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** CSV with the separator its first line uses (tab, semicolon or comma); a file without one is read as typed text. */
function csvRows(text: string): QuickOrderRow[] {
  const head = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  const delimiter = ['\t', ';', ','].find((candidate) => head.includes(candidate));
  if (!delimiter) return textRows(text);
  let records: { record: string[]; raw: string }[];
  try {
    // With `raw`, csv-parse gives each record with its source text; its types do not say so.
    records = parse(text, {
      delimiter,
      raw: true,
      relax_quotes: true,
      relax_column_count: true,
      bom: true,
    }) as unknown as { record: string[]; raw: string }[];
  } catch {
    throw new SpreadsheetRefused('unreadable');
  }
  // Each record's first line, counted from the line breaks of the ones before it (a quoted cell may hold some).
  let line = 1;
  return records.map(({ record, raw }) => {
    const row = { line, cells: record };
    line += raw.split(/\r\n|\n|\r/).length - 1;
    return row;
  });
}

/** The parts of the zip named in `wanted`, unpacked, each within MAX_XLSX_PART_BYTES. */
async function unpackParts(bytes: Uint8Array, wanted: (name: string) => boolean): Promise<Map<string, string>> {
  let zip: ZipFile;
  try {
    zip = await fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      strictFileNames: true,
    });
  } catch {
    throw new SpreadsheetRefused('unreadable');
  }
  const parts = new Map<string, string>();
  try {
    for await (const entry of zip.eachEntry()) {
      if (wanted(entry.fileName)) parts.set(entry.fileName, await readPart(zip, entry));
    }
  } catch (error) {
    if (error instanceof SpreadsheetRefused) throw error;
    throw new SpreadsheetRefused('unreadable');
  } finally {
    zip.close();
  }
  return parts;
}

async function readPart(zip: ZipFile, entry: Entry): Promise<string> {
  if (entry.isEncrypted() || entry.uncompressedSize > MAX_XLSX_PART_BYTES) throw new SpreadsheetRefused('unreadable');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of await zip.openReadStreamPromise(entry)) {
    size += (chunk as Buffer).length;
    // The directory's size is the zip's word; the bytes that actually come out are what count.
    if (size > MAX_XLSX_PART_BYTES) throw new SpreadsheetRefused('unreadable');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Walks an XML part, calling `open`, `text` and `close` for its elements (local names, without prefixes). */
function walkXml(
  xml: string,
  on: { open?: (tag: SaxesTagPlain) => void; text?: (text: string) => void; close?: (name: string) => void },
): void {
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => on.open?.({ ...tag, name: localName(tag.name) }));
  parser.on('text', (text) => on.text?.(text));
  parser.on('closetag', (tag) => on.close?.(localName(tag.name)));
  try {
    parser.write(xml).close();
  } catch {
    throw new SpreadsheetRefused('unreadable');
  }
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The first sheet's part: the workbook's first <sheet>, through the workbook's relationships. */
function firstSheetPath(parts: Map<string, string>): string {
  let relation: string | undefined;
  walkXml(parts.get('xl/workbook.xml') ?? '', {
    open: (tag) => {
      if (tag.name === 'sheet' && relation === undefined)
        relation = Object.entries(tag.attributes).find(([name]) => localName(name) === 'id')?.[1];
    },
  });
  let target: string | undefined;
  walkXml(parts.get('xl/_rels/workbook.xml.rels') ?? '', {
    open: (tag) => {
      if (tag.name === 'Relationship' && tag.attributes.Id === relation) target = tag.attributes.Target;
    },
  });
  if (!target) return 'xl/worksheets/sheet1.xml';
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/** The shared strings table: each <si>'s text, its runs joined, its phonetic readings (<rPh>) left out. */
function sharedStrings(xml: string | undefined): string[] {
  const strings: string[] = [];
  if (!xml) return strings;
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  walkXml(xml, {
    open: (tag) => {
      if (tag.name === 'si') current = '';
      else if (tag.name === 'rPh') phonetic += 1;
      else if (tag.name === 't') inText = phonetic === 0;
    },
    text: (text) => {
      if (inText && current !== null) current += text;
    },
    close: (name) => {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'si') {
        strings.push(current ?? '');
        current = null;
      }
    },
  });
  return strings;
}

/** "C12" → 2: the column of a cell reference, from 0. */
function columnOf(reference: string | undefined, fallback: number): number {
  const letters = /^[A-Z]+/.exec(reference ?? '')?.[0];
  if (!letters) return fallback;
  return [...letters].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0) - 1;
}

/** A numeric cell as a buyer typed it: Excel stores 5 as "5", and a float's noise (4.9999999999) is rounded off. */
function numberText(value: string): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return value;
  return String(Number(n.toPrecision(15)));
}

async function xlsxRows(bytes: Uint8Array): Promise<QuickOrderRow[]> {
  const meta = await unpackParts(bytes, (name) =>
    ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml'].includes(name),
  );
  if (!meta.has('xl/workbook.xml')) throw new SpreadsheetRefused('format');
  const sheetPath = firstSheetPath(meta);
  const sheet = (await unpackParts(bytes, (name) => name === sheetPath)).get(sheetPath);
  if (sheet === undefined) throw new SpreadsheetRefused('unreadable');
  const strings = sharedStrings(meta.get('xl/sharedStrings.xml'));

  const rows: QuickOrderRow[] = [];
  let row: QuickOrderRow | null = null;
  let cell: { column: number; type: string; value: string } | null = null;
  let inValue = false;
  walkXml(sheet, {
    open: (tag) => {
      if (tag.name === 'row') row = { line: Number(tag.attributes.r) || rows.length + 1, cells: [] };
      else if (tag.name === 'c' && row)
        cell = { column: columnOf(tag.attributes.r, row.cells.length), type: tag.attributes.t ?? 'n', value: '' };
      // <v> holds a value; <t> an inline string's text (<is><t>); a formula's text (<f>) is not read.
      else if (tag.name === 'v' || tag.name === 't') inValue = cell !== null;
    },
    text: (text) => {
      if (inValue && cell) cell.value += text;
    },
    close: (name) => {
      if (name === 'v' || name === 't') inValue = false;
      else if (name === 'c' && row && cell) {
        const { column, type, value } = cell;
        const text = type === 's' ? (strings[Number(value)] ?? '') : type === 'n' ? numberText(value) : value;
        while (row.cells.length < column) row.cells.push('');
        row.cells[column] = text;
        cell = null;
      } else if (name === 'row' && row) {
        rows.push(row);
        row = null;
      }
    },
  });
  return rows;
}
