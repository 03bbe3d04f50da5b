// What every workspace page starts with: its language and the signed-in staff member, or the way to
// the sign-in page (back here afterwards); an editor on an admin page gets 403.
import type { AstroGlobal } from 'astro';
import { getDb } from '../db/index.ts';
import { ApiError } from '../http.ts';
import { resolveStaffSession, startStaffSession } from './sessions.ts';
import { adminLocale, type AdminLocale } from './ui-locale.ts';
import { authenticateStaff, type StaffUser } from './staff.ts';

export type WorkspacePage =
  | { kind: 'ok'; locale: AdminLocale; staff: StaffUser }
  | { kind: 'forbidden'; locale: AdminLocale; staff: StaffUser }
  | { kind: 'redirect'; response: Response };

const LOCAL = 'http://local.invalid';

/**
 * Only a path inside the site, never another origin ('//host', '/\host'): where a sign-in or a preview
 * may lead. A control character (a NUL, a line break) leads to the fallback: no Location header may
 * carry one. Anything else is the path as a browser would send it (spaces and non-ASCII percent-encoded),
 * checked again after that normalisation, since dot segments can turn '/a/..//host' into '//host'.
 */
export function localPath(value: string | null, fallback: string): string {
  if (!value || !/^\/(?![/\\])/.test(value) || /\p{Cc}/u.test(value)) return fallback;
  const url = URL.parse(value, LOCAL);
  const path = url && url.origin === LOCAL ? url.pathname + url.search + url.hash : '';
  return /^\/(?![/\\])[\x21-\x7e]*$/.test(path) ? path : fallback;
}

export async function workspacePage(astro: Pick<AstroGlobal, 'cookies' | 'request' | 'url' | 'redirect'>, need: 'editor' | 'admin' = 'editor'): Promise<WorkspacePage> {
  const locale = adminLocale(astro.cookies, astro.request, astro.url);
  const staff = await resolveStaffSession(await getDb(), astro.cookies);
  if (!staff) {
    const next = astro.url.pathname + astro.url.search;
    return { kind: 'redirect', response: astro.redirect(`/admin/sign-in?next=${encodeURIComponent(next)}`, 303) };
  }
  if (need === 'admin' && staff.role !== 'admin') return { kind: 'forbidden', locale, staff };
  return { kind: 'ok', locale, staff };
}

/**
 * The sign-in form posted before its island was live: the same checks as the JSON endpoint. Returns
 * the refusal's code, or null once the session cookie is set.
 */
export async function signInFromForm(astro: Pick<AstroGlobal, 'cookies' | 'request' | 'url'>, ip: string): Promise<{ code: string; retryAfterSeconds: number } | null> {
  const form = await astro.request.formData().catch(() => null);
  const email = form?.get('email');
  const password = form?.get('password');
  if (typeof email !== 'string' || typeof password !== 'string' || !email || !password || email.length > 254 || password.length > 256) return { code: 'INVALID_CREDENTIALS', retryAfterSeconds: 0 };
  const db = await getDb();
  try {
    await startStaffSession(db, await authenticateStaff(db, { email, password }, ip), astro.cookies, astro.url);
    return null;
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, retryAfterSeconds: Number(error.headers['retry-after'] ?? 0) };
    throw error;
  }
}
