// The shop's image service: the demo's product, category and attribute-option pictures rendered as
// SVG from their key on request, imported pictures (/images/m/{digest}.{ext}, stored by
// src/lib/server/images/media.ts), and raster renditions of both (and of the brand logo) at a fixed
// set of widths as AVIF, WebP, JPEG or PNG (src/lib/site/images.ts names them), and the logo's
// link-preview card, and the media library's pictures (/images/lib/{id}?v=…, the version being the
// medium's current file: src/lib/server/images/library.ts). Responses are immutable, so a CDN keeps them after the first hit; encoded
// renditions are also kept by the server.
//
// A drawn picture's URL carries its version (?v=, src/lib/server/images/version.ts): the current one is
// cached for good; an older one, named by a page cached before the picture changed, is sent on to the
// current; none (an address from before versions) gets today's picture, cached for a day only.
import type { APIRoute } from 'astro';
import {
  brandCardSvg,
  brandSvg,
  drawnImage,
  drawnImageVersion,
  RASTER_CONTENT_TYPES,
  rasterise,
  readImageByDigest,
  readMedia,
  shownMedia,
  versionState,
} from '#lib/server/images/index.ts';
import { isInternalRequest } from '#lib/server/publish/index.ts';
import { CARD_SUFFIX, parseRasterFile, withImageVersion } from '#lib/site/images.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const UNVERSIONED = 'public, max-age=86400';

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

/** A library medium's current file, or null for an id that is none. */
async function libraryFile(stem: string) {
  if (!/^\d{1,9}$/.test(stem)) return null;
  return (await shownMedia([Number(stem)])).get(Number(stem)) ?? null;
}

/** /images/lib/{id} itself: the medium's current file as it was uploaded (for download), wherever it is stored. */
async function libraryOriginal(stem: string): Promise<Response> {
  const medium = await libraryFile(stem);
  if (!medium) return notFound();
  return new Response(null, {
    status: 302,
    headers: { location: `/images/m/${medium.file}`, 'cache-control': UNVERSIONED },
  });
}

/** Where a rendition's pixels come from, and the version its cache key carries ('' when its name is its version). */
async function rasterSource(kind: string | undefined, stem: string, svgFile: string) {
  if (kind === 'm') return { draw: () => readImageByDigest(stem), version: '' };
  if (kind === 'lib') {
    const medium = await libraryFile(stem);
    return medium && { draw: () => readMedia(medium.file), version: medium.version };
  }
  if (kind === 'brand') {
    const draw = stem.endsWith(CARD_SUFFIX)
      ? () => brandCardSvg(stem.slice(0, -CARD_SUFFIX.length))
      : () => brandSvg(stem);
    return { draw, version: '' };
  }
  const version = drawnImageVersion(kind, svgFile);
  return version === null ? null : { draw: () => drawnImage(kind, svgFile), version };
}

/** The cache-control for a picture asked for at a version ('' when its name is its version), or the way to its current URL. */
function caching(url: URL, version: string): string | Response {
  const state = version === '' ? 'current' : versionState(url.searchParams.get('v'), version);
  if (state === 'outdated') {
    return new Response(null, {
      status: 302,
      headers: { location: withImageVersion(url.pathname, version), 'cache-control': UNVERSIONED },
    });
  }
  return state === 'current' ? IMMUTABLE : UNVERSIONED;
}

function drawnSvg(kind: string | undefined, file: string, url: URL): Response {
  const version = drawnImageVersion(kind, file);
  const svg = version === null ? null : drawnImage(kind, file);
  if (version === null || svg === null) return notFound();
  const cacheControl = caching(url, version);
  if (cacheControl instanceof Response) return cacheControl;
  return new Response(svg, {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': cacheControl,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}

export const GET: APIRoute = async ({ params, request, url }) => {
  const kind = params.kind;
  const file = params.file ?? '';
  const raster = parseRasterFile(file);
  if (!raster) {
    if (kind === 'lib') return libraryOriginal(file);
    return kind === 'm' ? original(file) : drawnSvg(kind, file, url);
  }
  const source = await rasterSource(kind, raster.svgFile.replace(/\.svg$/, ''), raster.svgFile);
  if (!source) return notFound();
  const cacheControl = caching(url, source.version);
  if (cacheControl instanceof Response) return cacheControl;
  // The version is part of the key: a rendition kept on disk from before the picture changed is never served for it.
  const key = `${kind}-${file}${source.version ? `-${source.version}` : ''}`;
  const own = isInternalRequest((name) => request.headers.get(name));
  const data = await rasterise(key, source.draw, raster.width, raster.format, own);
  if (!data) return notFound();
  return new Response(new Uint8Array(data), {
    headers: {
      'content-type': RASTER_CONTENT_TYPES[raster.format],
      'cache-control': cacheControl,
      'x-content-type-options': 'nosniff',
    },
  });
};
