// Catalogue uploads through the API: the body is written to a file under DATA_DIR/imports as it
// arrives (memory stays flat), the caller is answered 202 with the import's id, and the import runs
// from the file in the background, one at a time per instance. The file is removed when it is done.
// A zip is unpacked beside it first (zip-sources.ts): its catalogue files are imported with their media.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { env } from '../env.ts';
import { logger } from '../log.ts';
import { ApiError } from '../http.ts';
import { MAX_IMPORT_BODY_BYTES } from '../body-limit.ts';
import type { Actor } from '../admin/index.ts';
import { recordImport, runImport } from './run.ts';
import type { ImportSource } from './sources.ts';
import { isZip, unpackZip, ZipRefused } from './zip-sources.ts';

const uploadDir = (): string => join(env().DATA_DIR, 'imports');

/** Writes the request's body to a file, refusing an empty one or one over the limit. */
async function spool(request: Request, path: string): Promise<number> {
  if (!request.body) throw new ApiError('IMPORT_EMPTY', 'Send the catalogue file as the request body.', 400);
  let bytes = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      bytes += chunk.length;
      if (bytes > MAX_IMPORT_BODY_BYTES)
        throw new ApiError(
          'PAYLOAD_TOO_LARGE',
          'The file is larger than an upload may be: import it with npm run import on the server.',
          413,
        );
      controller.enqueue(chunk);
    },
  });
  await pipeline(Readable.fromWeb(request.body.pipeThrough(counter) as never), createWriteStream(path));
  if (bytes === 0) throw new ApiError('IMPORT_EMPTY', 'Send the catalogue file as the request body.', 400);
  return bytes;
}

/** Imports waiting or running on this instance, in order: one runs at a time. */
let queue: Promise<unknown> = Promise.resolve();

export interface UploadOptions {
  fileName: string;
  check: boolean;
  strict: boolean;
  invite: boolean;
}

export async function startUpload(db: Db, actor: Actor, request: Request, options: UploadOptions): Promise<string> {
  const id = randomUUID();
  await mkdir(uploadDir(), { recursive: true });
  const path = join(uploadDir(), `${id}.upload`);
  let size: number;
  try {
    size = await spool(request, path);
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
  // A zip (a catalogue with its pictures) is unpacked before the answer, so a refused one is said at once.
  const unpacked = join(uploadDir(), id);
  const cleanUp = () => Promise.all([rm(path, { force: true }), rm(unpacked, { recursive: true, force: true })]);
  let sources: ImportSource[];
  try {
    sources = (await isZip(path))
      ? await unpackZip(path, unpacked, options.fileName)
      : [{ name: options.fileName, size, open: () => createReadStream(path) }];
  } catch (error) {
    await cleanUp();
    if (error instanceof ZipRefused)
      throw new ApiError('IMPORT_ZIP_REFUSED', `The zip ${error.message}; nothing was imported.`, 422);
    throw error;
  }
  const run = () =>
    runImport(db, sources, { actor, id, check: options.check, strict: options.strict, invite: options.invite });
  // The row exists before the answer (a queued import shows as running with nothing read yet).
  await recordImport(
    db,
    id,
    sources.map((s) => s.name),
    { actor, ...options },
  );
  const started = queue.then(run).finally(cleanUp);
  queue = started.catch((error: unknown) => logger.error({ err: error, import: id }, 'import upload failed'));
  return id;
}
