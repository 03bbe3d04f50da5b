// The export folder's files: paths to file names, atomic writes, removal, and the swap of a finished
// staging folder into place.
import { mkdir, readdir, rename, rm, rmdir, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DEFAULT_LOCALE, type Locale } from '#lib/i18n/locales.ts';

/** Marks a folder as ours: an existing folder without it is never replaced (think `--out src`). */
export const MARKER = '.storefront-export';

/** The folder-relative file of a path: HTML in directory format (`/c/a` → `c/a/index.html`), the rest as named. */
export function fileFor(path: string, html: boolean): string {
  const segments = path
    .split('/')
    .filter((s) => s !== '')
    .map((raw) => {
      const segment = decodeURIComponent(raw);
      // The paths come from our own sitemap, but a file name must never climb out of the folder.
      if (segment === '.' || segment === '..' || /[/\\\0]/.test(segment))
        throw new Error(`unsafe path for a file: ${path}`);
      return segment;
    });
  if (html) return [...segments, 'index.html'].join('/');
  if (segments.length === 0) throw new Error(`no file name in ${path}`);
  return segments.join('/');
}

export const notFoundFile = (locale: Locale) => (locale === DEFAULT_LOCALE ? '404.html' : `${locale}/404.html`);

let tempSeq = 0;

/** Writes next to the target and renames over it: readers see the old file or the new one, never a part. */
export async function writeAtomic(file: string, data: Uint8Array): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.tmp-${process.pid}-${++tempSeq}`;
  try {
    await writeFile(temp, data);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Deletes a file and the folders it leaves empty, up to (not including) the root. */
export async function removeFile(root: string, relative: string): Promise<void> {
  await unlink(join(root, relative)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  for (let dir = dirname(relative); dir !== '.' && dir !== ''; dir = dirname(dir)) {
    try {
      await rmdir(join(root, dir));
    } catch {
      return; // not empty (or already gone): the folders above are not empty either
    }
  }
}

/**
 * Checks that the folder can be (re)placed: its parent can be made, and an existing folder is an
 * earlier export, so `--out` pointed at the wrong place loses nothing. Cheap: run it before the
 * minutes of work, and again before the swap.
 */
export async function assertReplaceable(outDir: string): Promise<void> {
  await mkdir(dirname(outDir), { recursive: true });
  let entries: string[];
  try {
    entries = await readdir(outDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    throw new Error(`${outDir} cannot be the export folder (${code})`, { cause: error });
  }
  if (entries.length > 0 && !entries.includes(MARKER)) {
    throw new Error(`${outDir} is not empty and holds no ${MARKER}: not replacing a folder that is not an export`);
  }
}

/** Puts the finished staging folder in place of the old one; the old one is deleted after. */
export async function swapIn(staging: string, outDir: string): Promise<void> {
  const old = `${outDir}.old-${process.pid}`;
  await rm(old, { recursive: true, force: true });
  let moved = false;
  try {
    await rename(outDir, old);
    moved = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  try {
    await rename(staging, outDir);
  } catch (error) {
    if (moved) await rename(old, outDir);
    throw error;
  }
  if (moved) await rm(old, { recursive: true, force: true });
}
