// Uploaded lists (src/lib/server/spreadsheet-rows.ts) read as a buyer's
// spreadsheet or ERP export would be: CSV in its usual separators and encodings, XLSX through its
// shared strings, inline strings and saved formula values, and files that are neither refused with
// the reason the page shows.
import { describe, expect, test } from 'vitest';
import { spreadsheetRows, SpreadsheetRefused } from '#lib/server/spreadsheet-rows.ts';
import { quickOrderFromRows } from '#lib/cart/quick-order.ts';
import { xlsx, zip } from '#tests/helpers/xlsx.ts';

const lines = async (bytes: Uint8Array) =>
  quickOrderFromRows(await spreadsheetRows(bytes)).lines.map(({ line, ref, quantity }) => [line, ref, quantity]);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('CSV', () => {
  test('a heading row names the columns wherever they are', async () => {
    const csv = 'Pos;Bezeichnung;Menge;Artikelnummer\n1;"Bohrer; 5 mm";3;10003-01\n2;Schraube;;10004-01\n';
    expect(await lines(utf8(csv))).toEqual([
      [2, '10003-01', 3],
      [3, '10004-01', 1],
    ]);
  });

  test('comma and tab files, quoted cells and a blank line keep their line numbers', async () => {
    expect(await lines(utf8('10003-01,"2"\n\n"10004-01",7\r\n'))).toEqual([
      [1, '10003-01', 2],
      [3, '10004-01', 7],
    ]);
    expect(await lines(utf8('Item number\tQuantity\n10003-01\t4'))).toEqual([[2, '10003-01', 4]]);
  });

  test('reads Windows-1252 (German Excel) and UTF-16 with its mark, and skips a UTF-8 mark', async () => {
    const latin = Uint8Array.from([...utf8('Artikelnummer;Menge\nM'), 0xfc, ...utf8('ller-1;2\n')]);
    expect(await lines(latin)).toEqual([[2, 'Müller-1', 2]]);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Menge;Artikelnummer\n5;Ä-9\n', 'utf16le')]);
    expect(await lines(utf16)).toEqual([[2, 'Ä-9', 5]]);
    expect(await lines(utf8('\uFEFFArtikelnummer;Menge\n10003-01;1'))).toEqual([[2, '10003-01', 1]]);
  });

  test('a file without separators is read like typed lines', async () => {
    expect(await lines(utf8('10003-01 5\n10004-01'))).toEqual([
      [1, '10003-01', 5],
      [2, '10004-01', 1],
    ]);
  });

  test('a binary file that is not a zip is refused as no CSV or XLSX', async () => {
    const picture = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await expect(spreadsheetRows(picture)).rejects.toEqual(new SpreadsheetRefused('format'));
  });
});

describe('XLSX', () => {
  test('the first sheet: shared strings, numbers, inline strings and a formula’s saved value, gaps kept', async () => {
    const book = xlsx([
      [
        ['Pos', 'Artikelnummer', 'Bezeichnung', 'Menge'],
        [1, '10003-01', 'Bohrer', 3],
        [2, { inline: '10004-01' }, null, { formula: 'B1*2', value: 6 }],
        [3, 10005, 'Zahl als Nummer', 4.0000000000000009],
      ],
      [['not', 'this', 'sheet']],
    ]);
    expect(await lines(book)).toEqual([
      [2, '10003-01', 3],
      [3, '10004-01', 6],
      [4, '10005', 4],
    ]);
  });

  test('row numbers are the sheet’s own, so a message points at the row the buyer sees', async () => {
    const book = xlsx(
      [
        [
          ['Item no.', 'Qty'],
          ['10003-01', 2],
        ],
      ],
      { firstRow: 5 },
    );
    expect(await lines(book)).toEqual([[6, '10003-01', 2]]);
  });

  test('a decimal or text quantity stays unreadable, for the page to explain', async () => {
    const book = xlsx([
      [
        ['SKU', 'Quantity'],
        ['10003-01', 1.5],
        ['10004-01', 'viele'],
      ],
    ]);
    const { lines: read } = quickOrderFromRows(await spreadsheetRows(book));
    expect(read.map((l) => [l.ref, l.quantity, l.quantityText])).toEqual([
      ['10003-01', null, '1.5'],
      ['10004-01', null, 'viele'],
    ]);
  });

  test('a zip that is no workbook is refused as no CSV or XLSX; a broken one as unreadable', async () => {
    await expect(spreadsheetRows(zip({ 'readme.txt': 'hello' }))).rejects.toEqual(new SpreadsheetRefused('format'));
    const cut = xlsx([[['10003-01', 1]]]).subarray(0, 200);
    await expect(spreadsheetRows(cut)).rejects.toEqual(new SpreadsheetRefused('unreadable'));
  });

  test('a sheet that unpacks past the limit (a zip bomb) is refused before it is read', async () => {
    const huge = `<worksheet><sheetData>${'<row><c><v>1</v></c></row>'.repeat(700_000)}</sheetData></worksheet>`;
    const bomb = zip({
      'xl/workbook.xml': '<workbook><sheets><sheet r:id="rId1" xmlns:r="r"/></sheets></workbook>',
      'xl/worksheets/sheet1.xml': huge,
    });
    expect(bomb.length).toBeLessThan(200_000);
    await expect(spreadsheetRows(bomb)).rejects.toEqual(new SpreadsheetRefused('unreadable'));
  });
});
