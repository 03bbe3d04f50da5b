// An Astro integration: once the build is done, every compressible file of the client build
// (scripts, styles, SVG, JSON, text) gets a brotli (.br, quality 11) and a gzip (.gz, level 9) copy
// beside it, so the server front sends them without compressing per request (scripts/lib/serve-shop.ts).
// Files under 1 KB are left alone: the coding's framing would eat the saving.
import type { AstroIntegration } from 'astro';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|html|webmanifest|ico|map)$/;
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes the .br and .gz copies of every compressible file under `dir`; returns how many files got them. */
async function precompressDir(dir: string): Promise<number> {
  let count = 0;
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
    const body = await readFile(path);
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
      gzipAsync(body, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
    count++;
  }
  return count;
}

export function precompress(): AstroIntegration {
  return {
    name: 'storefront-precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        // `dir` is the client folder for a server build.
        const count = await precompressDir(fileURLToPath(dir));
        logger.info(`${count} files precompressed (brotli and gzip)`);
      },
    },
  };
}
