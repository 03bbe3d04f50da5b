// How a stored page is compressed. Every call here runs on libuv's thread pool, never on the main
// thread: a render must not wait behind another page's compression, and a 100 KB page takes 1-2 ms
// per coding even at the qualities below.
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants, gunzip, gzip } from 'node:zlib';

/**
 * Brotli quality of a page's first copy. Measured on product and category pages of ~100 KB: 4 takes
 * 0.9 ms for 16.2 KB, 5 1.2 ms for 14.9 KB, 6 1.3 ms for 14.8 KB, 7 5.4 ms and 11 97 ms for 13.1 KB.
 * 6 is the last step that pays, and what the byte budgets of a first visit measure.
 * @internal Exported for tests.
 */
export const FIRST_BROTLI_QUALITY = 6;
/** gzip's default level: 1.1 ms for 17.3 KB, where 9 takes 1.8 ms for 17.2 KB. */
const GZIP_LEVEL = 6;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const brotliDecompressAsync = promisify(brotliDecompress);

const brotliAt = (body: Buffer, quality: number) =>
  brotliAsync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });

/**
 * The bytes in a buffer of their own. zlib's callback API hands back a slice of its 64 KB output
 * buffer when the output fits in one: kept as it is, every stored copy of ~15 KB held 64 KB (RSS grew
 * by ~100 KB per stored page where the page cache counted 31 KB). Never from the shared pool either,
 * whose 8 KB slabs would be kept alive by one small page.
 */
function exact(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/** The codings a page is stored in. */
export type StoredCoding = 'br' | 'gzip';

/**
 * A new page in one coding: the one its first request takes. A browser takes brotli, Varnish or a CDN
 * in front asks for gzip, so most pages are only ever asked for in one; the other is made from it
 * when a request first takes it (recode).
 */
export async function compressAs(body: Buffer, coding: StoredCoding): Promise<Buffer> {
  return exact(
    coding === 'br' ? await brotliAt(body, FIRST_BROTLI_QUALITY) : await gzipAsync(body, { level: GZIP_LEVEL }),
  );
}

/** The HTML of a stored copy. */
export function decompress(bytes: Buffer, coding: StoredCoding): Promise<Buffer> {
  return coding === 'br' ? brotliDecompressAsync(bytes) : gunzipAsync(bytes);
}

/** A stored copy in the other coding: decompressed (~0.3 ms) and compressed again, on the pool. */
export async function recode(bytes: Buffer, from: StoredCoding, to: StoredCoding): Promise<Buffer> {
  return compressAs(await decompress(bytes, from), to);
}

/**
 * The page at brotli's best quality, from its stored brotli copy: the HTML is not kept beside the
 * compressed copies (that was 100 KB held per page waiting its turn), and decompressing takes ~0.3 ms.
 */
export async function compressBest(brotli: Buffer): Promise<Buffer> {
  return exact(await brotliAt(await decompress(brotli, 'br'), constants.BROTLI_MAX_QUALITY));
}
