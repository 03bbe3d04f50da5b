// Raster renditions (AVIF, WebP, JPEG, PNG) of the shop's SVG pictures, encoded with sharp. Encoding
// takes tens to hundreds of milliseconds, so each result is kept: in memory (bounded, least recently
// used first out) and on disk under DATA_DIR/image-cache, which survives restarts; concurrent requests
// for the same rendition share one encode.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import sharp, { type Sharp } from 'sharp';
import { env } from '../env.ts';
import type { RasterFormat } from '#lib/site/images.ts';

export const RASTER_CONTENT_TYPES: Record<RasterFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** Room for a few thousand renditions (most are a few kB); the disk keeps the rest. */
const MEMORY_BUDGET_BYTES = 48 * 1024 * 1024;
/** Read from memory or encoded: either is a use. A rendition over an eighth of the budget stays on disk only. */
const memory = new LRUCache<string, Buffer>({
  maxSize: MEMORY_BUDGET_BYTES,
  maxEntrySize: MEMORY_BUDGET_BYTES / 8,
  // lru-cache refuses a size of 0: an empty file from the disk cache counts as one byte.
  sizeCalculation: (data) => Math.max(1, data.length),
});
const inFlight = new Map<string, Promise<Buffer | null>>();

/** The SVG's own pixel width, so it is rasterised at the density the wanted width needs (no blur). */
function svgWidth(svg: string): number {
  const m = /<svg[^>]*\swidth="(\d+(?:\.\d+)?)"/.exec(svg);
  return m?.[1] ? Number(m[1]) : 300;
}

/** An SVG is drawn at the density the width needs; a stored picture is scaled down, never up. */
function scaled(source: string | Buffer, width: number): Sharp {
  if (Buffer.isBuffer(source)) return sharp(source).rotate().resize({ width, withoutEnlargement: true });
  const density = Math.min(2400, Math.max(72, Math.ceil((72 * width) / svgWidth(source))));
  return sharp(Buffer.from(source), { density }).resize({ width });
}

async function encode(source: string | Buffer, width: number, format: RasterFormat): Promise<Buffer> {
  const image = scaled(source, width);
  switch (format) {
    case 'avif':
      return image.avif({ quality: 55, effort: 2 }).toBuffer();
    case 'webp':
      return image.webp({ quality: 80 }).toBuffer();
    // JPEG has no transparency: a transparent corner becomes white, not black. It is the fallback
    // (browsers without WebP, crawlers, link previews): mozjpeg's trellis would make it a quarter
    // smaller at twice the encoding time, for the few who load it.
    case 'jpg':
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: 82 }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 9 }).toBuffer();
  }
}

const cacheDir = (): string => join(env().DATA_DIR, 'image-cache');

async function fromDisk(key: string): Promise<Buffer | undefined> {
  try {
    return await readFile(join(cacheDir(), key));
  } catch {
    return undefined;
  }
}

/**
 * Any well-formed name draws a picture, so anyone could ask for endless renditions: each process
 * writes at most this many files for clients (about five renditions of 10,000 products), then
 * encodes the rest without keeping them on disk. The shop's own requests (the export's crawl, which
 * asks only for what its pages name) are not counted: what they encode is kept for the next export.
 */
const MAX_DISK_WRITES = 50_000;
let diskWrites = 0;

async function toDisk(key: string, data: Buffer, own: boolean): Promise<void> {
  if (!own) {
    if (diskWrites >= MAX_DISK_WRITES) return;
    diskWrites += 1;
  }
  // Written aside and renamed, so a concurrent reader never sees half a file. A failed write only
  // costs a later re-encode.
  try {
    await mkdir(cacheDir(), { recursive: true });
    const temp = join(cacheDir(), `${key}.${process.pid}.tmp`);
    await writeFile(temp, data);
    await rename(temp, join(cacheDir(), key));
  } catch {
    /* the memory cache still has it */
  }
}

/**
 * The encoded rendition of an SVG or a stored picture. `key` names it uniquely (kind, file, width,
 * format, and a drawn SVG's version): stored pictures are named by the digest of their bytes and a drawn
 * SVG's version is the digest of what it draws, so a key never needs invalidating. `own`: asked for by the shop itself (see toDisk).
 */
export async function rasterise(
  key: string,
  source: () => string | Buffer | null | Promise<string | Buffer | null>,
  width: number,
  format: RasterFormat,
  own = false,
): Promise<Buffer | null> {
  const safeKey = key.replace(/[^A-Za-z0-9_.-]/g, '_');
  const hit = memory.get(safeKey);
  if (hit) return hit;
  const pending = inFlight.get(safeKey);
  if (pending) return pending;
  const job = (async () => {
    const cached = await fromDisk(safeKey);
    const drawn = cached ? null : await source();
    if (!cached && drawn === null) return null;
    const data = cached ?? (await encode(drawn!, width, format));
    if (!cached) await toDisk(safeKey, data, own);
    memory.set(safeKey, data);
    return data;
  })().finally(() => inFlight.delete(safeKey));
  inFlight.set(safeKey, job);
  return job;
}
