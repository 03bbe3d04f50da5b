// Pictures and data sheets brought by a catalogue import, stored once under DATA_DIR/media by the
// digest of their bytes (the same picture for a thousand products is one file). Pictures are checked
// by decoding their header with sharp and served through the image route, which renders the shop's
// sizes as WebP and JPEG on first request; data sheets must be PDF.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
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

export class MediaRefused extends Error {}

const digest = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

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

/** Stores a picture; returns its address for products and pages (/images/m/{digest}.{ext}). */
export async function storeImage(bytes: Uint8Array): Promise<string> {
  let format: string | undefined;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    format = meta.format;
    if (!meta.width || !meta.height) throw new Error('no size');
  } catch {
    throw new MediaRefused('is not a picture the shop can read (JPEG, PNG, WebP, AVIF, GIF or TIFF)');
  }
  const ext = IMAGE_EXTENSIONS[format ?? ''];
  if (!ext) throw new MediaRefused(`is a ${format} picture; the shop takes JPEG, PNG, WebP, AVIF, GIF or TIFF`);
  const name = `${digest(bytes)}.${ext}`;
  await keep(name, bytes);
  return `/images/m/${name}`;
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
