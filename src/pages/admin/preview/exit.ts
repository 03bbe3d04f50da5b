// "Leave preview" on the preview bar: the cookie goes, and the page shows as shoppers see it.
import type { APIRoute } from 'astro';
import { endPreview, localPath } from '#lib/server/admin/index.ts';

export const GET: APIRoute = ({ cookies, url, redirect }) => {
  endPreview(cookies, url);
  return redirect(localPath(url.searchParams.get('to'), '/'), 303);
};
