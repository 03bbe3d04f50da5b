// Deterministic SVG images for demo products, categories and attribute options. Pure functions:
// an image route renders them on request, so the demo needs no thousands of files on disk.
import { buildCategories } from './categories.ts';
import { pictogramShapes, PICTOGRAMS, type Pictogram } from './pictograms.ts';
import { LEAF_PROFILES } from './product-types.ts';
import { hashString } from './random.ts';
import { CERTIFICATES, COLOUR_HEX } from './vocabulary.ts';
import { escapeHtml } from '../../shared/html.ts';

export interface ProductImageInfo {
  /** The drawing; by default derived from the SKU prefix (e.g. "BMA" → drill). */
  pictogram?: Pictogram;
  /** Gallery position, 1 = cover. Each view is composed differently. */
  view?: number;
  /** Hex colour of the product (its colour attribute), used as the accent. */
  colour?: string;
}

const PREFIX_PICTOGRAM: Record<string, Pictogram> = Object.fromEntries(
  Object.values(LEAF_PROFILES).map((p) => [p.prefix, p.pictogram]),
);

/** The pictogram for a SKU such as "BMA-10042" or a variant "HSH-10050-9". */
function pictogramForSku(sku: string): Pictogram {
  const prefix = sku.split('-')[0]?.toUpperCase() ?? '';
  return PREFIX_PICTOGRAM[prefix] ?? (PICTOGRAMS[hashString(prefix) % PICTOGRAMS.length] as Pictogram);
}

/** Image URLs of a product: the cover, then gallery views 2..n. */
export function productImageUrl(sku: string, view = 1): string {
  return view <= 1 ? `/images/p/${sku}.svg` : `/images/p/${sku}_${view}.svg`;
}

/** Inverse of productImageUrl's file name: "BMA-10042_2.svg" → { sku: "BMA-10042", view: 2 }. */
export function parseProductImageName(fileName: string): { sku: string; view: number } | null {
  const m = /^([A-Za-z0-9-]{1,64}?)(?:_([1-9]))?\.svg$/.exec(fileName);
  return m?.[1] ? { sku: m[1], view: m[2] ? Number(m[2]) : 1 } : null;
}

function palette(seed: string, colour?: string) {
  const hue = hashString(seed) % 360;
  return {
    bg: `hsl(${hue} 38% 93%)`,
    bg2: `hsl(${(hue + 25) % 360} 42% 85%)`,
    fg: `hsl(${hue} 30% 26%)`,
    accent: colour ?? `hsl(${(hue + 180) % 360} 68% 48%)`,
  };
}

/** Ids inside an SVG are made unique per image, in case several are inlined into one page. */
const uid = (seed: string): string => `i${hashString(seed).toString(36)}`;

function frame(body: string, label: string, c: ReturnType<typeof palette>, title: string): string {
  const id = uid(title);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img" aria-label="${escapeHtml(title)}">` +
    `<title>${escapeHtml(title)}</title>` +
    `<defs><linearGradient id="${id}g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.bg}"/><stop offset="1" stop-color="${c.bg2}"/></linearGradient></defs>` +
    `<rect width="600" height="600" fill="url(#${id}g)"/>${body}` +
    (label
      ? `<rect x="0" y="520" width="600" height="80" fill="${c.fg}" opacity="0.92"/>` +
        `<text x="300" y="570" text-anchor="middle" font-family="ui-monospace, Menlo, Consolas, monospace" font-size="34" font-weight="600" fill="${c.bg}" letter-spacing="2">${escapeHtml(label)}</text>`
      : '') +
    '</svg>'
  );
}

/** A product picture: coloured background, tool pictogram, item number band. */
export function productImageSvg(sku: string, info: ProductImageInfo = {}): string {
  const kind = info.pictogram ?? pictogramForSku(sku);
  const view = Math.min(Math.max(Math.trunc(info.view ?? 1), 1), 4);
  // Colour variants carry their colour in the SKU ("WZW-10060-RED"), so their pictures differ too.
  const c = palette(
    sku.split('-').slice(0, 2).join('-'),
    info.colour ?? COLOUR_HEX[sku.split('-')[2]?.toLowerCase() ?? ''],
  );
  const fg = view === 4 ? c.bg : c.fg;
  const shapes = pictogramShapes(kind, fg, c.accent, view === 4 ? c.fg : c.bg);
  const layouts: Record<number, string> = {
    1: `<circle cx="300" cy="255" r="210" fill="#fff" opacity="0.55"/><g transform="translate(120 75) scale(3.6)">${shapes}</g>`,
    2: `<circle cx="300" cy="255" r="230" fill="#fff" opacity="0.35"/><g transform="translate(300 255) rotate(-12) scale(4.6) translate(-50 -50)">${shapes}</g>`,
    3:
      `<circle cx="190" cy="230" r="150" fill="#fff" opacity="0.55"/><g transform="translate(70 110) scale(2.4)">${shapes}</g>` +
      `<circle cx="430" cy="330" r="120" fill="#fff" stroke="${c.fg}" stroke-width="6"/><g transform="translate(430 330) scale(3.2) translate(-75 -50)"><clipPath id="${uid(sku)}d"><circle cx="75" cy="50" r="35"/></clipPath><g clip-path="url(#${uid(sku)}d)">${shapes}</g></g>`,
    4: `<rect width="600" height="520" fill="${c.fg}"/><g transform="translate(130 85) scale(3.4)">${shapes}</g>`,
  };
  return frame(layouts[view] ?? '', sku, c, sku);
}

const CATEGORY_PICTOGRAM: Record<string, Pictogram> = (() => {
  const rows = buildCategories();
  const map: Record<string, Pictogram> = {};
  for (const row of [...rows].reverse()) {
    const own = LEAF_PROFILES[row.key]?.pictogram;
    const child = rows.find((r) => r.parentId === row.id);
    const picked = own ?? (child ? map[child.key] : undefined);
    if (picked) map[row.key] = picked;
  }
  return map;
})();

/** A category picture, keyed by the category key used in `/images/c/{key}.svg`. */
export function categoryImageSvg(key: string, info: { pictogram?: Pictogram; title?: string } = {}): string {
  const kind =
    info.pictogram ?? CATEGORY_PICTOGRAM[key] ?? (PICTOGRAMS[hashString(key) % PICTOGRAMS.length] as Pictogram);
  const c = palette(`category:${key}`);
  const shapes = pictogramShapes(kind, c.fg, c.accent, c.bg);
  // No text by default: the picture serves every locale, the category name is on the page.
  const body = `<circle cx="300" cy="300" r="230" fill="#fff" opacity="0.5"/><g transform="translate(120 120) scale(3.6)">${shapes}</g>`;
  return frame(body, info.title ?? '', c, info.title ?? key);
}

/** A certificate badge for attribute options (`/images/attr/{value}.svg`). */
export function attributeOptionImageSvg(value: string): string {
  const label = (CERTIFICATES[value]?.en ?? value).split(' – ')[0] ?? value;
  const hue = hashString(`attr:${value}`) % 360;
  const size = Math.min(34, Math.floor(150 / Math.max(label.length, 1)));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120" role="img" aria-label="${escapeHtml(label)}">` +
    `<title>${escapeHtml(label)}</title><circle cx="60" cy="60" r="56" fill="hsl(${hue} 55% 32%)"/>` +
    `<circle cx="60" cy="60" r="48" fill="none" stroke="#fff" stroke-width="3"/>` +
    `<text x="60" y="${60 + size / 3}" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="${size}" fill="#fff">${escapeHtml(label)}</text></svg>`
  );
}
