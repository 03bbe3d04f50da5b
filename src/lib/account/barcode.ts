// Code 128 (subset B) as an inline SVG, rendered on the server for the loyalty card. Written here rather
// than taken from npm: the maintained generators are either a 100-symbology engine of several MB
// (bwip-js) or need a DOM to draw SVG (JsBarcode); one symbology is ~100 lines and fully tested
// (tests/unit/barcode.test.ts decodes the bars back).

/**
 * The 107 symbols of Code 128 by value: the widths of bar, space, bar, space, bar, space (in modules).
 * Every symbol is 11 modules wide with an even number of bar modules; the stop (106) has a final
 * 2-module bar and is 13 wide. Values 103–105 start subsets A, B, C. @internal (tests read it)
 */
export const CODE128_PATTERNS: readonly string[] = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
  '2331112',
];

/** @internal */
export const START_B = 104;
/** @internal */
export const STOP = 106;
/** The blank margin a scanner needs either side of the bars: at least 10 modules. @internal */
export const QUIET_ZONE = 10;
/** Customer numbers are short; a cap keeps a bad value from drawing a card-wide smear. */
const MAX_LENGTH = 48;

/** Whether Code 128-B can hold the text: printable ASCII (space to ~), 1 to 48 characters. */
export function isCode128B(text: string): boolean {
  return text.length > 0 && text.length <= MAX_LENGTH && /^[\x20-\x7e]+$/.test(text);
}

/** The symbol values of `text` in subset B: start, one per character, the checksum, stop. @internal */
export function code128BValues(text: string): number[] {
  if (!isCode128B(text)) throw new RangeError('Code 128-B holds 1 to 48 printable ASCII characters');
  const data = [...text].map((c) => c.charCodeAt(0) - 32);
  // The checksum is the start value plus each data value times its position (1-based), modulo 103.
  const checksum = data.reduce((sum, value, i) => sum + value * (i + 1), START_B) % 103;
  return [START_B, ...data, checksum, STOP];
}

/** The module widths, alternating bar and space and starting with a bar, of the whole symbol. @internal */
export function code128BWidths(text: string): number[] {
  return code128BValues(text).flatMap((value) => [...CODE128_PATTERNS[value]!].map(Number));
}

export interface BarcodeSvgOptions {
  /** The accessible name (role="img" + aria-label); the scanner reads the bars, people read this. */
  label: string;
  /** Bar height in modules (default 50: about a quarter of the width for a 5-digit number). */
  height?: number;
  /** A class for the <svg> element. */
  className?: string;
}

const escapeAttribute = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * An SVG of `text` in Code 128-B: one rect per bar, in module units with the quiet zone on a white
 * ground (scanners need the contrast even where the page is tinted), scaling to whatever width CSS
 * gives it. crispEdges keeps bar edges sharp on screen and in print.
 */
export function code128Svg(text: string, options: BarcodeSvgOptions): string {
  const widths = code128BWidths(text);
  const height = options.height ?? 50;
  const total = QUIET_ZONE * 2 + widths.reduce((a, b) => a + b, 0);
  const bars: string[] = [];
  let x = QUIET_ZONE;
  widths.forEach((width, i) => {
    if (i % 2 === 0) bars.push(`<rect x="${x}" y="0" width="${width}" height="${height}"/>`);
    x += width;
  });
  const cls = options.className ? ` class="${escapeAttribute(options.className)}"` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg"${cls} role="img" aria-label="${escapeAttribute(options.label)}" ` +
    `viewBox="0 0 ${total} ${height}" shape-rendering="crispEdges">` +
    `<rect width="${total}" height="${height}" fill="#fff"/><g fill="#000">${bars.join('')}</g></svg>`
  );
}
