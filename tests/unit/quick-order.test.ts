// The quick order's parser (src/lib/cart/quick-order.ts): what a buyer types or pastes becomes item
// numbers with quantities, line by line, with bad quantities pointed out on their line.
import { describe, expect, test } from 'vitest';
import { bulkLinesFromForm, parseQuickOrder, quickOrderFromRows } from '#lib/cart/quick-order.ts';
import { MAX_BULK_LINES } from '#lib/cart/rules.ts';

describe('parseQuickOrder', () => {
  test('reads item numbers and quantities separated by spaces, tabs, commas or semicolons', () => {
    const { lines } = parseQuickOrder('10003-01 5\n10004-01\t2\n10005-01,3\n10006-01;4');
    expect(lines.map(({ ref, quantity }) => [ref, quantity])).toEqual([
      ['10003-01', 5],
      ['10004-01', 2],
      ['10005-01', 3],
      ['10006-01', 4],
    ]);
  });

  test('takes a missing quantity as one piece and skips blank lines, keeping the line numbers', () => {
    const { lines } = parseQuickOrder('\n  10003-01  \n\r\n10004-01 7\n');
    expect(lines).toEqual([
      { line: 2, ref: '10003-01', quantity: 1, quantityText: '' },
      { line: 4, ref: '10004-01', quantity: 7, quantityText: '7' },
    ]);
  });

  test('marks a quantity that is not a whole number from 1 to 9999, with what was typed', () => {
    const { lines } = parseQuickOrder('A 0\nB -2\nC 1.5\nD ten\nE 10000\nF 9999');
    expect(lines.map((l) => [l.ref, l.quantity, l.quantityText])).toEqual([
      ['A', null, '0'],
      ['B', null, '-2'],
      ['C', null, '1.5'],
      ['D', null, 'ten'],
      ['E', null, '10000'],
      ['F', 9999, '9999'],
    ]);
  });

  test('reads rows pasted from a spreadsheet or CSV, quoted cells and a heading row included', () => {
    const { lines } = parseQuickOrder('Artikelnummer;Menge\n"10003-01";"2"\n"10004-01";"3"');
    expect(lines.map(({ ref, quantity }) => [ref, quantity])).toEqual([
      ['10003-01', 2],
      ['10004-01', 3],
    ]);
    const tsv = parseQuickOrder('Item number\tQuantity\tNote\n10003-01\t4\turgent');
    expect(tsv.lines.map(({ ref, quantity }) => [ref, quantity])).toEqual([['10003-01', 4]]);
  });

  test('keeps a first line that names an item even when its quantity is bad', () => {
    expect(parseQuickOrder('10003-01 many').lines).toEqual([
      { line: 1, ref: '10003-01', quantity: null, quantityText: 'many' },
    ]);
  });

  test(`takes at most ${MAX_BULK_LINES} lines and says how many were left out`, () => {
    const text = Array.from({ length: MAX_BULK_LINES + 3 }, (_, i) => `item-${i} 1`).join('\n');
    const { lines, dropped } = parseQuickOrder(text);
    expect(lines).toHaveLength(MAX_BULK_LINES);
    expect(dropped).toBe(3);
  });
});

describe('quickOrderFromRows', () => {
  const rows = (...cells: string[][]) => cells.map((row, i) => ({ line: i + 1, cells: row }));

  test('a heading row picks the item number and quantity columns in any language, wherever they are', () => {
    const read = (heading: string[]) =>
      quickOrderFromRows(rows(heading, ['1', 'Bohrer', '3', '10003-01'])).lines.map((l) => [l.ref, l.quantity]);
    expect(read(['Pos', 'Bezeichnung', 'Menge', 'Artikelnummer'])).toEqual([['10003-01', 3]]);
    expect(read(['Pos.', 'Désignation', 'Quantité', 'Référence'])).toEqual([['10003-01', 3]]);
    expect(read(['N.', 'Descrizione', 'Quantità', 'Codice articolo'])).toEqual([['10003-01', 3]]);
    expect(read(['#', 'Description', 'Qty', 'SKU'])).toEqual([['10003-01', 3]]);
  });

  test('without a quantity column every line is one piece; an empty item cell is no line', () => {
    const { lines } = quickOrderFromRows(rows(['Artikelnummer', 'Notiz'], ['10003-01', 'eilig'], ['', 'leer']));
    expect(lines).toEqual([{ line: 2, ref: '10003-01', quantity: 1, quantityText: '' }]);
  });

  test('without a heading, a row’s first filled cells are the item number and quantity', () => {
    const { lines } = quickOrderFromRows(rows(['', '10003-01', '', '4']));
    expect(lines.map((l) => [l.ref, l.quantity])).toEqual([['10003-01', 4]]);
  });
});

describe('bulkLinesFromForm', () => {
  test('is null for a product page form', () => {
    expect(bulkLinesFromForm(new URLSearchParams('sku=A&quantity=2'))).toBeNull();
  });

  test("one row's button adds that row with its quantity", () => {
    expect(bulkLinesFromForm(new URLSearchParams('sku=A&quantity-A=2&quantity-B=5&only=B'))).toEqual([
      { sku: 'B', quantity: 5 },
    ]);
  });

  test('"Add selected" adds the ticked rows; an unreadable quantity stays unreadable for the schema to refuse', () => {
    expect(
      bulkLinesFromForm(new URLSearchParams('sku=A&sku=C&quantity-A=2&quantity-B=5&quantity-C=x&selected=1')),
    ).toEqual([
      { sku: 'A', quantity: 2 },
      { sku: 'C', quantity: Number.NaN },
    ]);
    expect(bulkLinesFromForm(new URLSearchParams('quantity-A=2&selected=1'))).toEqual([]);
  });
});
