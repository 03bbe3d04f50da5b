// "Preview" in the entry editor: a signed-in staff member gets the preview cookie, bound to the workspace
// session, and lands on the page to look at (a path of this site only). The staff cookie is
// SameSite=Strict, so a link from another site cannot switch anybody into preview.
import type { APIRoute } from 'astro';
import { localPath, resolveStaffSession } from '#lib/server/admin/index.ts';
import { startPreview } from '#lib/server/preview.ts';
import { staffMay } from '#lib/admin/rules.ts';
import { getDb } from '#lib/server/db/index.ts';

export const GET: APIRoute = async ({ cookies, url, redirect }) => {
  const to = localPath(url.searchParams.get('to'), '/');
  const db = await getDb();
  const staff = await resolveStaffSession(db, cookies);
  if (!staff || !staffMay(staff.role, 'editor') || !(await startPreview(db, cookies, url))) {
    return redirect(`/admin/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`, 303);
  }
  return redirect(to, 303);
};
