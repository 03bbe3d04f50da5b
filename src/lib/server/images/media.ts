// Pictures and data sheets brought by a catalogue import, stored once under DATA_DIR/media by the
// digest of their bytes (the same picture for a thousand products is one file). Pictures are checked
// by decoding their header with sharp and served through the image route, which renders the shop's
// sizes as WebP and JPEG on first request; data sheets must be PDF.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { env } from '../env.ts';

/** sharp's format names → the extension a stored picture gets. */
const IMAGE_EXTENSIONS: Record<string, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  heif: 'avif',
  gif: 'gif',
  tiff: 'tif',
};
const STORED_NAME = /^[a-f0-9]{32}\.(?:jpg|png|webp|avif|gif|tif|pdf)$/;
/** Larger pictures are refused: a 100-megapixel scan is a mistake in a catalogue, and costly to decode. */
const MAX_IMAGE_PIXELS = 50_000_000;

const mediaDir = (): string => join(env().DATA_DIR, 'media');

/** Why a file is no picture the shop takes: the media library words each one for the editor. */
export type RefusalReason = 'not-image' | 'svg' | 'pixels' | 'format';

export class MediaRefused extends Error {
  readonly reason: RefusalReason;
  constructor(message: string, reason: RefusalReason = 'not-image') {
    super(message);
    this.reason = reason;
  }
}

/** The stored name's stem: the first 32 hex digits of the bytes' SHA-256. */
export const digest = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

async function keep(name: string, bytes: Uint8Array): Promise<void> {
  const path = join(mediaDir(), name);
  try {
    await stat(path);
    return; // stored before: same digest, same bytes
  } catch {
    /* new */
  }
  await mkdir(mediaDir(), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, bytes);
  await rename(temp, path);
}

/** SVG is text that can carry script: it is refused before sharp, which would read it as a picture. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 4096))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return /^<(?:\?xml|!doctype svg|svg|!--)/i.test(head) && /<svg[\s>]/i.test(head);
}

export interface Picture {
  ext: string;
  width: number;
  height: number;
}

/**
 * What a file is, told by its bytes (sharp reads its header), never by its name: a raster picture in
 * a format the shop serves, of at most `maxPixels`; anything else is refused with its reason.
 */
export async function inspectPicture(bytes: Uint8Array, maxPixels = MAX_IMAGE_PIXELS): Promise<Picture> {
  if (looksLikeSvg(bytes)) throw new MediaRefused('is an SVG drawing; the shop takes raster pictures only', 'svg');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new MediaRefused('is not a picture the shop can read (JPEG, PNG, WebP, AVIF, GIF or TIFF)');
  }
  const { format, width, height } = meta;
  if (format === 'svg') throw new MediaRefused('is an SVG drawing; the shop takes raster pictures only', 'svg');
  if (!width || !height)
    throw new MediaRefused('is not a picture the shop can read (JPEG, PNG, WebP, AVIF, GIF or TIFF)');
  const ext = IMAGE_EXTENSIONS[format ?? ''];
  if (!ext)
    throw new MediaRefused(`is a ${format} picture; the shop takes JPEG, PNG, WebP, AVIF, GIF or TIFF`, 'format');
  if (width * height > maxPixels)
    throw new MediaRefused(
      `has ${width}×${height} pixels, more than the ${maxPixels / 1e6} megapixels allowed`,
      'pixels',
    );
  return { ext, width, height };
}

/** Stores a picture already inspected; returns its stored name ({digest}.{ext}). */
export async function keepPicture(bytes: Uint8Array, picture: Picture): Promise<string> {
  const name = `${digest(bytes)}.${picture.ext}`;
  await keep(name, bytes);
  return name;
}

/** Stores a picture; returns its address for products and pages (/images/m/{digest}.{ext}). */
export async function storeImage(bytes: Uint8Array): Promise<string> {
  return `/images/m/${await keepPicture(bytes, await inspectPicture(bytes))}`;
}

/** Stores a data sheet (PDF only); returns its file name, served at /media/{name}. */
export async function storeDocument(bytes: Uint8Array): Promise<string> {
  if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') throw new MediaRefused('is not a PDF file');
  const name = `${digest(bytes)}.pdf`;
  await keep(name, bytes);
  return name;
}

/** A stored file's bytes, or null for a name that is not one (or not stored). */
export async function readMedia(name: string): Promise<Buffer | null> {
  if (!STORED_NAME.test(name)) return null;
  try {
    return await readFile(join(mediaDir(), name));
  } catch {
    return null;
  }
}

/** The stored picture with this digest, whatever its format. */
export async function readImageByDigest(stem: string): Promise<Buffer | null> {
  for (const ext of Object.values(IMAGE_EXTENSIONS)) {
    const bytes = await readMedia(`${stem}.${ext}`);
    if (bytes) return bytes;
  }
  return null;
}
