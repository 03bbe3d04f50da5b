// Where an import's pictures and data sheets come from: files beside the catalogue (a path relative
// to its folder, which it may not leave) or https addresses. Each source is read once per run and
// stored once (src/lib/server/images/media.ts); a source that cannot be read is reported, and the
// product is imported without it.
import { open, realpath, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { MediaRefused, storeDocument, storeImage } from '../images/index.ts';

/** The largest picture or data sheet read. */
const MAX_MEDIA_BYTES = 50 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 30_000;

export interface MediaFiles {
  /** The stored address of a picture (/images/m/…) or file name of a data sheet. */
  store(source: string, kind: 'image' | 'document'): Promise<string>;
  /**
   * What tells one file of a source from another without reading it: size and modification time of a
   * file beside the catalogue (a zip's files are unpacked with their dates), the address of a web
   * source. A record's digest includes it, so a picture replaced under the same name changes its product.
   */
  version(source: string): Promise<string>;
}

async function readCapped(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.length;
    if (size > MAX_MEDIA_BYTES) throw new MediaRefused(`is larger than ${MAX_MEDIA_BYTES / 1024 / 1024} MB`);
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

/** The file a source names beside the catalogue, which it may not leave. */
async function inFolder(folder: string | undefined, source: string): Promise<string> {
  if (!folder) throw new MediaRefused('is a file path, but this import has no folder beside it: use an https address');
  const root = await realpath(folder);
  let path: string;
  try {
    path = await realpath(resolve(root, source));
  } catch {
    throw new MediaRefused('was not found beside the catalogue');
  }
  if (!path.startsWith(root + sep)) throw new MediaRefused('lies outside the catalogue folder');
  return path;
}

async function fromFolder(folder: string | undefined, source: string): Promise<Buffer> {
  const handle = await open(await inFolder(folder, source), 'r');
  try {
    return await readCapped(handle.createReadStream());
  } finally {
    await handle.close();
  }
}

async function fromWeb(address: string): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(address, { redirect: 'follow', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    throw new MediaRefused(`could not be fetched (${(error as Error).message})`);
  }
  if (!response.ok || !response.body) throw new MediaRefused(`could not be fetched (HTTP ${response.status})`);
  if (!response.url.startsWith('https://')) throw new MediaRefused('was redirected away from https');
  return readCapped(response.body as unknown as AsyncIterable<Uint8Array>);
}

/** Media of one run: sources beside `folder` (none for an upload) or on the web, each stored once. */
export function mediaFiles(folder: string | undefined): MediaFiles {
  const stored = new Map<string, Promise<string>>();
  return {
    store(source, kind) {
      const key = `${kind} ${source}`;
      let pending = stored.get(key);
      if (!pending) {
        pending = (async () => {
          const bytes = source.startsWith('https://') ? await fromWeb(source) : await fromFolder(folder, source);
          return kind === 'image' ? storeImage(bytes) : storeDocument(bytes);
        })();
        stored.set(key, pending);
      }
      return pending;
    },
    async version(source) {
      if (source.startsWith('https://')) return source;
      try {
        const file = await stat(await inFolder(folder, source));
        // Whole seconds: copies keep a file's date to the second, not always below it (zips to 2 s).
        return `${source} ${file.size} ${Math.trunc(file.mtimeMs / 1000)}`;
      } catch (error) {
        if (!(error instanceof MediaRefused)) throw error;
        // Reported when the record is written; a file that turns up later changes the digest.
        return `${source} missing`;
      }
    },
  };
}
