// A minimal XLSX workbook as Excel writes one, for the quick order's upload tests: a zip (deflated, as
// Excel's are) with the workbook, its relationships, a shared strings table and sheets whose cells are
// shared strings (t="s"), numbers, inline strings (t="inlineStr") or formulas with their saved value.
// Written here rather than stored as a binary fixture so a test shows exactly what the file holds.
import { crc32, deflateRawSync } from 'node:zlib';

/** A cell: a string goes into the shared strings table, a number is a number cell, the others say what they are. */
export type XlsxCell = string | number | { inline: string } | { formula: string; value: number } | null;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const column = (index: number): string =>
  index < 26 ? String.fromCharCode(65 + index) : column(Math.floor(index / 26) - 1) + column(index % 26);

function sheetXml(rows: XlsxCell[][], strings: string[], firstRow: number): string {
  const rowXml = rows.map((cells, r) => {
    const ref = (c: number) => `${column(c)}${r + firstRow}`;
    const cellXml = cells.map((cell, c) => {
      if (cell === null) return '';
      if (typeof cell === 'number') return `<c r="${ref(c)}"><v>${cell}</v></c>`;
      if (typeof cell === 'string') {
        let at = strings.indexOf(cell);
        if (at === -1) at = strings.push(cell) - 1;
        return `<c r="${ref(c)}" t="s"><v>${at}</v></c>`;
      }
      if ('inline' in cell) return `<c r="${ref(c)}" t="inlineStr"><is><t>${escape(cell.inline)}</t></is></c>`;
      return `<c r="${ref(c)}"><f>${escape(cell.formula)}</f><v>${cell.value}</v></c>`;
    });
    return `<row r="${r + firstRow}">${cellXml.join('')}</row>`;
  });
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rowXml.join('')}</sheetData></worksheet>`;
}

/** A zip of `files`, each deflated, with its local headers and central directory. */
export function zip(files: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
    const packed = deflateRawSync(data);
    const fileName = Buffer.from(name, 'utf8');
    const sum = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(sum, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(sum, 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    central.push(entry, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A workbook whose sheets are `sheets` in order (the first is the one a quick order reads). */
export function xlsx(sheets: XlsxCell[][][], options: { firstRow?: number } = {}): Buffer {
  const strings: string[] = [];
  const sheetFiles = Object.fromEntries(
    sheets.map((rows, i) => [`xl/worksheets/sheet${i + 1}.xml`, sheetXml(rows, strings, options.firstRow ?? 1)]),
  );
  const sheetList = sheets.map((_, i) => `<sheet name="Sheet${i + 1}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`);
  const relations = sheets.map(
    (_, i) =>
      `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  );
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheetList.join('')}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relations.join('')}</Relationships>`,
    'xl/sharedStrings.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}">${strings
      .map((s) => `<si><t xml:space="preserve">${escape(s)}</t></si>`)
      .join('')}</sst>`,
    ...sheetFiles,
  });
}
