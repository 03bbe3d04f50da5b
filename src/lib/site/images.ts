// Raster renditions of the shop's SVG pictures: /images/{kind}/{name}.svg is also served as
// /images/{kind}/{name}.w{width}.{format}. Pure URL rules, shared by the image route, the pages and
// the islands that build <picture> elements.
//
// Images are cached for a year, so a URL must change when its picture does. Imported pictures are
// named by the digest of their bytes; the drawn ones (/images/{p,c,attr}/…svg, a function of their
// name and of the code that draws them) carry a digest of what they draw as ?v=, which the server
// adds when it hands the URL out (src/lib/server/images/version.ts) and every rendition keeps.

export type RasterFormat = 'avif' | 'webp' | 'jpg' | 'png';

/**
 * The only widths the route encodes: a fixed set keeps the encoded cache small and stops anyone from
 * making the server encode every width from 1 to 10,000.
 */
const RASTER_WIDTHS = [150, 300, 600, 1200] as const;
export type RasterWidth = (typeof RASTER_WIDTHS)[number];

/**
 * A picture the route can rasterise: the shop's SVGs, imported media (/images/m/{digest}.{jpg,png,…})
 * and the media library's (/images/lib/{id}, versioned by its current file).
 */
const SVG_IMAGE =
  /^\/images\/(?:([a-z]+)\/([A-Za-z0-9_-]{1,80})\.svg|(m)\/([a-f0-9]{32})\.(?:jpg|png|webp|avif|gif|tif)|(lib)\/(\d{1,9}))(\?v=[A-Za-z0-9_-]{8})?$/;
const LIBRARY_IMAGE = /^\/images\/lib\//;

/** The URL with its version (replacing one it had). */
export function withImageVersion(src: string, version: string): string {
  return `${src.replace(/\?.*$/, '')}?v=${version}`;
}
const RASTER_FILE = /^([A-Za-z0-9_-]{1,80})\.w(\d{2,4})\.(avif|webp|jpg|png)$/;

/**
 * A raster rendition's URL, or null for a picture the route cannot rasterise (an external URL...).
 * Pages use pictureSources, shareImageUrl and logoRasterUrl; the server names a library logo with it.
 */
export function rasterUrl(src: string, width: RasterWidth, format: RasterFormat): string | null {
  const m = SVG_IMAGE.exec(src);
  return m ? `/images/${m[1] ?? m[3] ?? m[5]}/${m[2] ?? m[4] ?? m[6]}.w${width}.${format}${m[7] ?? ''}` : null;
}

/** Inverse of rasterUrl's file name: "BMA-10042_2.w600.webp" → the SVG's file name, width and format. */
export function parseRasterFile(file: string): { svgFile: string; width: RasterWidth; format: RasterFormat } | null {
  const m = RASTER_FILE.exec(file);
  if (!m?.[1] || !m[2] || !m[3]) return null;
  const width = Number(m[2]);
  if (!(RASTER_WIDTHS as readonly number[]).includes(width)) return null;
  return { svgFile: `${m[1]}.svg`, width: width as RasterWidth, format: m[3] as RasterFormat };
}

export interface PictureSources {
  /** One srcset per modern format, best first; the browser takes the first it supports. */
  sources: { type: 'image/avif' | 'image/webp'; srcSet: string }[];
  /** The JPEG fallback for the <img> itself. */
  src: string;
  srcSet: string;
}

/**
 * A <picture>'s sources for an SVG picture at the given widths (the largest is the fallback src).
 *
 * Every rendition a page names is encoded once (by the server on first request, by the export for
 * every page), so each format offered multiplies that work. One modern format and one fallback:
 * WebP, which every browser in use shows (Safari since 14), and JPEG for the rest and for crawlers.
 * AVIF was offered too; it is a third smaller at 1200 px but costs twice WebP's encoding time and
 * added half the renditions. The route still serves it for pages cached before. A media library
 * picture is offered as AVIF as well: the library holds a few dozen pictures shown large (hero,
 * content pages), where AVIF's third less weighs most and its encoding is paid a few times only.
 */
export function pictureSources(src: string, widths: readonly RasterWidth[]): PictureSources | null {
  const largest = widths.at(-1);
  if (largest === undefined || !SVG_IMAGE.test(src)) return null;
  const srcSet = (format: RasterFormat) => widths.map((w) => `${rasterUrl(src, w, format)} ${w}w`).join(', ');
  const avif = LIBRARY_IMAGE.test(src) ? [{ type: 'image/avif' as const, srcSet: srcSet('avif') }] : [];
  return {
    sources: [...avif, { type: 'image/webp', srcSet: srcSet('webp') }],
    src: rasterUrl(src, largest, 'jpg')!,
    srcSet: srcSet('jpg'),
  };
}

/** A picture's box (its width and height attributes), the widths offered and the `sizes` that choose among them. */
export interface PictureBox {
  width: number;
  height: number;
  /** Smallest first: about the box's width at 1x and 2x. */
  widths: readonly RasterWidth[];
  sizes: string;
}

/**
 * The boxes a product picture is shown in outside its gallery (the spec's sizes: normal 310×300,
 * thumbnail 150×150, cart 140×200, wishlist 120×120). A browser takes the smallest file that covers
 * the box at its pixel density (Chrome settles for the one below when that is nearer), so each box
 * offers about its width at 1x and at 2x; `sizes` names the width the box really takes, not the spec's
 * upper bound: a 310 px slot would make a 1x screen fetch the 600 px file for a 300 px card.
 */
export const PICTURE_BOXES = {
  /** A card in a listing grid: two columns on a phone (about 170 px each), 180-300 px columns above. */
  card: { width: 310, height: 300, widths: [150, 300, 600], sizes: '(max-width: 599px) 50vw, 300px' },
  /** A card in a carousel: two in view below the desktop breakpoint, four or more on a desktop. */
  carouselCard: { width: 310, height: 300, widths: [150, 300, 600], sizes: '(max-width: 1023px) 50vw, 300px' },
  /** A card in a home page strip: one row of 150-190 px columns on every screen. */
  stripCard: { width: 310, height: 300, widths: [150, 300, 600], sizes: '190px' },
  /** A card in the list view: a 160 px column beside the text. */
  listCard: { width: 310, height: 300, widths: [150, 300], sizes: '160px' },
  thumbnail: { width: 150, height: 150, widths: [150, 300], sizes: '150px' },
  /** A category tile on the home page. */
  categoryTile: { width: 120, height: 120, widths: [150, 300], sizes: '120px' },
  cart: { width: 140, height: 200, widths: [150, 300], sizes: '140px' },
  wishlist: { width: 120, height: 120, widths: [150, 300], sizes: '120px' },
  /** A hit in the search overlay: tiles of at least 150 px, two to a phone's row. */
  searchHit: { width: 150, height: 150, widths: [150, 300], sizes: '(max-width: 599px) 50vw, 200px' },
  /** The search overlay's dense list and the checkout summary's lines: a picture the size of a line of text. */
  searchLine: { width: 48, height: 48, widths: [150], sizes: '48px' },
  checkoutLine: { width: 56, height: 80, widths: [150], sizes: '56px' },
  /** The home page's hero picture from the media library: 120-360 px wide (28% of the window between). */
  hero: {
    width: 360,
    height: 360,
    widths: [150, 300, 600],
    sizes: '(max-width: 428px) 120px, (max-width: 1285px) 28vw, 360px',
  },
} as const satisfies Record<string, PictureBox>;

/** A raster URL for crawlers and link previews (JSON-LD image, og:image); other URLs pass unchanged. */
export function shareImageUrl(src: string, width: RasterWidth = 1200, format: RasterFormat = 'jpg'): string {
  return rasterUrl(src, width, format) ?? src;
}

/**
 * A brand picture as a raster image (the Organization logo, the default og:image, /favicon.ico): the shop's own under
 * /brand/ are served rasterised through /images/brand/; a logo elsewhere is taken as it is.
 */
export function logoRasterUrl(logo: string, width: RasterWidth = 600): string {
  const m = /^\/brand\/([A-Za-z0-9_-]{1,80})\.svg$/.exec(logo);
  return m ? `/images/brand/${m[1]}.w${width}.png` : logo;
}

/** A brand picture's link-preview card: /images/brand/{name}-card.w1200.jpg. */
export const CARD_SUFFIX = '-card';

/** The 1200×630 link-preview card of the shop's own logo (og:image of pages without a picture); null for another logo. */
export function logoCardUrl(logo: string): string | null {
  const m = /^\/brand\/([A-Za-z0-9_-]{1,70})\.svg$/.exec(logo);
  return m ? `/images/brand/${m[1]}${CARD_SUFFIX}.w1200.jpg` : null;
}
