// A zip holding a catalogue and its pictures and data sheets: what a merchant uploads through the
// workspace or the API, where no folder lies beside the file. It is unpacked into a folder of its own
// and imported as that folder: its catalogue files (.xml, .csv, .jsonl; in name order, so
// "1-categories.csv" comes before "2-products.csv") with their relative media paths. A zip is refused
// whole, before anything is imported, when it could harm the server: names leaving the folder (yauzl
// refuses absolute paths and ".."), symbolic links, encryption, or more entries or bytes than any
// catalogue needs (a zip bomb's sizes are checked as it is unpacked, not trusted from its directory).
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, stat, utimes } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openPromise } from 'yauzl';
import type { ImportSource } from './sources.ts';

export interface ZipLimits {
  entries: number;
  /** The most bytes the whole zip may unpack to. */
  bytes: number;
}
const LIMITS: ZipLimits = { entries: 50_000, bytes: 4 * 1024 ** 3 };
const CATALOGUE = /\.(xml|csv|jsonl|ndjson)$/i;
const SYMLINK = 0o120000;

export class ZipRefused extends Error {}

/** Whether a file is a zip (its first bytes), whatever its name. */
export async function isZip(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.readUInt32LE(0) === 0x04034b50;
  } finally {
    await handle.close();
  }
}

/** Counts the bytes that pass, refusing once the whole zip has unpacked to more than allowed. */
function capped(total: { bytes: number }, limit: number): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total.bytes += chunk.length;
      if (total.bytes > limit) return done(new ZipRefused(`unpacks to more than ${limit.toLocaleString('en')} bytes`));
      done(null, chunk);
    },
  });
}

/**
 * Unpacks the zip at `path` into `folder` (which must be empty or new) and returns its catalogue files
 * as import sources, named `<zip name>/<path inside>`. Throws ZipRefused naming what is wrong.
 */
export async function unpackZip(
  path: string,
  folder: string,
  zipName: string,
  limits: ZipLimits = LIMITS,
): Promise<ImportSource[]> {
  let zip;
  try {
    zip = await openPromise(path, { strictFileNames: true });
  } catch (error) {
    throw new ZipRefused(`is not a readable zip (${(error as Error).message})`);
  }
  const catalogues: string[] = [];
  const total = { bytes: 0 };
  try {
    if (zip.entryCount > limits.entries) throw new ZipRefused(`holds more than ${limits.entries} files`);
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      if (((entry.externalFileAttributes >>> 16) & 0o170000) === SYMLINK)
        throw new ZipRefused(`holds a symbolic link (${entry.fileName})`);
      if (entry.isEncrypted()) throw new ZipRefused(`holds an encrypted file (${entry.fileName})`);
      // Hidden files and the macOS resource forks a Finder zip carries are not the merchant's.
      if (entry.fileName.split('/').some((part) => part.startsWith('.') || part === '__MACOSX')) continue;
      const target = join(folder, ...entry.fileName.split('/'));
      await mkdir(dirname(target), { recursive: true });
      await pipeline(
        await zip.openReadStreamPromise(entry),
        capped(total, limits.bytes),
        createWriteStream(target, { flags: 'wx' }),
      );
      // The entry's own date, so a picture packed again unchanged keeps its version (media-sources.ts).
      const packed = entry.getLastModDate();
      await utimes(target, packed, packed);
      if (CATALOGUE.test(entry.fileName)) catalogues.push(entry.fileName);
    }
  } catch (error) {
    if (error instanceof ZipRefused) throw error;
    throw new ZipRefused(`could not be unpacked (${(error as Error).message})`);
  } finally {
    zip.close();
  }
  if (catalogues.length === 0) throw new ZipRefused('holds no catalogue file (.xml, .csv or .jsonl)');
  return Promise.all(
    catalogues.sort().map(async (name) => {
      const file = join(folder, ...name.split('/'));
      return {
        name: posix.join(zipName, name),
        size: (await stat(file)).size,
        folder: dirname(file),
        open: () => createReadStream(file),
      };
    }),
  );
}
