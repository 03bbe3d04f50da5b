// "Leave preview" on the preview bar: the preview ends on the server (a copy of the cookie stops working
// too), the cookie goes, and the page shows as shoppers see it.
import type { APIRoute } from 'astro';
import { localPath } from '#lib/server/admin/index.ts';
import { endPreview } from '#lib/server/preview.ts';
import { getDb } from '#lib/server/db/index.ts';

export const GET: APIRoute = async ({ cookies, url, redirect }) => {
  await endPreview(await getDb(), cookies, url);
  return redirect(localPath(url.searchParams.get('to'), '/'), 303);
};
