// The media library's endpoints (editors and admins): the list, alternative texts and deletion as JSON
// operations (src/lib/media/contract.ts), the upload and the replacement with the file as the body.
// The session is checked before a byte of a file is read.
import type { APIContext } from 'astro';
import { getDb } from '../../db/index.ts';
import { json, parseInput, rawEndpoint } from '../../http.ts';
import { dbId, text } from '#lib/http/fields.ts';
import { mediaApi } from '#lib/media/contract.ts';
import { staffOf } from '../guard.ts';
import { staffEndpoint } from '../routes.ts';
import { deleteMedium, listMedia, replaceMedium, updateAlt, uploadMedium } from './library.ts';
import { readUpload } from './files.ts';

const fileName = text({ max: 200 }).trim().min(1);

async function uploader(context: APIContext) {
  const db = await getDb();
  return { db, actor: await staffOf(db, context, 'editor') };
}

export const mediaLibrary = {
  list: staffEndpoint(mediaApi.media, 'editor', async ({ unused }, { db }) => ({
    media: await listMedia(db, unused === '1'),
  })),
  updateAlt: staffEndpoint(mediaApi.updateAlt, 'editor', ({ id, alt }, { db, actor }) => updateAlt(db, actor, id, alt)),
  delete: staffEndpoint(mediaApi.deleteMedium, 'editor', async ({ id }, { db, actor }) => {
    await deleteMedium(db, actor, id);
    return { ok: true as const };
  }),
  /** 201 with a new medium; 200 with the medium that has these bytes already. */
  upload: rawEndpoint(async (context) => {
    const { db, actor } = await uploader(context);
    const name = parseInput(context.url.searchParams.get('name') ?? 'upload', fileName);
    const answer = await uploadMedium(db, actor, await readUpload(context.request), name);
    return json(answer, { status: answer.created ? 201 : 200 });
  }),
  replace: rawEndpoint(async (context) => {
    const { db, actor } = await uploader(context);
    const id = parseInput(Number(context.url.searchParams.get('id')), dbId());
    return json(await replaceMedium(db, actor, id, await readUpload(context.request)));
  }),
};
