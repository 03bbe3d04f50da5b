// The loyalty card's Code 128-B barcode (src/lib/account/barcode.ts): the symbol table is sound, the
// checksum is right, the bars match a reference encoding made by an independent implementation, and
// the SVG's bars, read back like a scanner would (module widths → symbols → checksum), give the number.
import { describe, expect, test } from 'vitest';
import {
  CODE128_PATTERNS,
  QUIET_ZONE,
  START_B,
  STOP,
  code128BValues,
  code128BWidths,
  code128Svg,
  isCode128B,
} from '#lib/account/barcode.ts';

/** Reads the bars of an SVG from code128Svg back into text, checking start, checksum, stop and quiet zones. */
function decodeSvg(svg: string): string {
  const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  const total = Number(viewBox?.[1]);
  const group = /<g fill="#000">(.*)<\/g>/.exec(svg)?.[1] ?? '';
  const rects = [...group.matchAll(/<rect x="(\d+)" y="0" width="(\d+)"/g)].map((m) => ({
    x: Number(m[1]),
    w: Number(m[2]),
  }));
  // A row of modules, 1 for black, as a scanner samples it.
  const row = Array.from({ length: total }, () => 0);
  for (const { x, w } of rects) for (let i = x; i < x + w; i++) row[i] = 1;
  const first = row.indexOf(1);
  const last = row.lastIndexOf(1);
  if (first < QUIET_ZONE || total - 1 - last < QUIET_ZONE) throw new Error('quiet zone too small');
  // Run lengths from the first bar to the last.
  const runs: number[] = [];
  for (let i = first; i <= last; i++) {
    if (i > first && row[i] === row[i - 1]) runs[runs.length - 1]! += 1;
    else runs.push(1);
  }
  const stop = runs.splice(-7).join('');
  if (stop !== CODE128_PATTERNS[STOP]) throw new Error(`no stop pattern: ${stop}`);
  const values: number[] = [];
  for (let i = 0; i < runs.length; i += 6) {
    const value = CODE128_PATTERNS.indexOf(runs.slice(i, i + 6).join(''));
    if (value < 0 || value >= STOP) throw new Error(`unknown symbol at ${i}`);
    values.push(value);
  }
  const [start, ...rest] = values;
  if (start !== START_B) throw new Error('not a Code 128-B symbol');
  const checksum = rest.pop()!;
  const expected = rest.reduce((sum, v, i) => sum + v * (i + 1), START_B) % 103;
  if (checksum !== expected) throw new Error(`checksum ${checksum}, expected ${expected}`);
  return String.fromCharCode(...rest.map((v) => v + 32));
}

const bitsOf = (text: string) =>
  code128BWidths(text)
    .map((w, i) => (i % 2 === 0 ? '1' : '0').repeat(w))
    .join('');

describe('CODE128_PATTERNS', () => {
  test('has 107 distinct symbols of 11 modules (the stop 13), each with an even number of bar modules', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((pattern, value) => {
      const widths = [...pattern].map(Number);
      expect(
        widths.reduce((a, b) => a + b, 0),
        `symbol ${value}`,
      ).toBe(value === STOP ? 13 : 11);
      expect(widths.filter((_, i) => i % 2 === 0).reduce((a, b) => a + b, 0) % 2, `symbol ${value}`).toBe(0);
      expect(
        widths.every((w) => w >= 1 && w <= 4),
        `symbol ${value}`,
      ).toBe(true);
    });
  });
});

describe('code128BValues', () => {
  test('starts with Start B, ends with the weighted checksum modulo 103 and the stop', () => {
    // "Wikipedia": 104 + 1·55 + 2·73 + 3·75 + 4·73 + 5·80 + 6·69 + 7·68 + 8·73 + 9·65 = 3281; 3281 mod 103 = 88.
    expect(code128BValues('Wikipedia')).toEqual([104, 55, 73, 75, 73, 80, 69, 68, 73, 65, 88, 106]);
    // A demo customer number: 104 + 17 + 2·16 + 3·16 + 4·16 + 5·17 = 350; 350 mod 103 = 41.
    expect(code128BValues('10001')).toEqual([104, 17, 16, 16, 16, 17, 41, 106]);
  });

  test('refuses what subset B cannot hold', () => {
    expect(() => code128BValues('')).toThrow(RangeError);
    expect(() => code128BValues('Straße')).toThrow(RangeError);
    expect(() => code128BValues('a\tb')).toThrow(RangeError);
    expect(() => code128BValues('9'.repeat(49))).toThrow(RangeError);
    expect(isCode128B('CUST-00042 ~')).toBe(true);
  });
});

describe('code128BWidths', () => {
  test('matches a reference encoding of an independent Code 128 implementation, bar for bar', () => {
    expect(bitsOf('1PBK500EI')).toBe(
      '11010010000100111001101110111011010001011000101100011101101110010010011101100100111011001000110100011000100010111011001001100011101011',
    );
  });
});

describe('code128Svg', () => {
  test('its bars decode back to the customer number', () => {
    for (const number of ['10001', '10002', '4711', '0', '99999999', 'K-2026/17']) {
      expect(decodeSvg(code128Svg(number, { label: number }))).toBe(number);
    }
  });

  test('is an image with the given accessible name, escaped', () => {
    const svg = code128Svg('10001', { label: 'Customer number "10001" <&>', className: 'card-barcode' });
    expect(svg).toMatch(/^<svg [^>]*role="img"/);
    expect(svg).toContain('aria-label="Customer number &#34;10001&#34; &#60;&#38;&#62;"');
    expect(svg).toContain('class="card-barcode"');
  });

  test('a broken symbol does not decode (the decoder is not a rubber stamp)', () => {
    const svg = code128Svg('10001', { label: '10001' });
    // Widen the first data bar by one module: the symbol and the checksum no longer fit.
    const broken = svg.replace(
      /(<rect x="21" y="0" width=")(\d)/,
      (_m, head: string, w: string) => `${head}${Number(w) + 1}`,
    );
    expect(broken).not.toBe(svg);
    expect(() => decodeSvg(broken)).toThrow();
  });
});
