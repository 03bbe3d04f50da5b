// The shop's image service: the demo's product, category and attribute-option pictures rendered as
// SVG from their key on request, imported pictures (/images/m/{digest}.{ext}, stored by
// src/lib/server/images/media.ts), and raster renditions of both (and of the brand logo) at a fixed
// set of widths as AVIF, WebP, JPEG or PNG (src/lib/site/images.ts names them), and the logo's
// link-preview card. Responses are immutable, so a CDN keeps them after the first hit; encoded
// renditions are also kept by the server.
import type { APIRoute } from 'astro';
import {
  attributeOptionImageSvg,
  categoryImageSvg,
  parseProductImageName,
  productImageSvg,
} from '#lib/server/demo/index.ts';
import {
  brandCardSvg,
  brandSvg,
  RASTER_CONTENT_TYPES,
  rasterise,
  readImageByDigest,
  readMedia,
} from '#lib/server/images/index.ts';
import { isInternalRequest } from '#lib/server/publish/index.ts';
import { CARD_SUFFIX, parseRasterFile } from '#lib/site/images.ts';

const KEY = /^([a-z0-9-]{1,64})\.svg$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

function render(kind: string | undefined, file: string): string | null {
  if (kind === 'p') {
    const parsed = parseProductImageName(file);
    return parsed ? productImageSvg(parsed.sku, { view: parsed.view }) : null;
  }
  const key = KEY.exec(file)?.[1];
  if (!key) return null;
  if (kind === 'c') return categoryImageSvg(key);
  if (kind === 'attr') return attributeOptionImageSvg(key);
  return null;
}

const notFound = () => Response.json({ code: 'NOT_FOUND', message: 'Image not found', status: 404 }, { status: 404 });

const ORIGINAL_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  tif: 'image/tiff',
};

/** An imported picture as it was stored (a browser shows the renditions; this is for download and zoom). */
async function original(file: string): Promise<Response> {
  const type = ORIGINAL_TYPES[file.split('.').at(-1) ?? ''];
  const bytes = type ? await readMedia(file) : null;
  if (!bytes || !type) return notFound();
  return new Response(new Uint8Array(bytes), {
    headers: { 'content-type': type, 'cache-control': IMMUTABLE, 'x-content-type-options': 'nosniff' },
  });
}

export const GET: APIRoute = async ({ params, request }) => {
  const kind = params.kind;
  const file = params.file ?? '';
  const raster = parseRasterFile(file);
  if (raster) {
    const brandName = raster.svgFile.replace(/\.svg$/, '');
    const source =
      kind === 'm'
        ? () => readImageByDigest(brandName)
        : kind !== 'brand'
          ? () => render(kind, raster.svgFile)
          : brandName.endsWith(CARD_SUFFIX)
            ? () => brandCardSvg(brandName.slice(0, -CARD_SUFFIX.length))
            : () => brandSvg(brandName);
    const own = isInternalRequest((name) => request.headers.get(name));
    const data = await rasterise(`${kind}-${file}`, source, raster.width, raster.format, own);
    if (!data) return notFound();
    return new Response(new Uint8Array(data), {
      headers: {
        'content-type': RASTER_CONTENT_TYPES[raster.format],
        'cache-control': IMMUTABLE,
        'x-content-type-options': 'nosniff',
      },
    });
  }
  if (kind === 'm') return original(file);
  const svg = render(kind, file);
  if (!svg) return notFound();
  return new Response(svg, {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': IMMUTABLE,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
};
