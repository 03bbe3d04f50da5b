// "Preview" in the entry editor: a signed-in staff member gets the preview cookie and lands on the page
// to look at (a path of this site only). The staff cookie is SameSite=Strict, so a link from another site
// cannot switch anybody into preview.
import type { APIRoute } from 'astro';
import { localPath, resolveStaffSession, startPreview } from '#lib/server/admin/index.ts';
import { getDb } from '#lib/server/db/index.ts';

export const GET: APIRoute = async ({ cookies, url, redirect }) => {
  const to = localPath(url.searchParams.get('to'), '/');
  const staff = await resolveStaffSession(await getDb(), cookies);
  if (!staff) return redirect(`/admin/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`, 303);
  startPreview(cookies, staff.id, url);
  return redirect(to, 303);
};
