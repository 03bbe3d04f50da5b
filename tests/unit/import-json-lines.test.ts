import { describe, expect, it } from 'vitest';
import { importRecordSchema } from '#lib/import/record-contract.ts';
import { parseJsonLines } from '#lib/server/import/json-lines.ts';
import { chunked, collect, importFixture } from '#tests/helpers/import-input.ts';

const parse = (bytes: Uint8Array, chunkSize?: number, file = 'test.jsonl') =>
  collect(parseJsonLines(chunked(bytes, chunkSize), { file }));
const text = (jsonl: string) => new TextEncoder().encode(jsonl);

describe('parseJsonLines', () => {
  it('yields each line as it is, skipping blank lines and reading CRLF', async () => {
    const bytes = importFixture('catalogue.jsonl');
    const items = await parse(bytes, undefined, 'catalogue.jsonl');
    expect(items.map((item) => item.at)).toEqual(
      [1, 2, 4, 5, 6, 7, 8, 9].map((line) => ({ file: 'catalogue.jsonl', line })),
    );
    const lines = new TextDecoder().decode(bytes).split('\n');
    expect(items).toEqual(items.map((item) => ({ at: item.at, record: JSON.parse(lines[item.at.line - 1]!) })));
    expect(items.map((item) => ('record' in item ? item.record.kind : 'fault'))).toEqual([
      'category',
      'category',
      'product',
      'product',
      'delete',
      'prices',
      'placement',
      'stock',
    ]);
    for (const item of items) {
      const record = 'record' in item ? item.record : item.fault;
      expect(importRecordSchema.safeParse(record).error?.issues, JSON.stringify(record)).toBeUndefined();
    }
  });

  it('yields the same fed one byte at a time, across multi-byte characters', async () => {
    const bytes = text('\uFEFF{"kind":"category","id":"zubehör","names":{"de":"Zubehör €"}}\r\n\n{"a":"日本"}');
    const whole = await parse(bytes);
    expect(whole).toEqual([
      { at: { file: 'test.jsonl', line: 1 }, record: { kind: 'category', id: 'zubehör', names: { de: 'Zubehör €' } } },
      { at: { file: 'test.jsonl', line: 3 }, record: { a: '日本' } },
    ]);
    expect(await parse(bytes, 1)).toEqual(whole);
    expect(await parse(importFixture('catalogue.jsonl'), 1)).toEqual(await parse(importFixture('catalogue.jsonl')));
  });

  it('turns a line that is not JSON or not an object into a fault with its line and reads on', async () => {
    const items = await parse(importFixture('bad.jsonl'), 7, 'bad.jsonl');
    expect(items).toEqual([
      { at: { file: 'bad.jsonl', line: 1 }, record: { kind: 'stock', sku: 'A', stock: 1 } },
      { at: { file: 'bad.jsonl', line: 2 }, fault: { reason: expect.stringMatching(/^The line is not JSON: ./) } },
      {
        at: { file: 'bad.jsonl', line: 3 },
        fault: { reason: 'The line holds an array, not an object: each line must be one record {…}.' },
      },
      { at: { file: 'bad.jsonl', line: 4 }, record: { kind: 'stock', sku: 'C', stock: 3 } },
    ]);
    const [, notJson] = items;
    let message = '';
    try {
      JSON.parse('{"kind":"stock","sku":"B",stock:2}');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(notJson).toMatchObject({ fault: { reason: `The line is not JSON: ${message}` } });
  });

  it('reports a line over 1 MB without holding it, and text that is not UTF-8', async () => {
    async function* input(): AsyncGenerator<Uint8Array> {
      yield text('{"n":1}\n{"long":"');
      for (let i = 0; i < 40; i++) yield new Uint8Array(64 * 1024).fill(0x61);
      yield text('"}\n{"n":2}\n');
      yield new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xe4, 0x22, 0x7d, 0x0a]); // {"n":"ä"} in windows-1252
      yield text('null');
    }
    expect(await collect(parseJsonLines(input(), { file: 'x.jsonl' }))).toEqual([
      { at: { file: 'x.jsonl', line: 1 }, record: { n: 1 } },
      { at: { file: 'x.jsonl', line: 2 }, fault: { reason: 'The line is longer than 1 MB.' } },
      { at: { file: 'x.jsonl', line: 3 }, record: { n: 2 } },
      { at: { file: 'x.jsonl', line: 4 }, fault: { reason: 'The line is not UTF-8 text.' } },
      {
        at: { file: 'x.jsonl', line: 5 },
        fault: { reason: 'The line holds null, not an object: each line must be one record {…}.' },
      },
    ]);
  });
});
