// What every workspace page starts with: its language and the signed-in staff member, or the way to
// the sign-in page (back here afterwards); an editor on an admin page gets 403.
import type { AstroGlobal } from 'astro';
import { getDb } from '../db/index.ts';
import { resolveStaffSession } from './sessions.ts';
import { adminLocale, type AdminLocale } from './ui-locale.ts';
import type { StaffUser } from './staff.ts';
import { staffMay, type StaffNeed } from '#lib/admin/rules.ts';
import { formAction, formField, postedFormOrEmpty, submitForm } from '../http-form.ts';
import { MAX_BODY_BYTES } from '../body-limit.ts';
import { staffSignIn, staffSignOut } from './sign-in.ts';

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

export async function workspacePage(
  astro: Pick<AstroGlobal, 'cookies' | 'request' | 'url' | 'redirect'>,
  need: StaffNeed = 'editor',
): Promise<WorkspacePage> {
  const locale = adminLocale(astro.cookies, astro.request, astro.url);
  const staff = await resolveStaffSession(await getDb(), astro.cookies);
  if (!staff) {
    const next = astro.url.pathname + astro.url.search;
    return { kind: 'redirect', response: astro.redirect(`/admin/sign-in?next=${encodeURIComponent(next)}`, 303) };
  }
  if (!staffMay(staff.role, need)) return { kind: 'forbidden', locale, staff };
  return { kind: 'ok', locale, staff };
}

const signInForm = formAction(staffSignIn, { email: formField.text('email'), password: formField.text('password') });
const signOutForm = formAction(staffSignOut, {});

/**
 * The sign-in form as posted (src/pages/admin/sign-in.astro is a plain form): the JSON endpoint's own
 * state change. Returns the refusal's code (a form the schema refuses, or a body that is no form, is
 * INVALID_CREDENTIALS as wrong ones are) with the e-mail address that was typed, so the page can show
 * it again, or null once the session cookie is set. These forms take any body the server front lets
 * through, as they always have.
 */
export async function signInFromForm(
  astro: Pick<AstroGlobal, 'cookies' | 'request' | 'url' | 'clientAddress'>,
): Promise<{ code: string; retryAfterSeconds: number; email: string } | null> {
  const form = await postedFormOrEmpty(astro.request, MAX_BODY_BYTES);
  const outcome = await submitForm(signInForm, form, astro);
  if (outcome.ok) return null;
  // At most what the field takes: the value goes back into the page.
  const email = (form.get('email') ?? '').slice(0, 254);
  const { error } = outcome;
  if (error.code === 'VALIDATION_FAILED') return { code: 'INVALID_CREDENTIALS', retryAfterSeconds: 0, email };
  return { code: error.code, retryAfterSeconds: Number(error.headers['retry-after'] ?? 0), email };
}

/** The sign-out button of every workspace page: the JSON endpoint's own state change; it takes no fields. */
export async function signOutFromForm(
  astro: Pick<AstroGlobal, 'cookies' | 'request' | 'url' | 'clientAddress'>,
): Promise<void> {
  const outcome = await submitForm(signOutForm, await postedFormOrEmpty(astro.request, MAX_BODY_BYTES), astro);
  if (!outcome.ok) throw outcome.error;
}
