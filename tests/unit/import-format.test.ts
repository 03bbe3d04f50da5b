import { describe, expect, it } from 'vitest';
import { detectFormat, withHead } from '#lib/server/import/format.ts';
import { chunked, collect, importFixture } from '#tests/helpers/import-input.ts';

const text = (value: string) => new TextEncoder().encode(value);
const joined = (chunks: Uint8Array[]) => new Uint8Array(chunks.flatMap((chunk) => [...chunk]));

describe('detectFormat', () => {
  it('tells the fixtures apart', () => {
    expect(detectFormat(importFixture('products-excel-de.csv'))).toBe('csv');
    expect(detectFormat(importFixture('products-utf8-bom.csv'))).toBe('csv');
    expect(detectFormat(importFixture('catalogue.jsonl'))).toBe('jsonl');
  });

  it('knows BMEcat by its root element, after a byte order mark, blanks and the XML declaration', () => {
    const bmecat = '\uFEFF\r\n  <?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE BMECAT>\n<BMECAT version="2005">';
    expect(detectFormat(text(bmecat))).toBe('bmecat');
    expect(detectFormat(text('<bmecat:BMECAT xmlns:bmecat="https://www.bme.de/initiative/">'))).toBe('bmecat');
    expect(detectFormat(text('<?xml version="1.0"?><rss version="2.0"><channel>'))).toBeNull();
    expect(detectFormat(text(`<?xml version="1.0"?><!--${' '.repeat(5000)}--><BMECAT>`))).toBeNull();
  });

  it('reads a first line with a semicolon, comma or tab as CSV, and nothing else', () => {
    expect(detectFormat(text('sku;stock\n'))).toBe('csv');
    expect(detectFormat(text('sku,stock'))).toBe('csv');
    expect(detectFormat(text('sku\tstock\r\n'))).toBe('csv');
    expect(detectFormat(text('{"kind":"stock"}\n'))).toBe('jsonl');
    expect(detectFormat(text('just words\nsku;stock\n'))).toBeNull();
    expect(detectFormat(text(' \n\t'))).toBeNull();
    expect(detectFormat(new Uint8Array())).toBeNull();
  });

  it('refuses binary files: a zip, UTF-16', () => {
    expect(detectFormat(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x3b]))).toBeNull();
    expect(detectFormat(new Uint8Array([0xff, 0xfe, 0x73, 0x00, 0x3b, 0x00]))).toBeNull();
  });
});

describe('withHead', () => {
  const bytes = text('0123456789abcdefghij');

  it('hands back the first bytes and then the whole input, whatever the chunks', async () => {
    for (const size of [1, 3, 7, 100]) {
      const { head, stream } = await withHead(chunked(bytes, size), 8);
      expect(head).toEqual(bytes.subarray(0, 8));
      expect(joined(await collect(stream))).toEqual(bytes);
    }
  });

  it('gives a shorter head for a shorter input', async () => {
    const { head, stream } = await withHead(chunked(bytes, 6), 64);
    expect(head).toEqual(bytes);
    expect(joined(await collect(stream))).toEqual(bytes);
  });

  it('closes the source when the reader stops early', async () => {
    let closed = false;
    async function* source(): AsyncGenerator<Uint8Array> {
      try {
        for (let i = 0; i < 10; i++) yield text(`${i}`);
      } finally {
        closed = true;
      }
    }
    const { stream } = await withHead(source(), 2);
    for await (const chunk of stream) {
      if (chunk[0] === 0x33) break;
    }
    expect(closed).toBe(true);
  });
});
