// The profile page's plain HTML forms (they work before any script runs): name and contact data, a new
// e-mail address, a new password. Each posts to the page itself; a success redirects (303) back to the
// page with what was done in ?done=, so a reload does not post again; a refusal renders the page again
// with 422 (429 for a rate limit), the field errors beside their fields and what was typed still in
// them (never the passwords, which are not sent back into a page). The same server functions and the
// same contracts as the JSON endpoints decide.
import type { Db } from '../db/client.ts';
import { getDb } from '../db/index.ts';
import { ApiError, readText } from '../http.ts';
import {
  emailChangeRequestSchema, passwordFormSchema, PROFILE_MESSAGES, profileRequestSchema, type Profile,
} from '#lib/profile/contract.ts';
import { CHECKOUT_MESSAGES } from '#lib/checkout/address.ts';
import { PASSWORD_MESSAGES } from '#lib/auth/password-policy.ts';
import type { Features } from '#lib/content/features.ts';
import type { MessageKey } from '#lib/i18n/messages/en.ts';
import { clientIp, type ClientContext } from '../client-ip.ts';
import { confirmEmailChange, inspectEmailChangeToken } from './email-change.ts';
import { changePasswordAndNotify } from './password-change.ts';
import { readProfile, updateProfile } from './profile.ts';
import { profileRuleIssues, startEmailChange } from './profile-routes.ts';
import { resolveSession } from './session.ts';
import type { AstroCookies } from 'astro';

const PROFILE_FORMS = ['profile', 'email', 'password'] as const;
type ProfileForm = (typeof PROFILE_FORMS)[number];

export const PROFILE_PATH = '/my-account/my-profile';
/** Three short forms; anything larger is not one of them. */
const MAX_FORM_BYTES = 8 * 1024;

export interface ProfileView {
  profile: Profile;
  companyRequired: boolean;
  /** What the last redirect says was done. */
  done: ProfileForm | null;
  /** The form that was refused, with what was typed and its errors as message keys. */
  failed: { form: ProfileForm; values: Record<string, string>; errors: Record<string, MessageKey>; formError: MessageKey | null } | null;
  status: 200 | 400 | 422 | 429;
  /** Set after a successful post: where to redirect (unprefixed path). */
  seeOther: string | null;
}

/** The page's Astro global: its request, cookies, address and the client's address (rate limits). */
interface ProfileRequest extends ClientContext {
  cookies: AstroCookies;
  url: URL;
}

const checkoutKeys = new Map<string, MessageKey>(
  Object.entries(CHECKOUT_MESSAGES).map(([name, text]) => [text, `checkout.validation.${name}` as MessageKey]),
);
const ownKeys = new Map<string, MessageKey>([
  [PROFILE_MESSAGES.sameEmail, 'profile.error.sameEmail'],
  [PROFILE_MESSAGES.passwordMismatch, 'profile.error.passwordMismatch'],
  [PROFILE_MESSAGES.passwordTooShort, 'checkout.validation.passwordTooShort'],
  [PASSWORD_MESSAGES.tooLong, 'validation.passwordTooLong'],
  [PASSWORD_MESSAGES.tooCommon, 'validation.passwordTooCommon'],
  [PASSWORD_MESSAGES.isEmail, 'validation.passwordIsEmail'],
]);

/** The message key of a contract message: the checkout's own keys where the text is the checkout's. */
const profileMessageKey = (message: string): MessageKey =>
  ownKeys.get(message) ?? checkoutKeys.get(message) ?? 'checkout.validation.invalid';

function fieldErrors(issues: { path: PropertyKey[] | string; message: string }[]): Record<string, MessageKey> {
  const errors: Record<string, MessageKey> = {};
  for (const issue of issues) {
    const field = Array.isArray(issue.path) ? String(issue.path[0] ?? '') : issue.path;
    errors[field] ??= profileMessageKey(issue.message);
  }
  return errors;
}

type Outcome = { ok: true } | { ok: false; errors: Record<string, MessageKey>; formError?: MessageKey; status?: 422 | 429 };

/** A coded refusal of the server functions as the form shows it; anything else is a real failure. */
function refused(error: unknown, passwordField: string): Outcome {
  if (!(error instanceof ApiError)) throw error;
  if (error.code === 'INVALID_PASSWORD') return { ok: false, errors: { [passwordField]: 'profile.error.wrongPassword' } };
  if (error.code === 'TOO_MANY_ATTEMPTS') return { ok: false, errors: {}, formError: 'profile.error.tooManyAttempts', status: 429 };
  if (error.code === 'VALIDATION_FAILED' && Array.isArray(error.details)) return { ok: false, errors: fieldErrors(error.details as { path: string; message: string }[]) };
  throw error;
}

async function submit(db: Db, form: ProfileForm, data: URLSearchParams, req: ProfileRequest, features: Pick<Features, 'companyRequired'>): Promise<Outcome> {
  const session = await resolveSession(req.cookies, { url: req.url, db });
  // The page's loader already found the session; it can only have ended in between.
  if (!session) return { ok: false, errors: {}, formError: 'account.signInRequired' };
  const ip = clientIp(req);
  const field = (name: string) => data.get(name) ?? '';
  if (form === 'profile') {
    const parsed = profileRequestSchema.safeParse({ firstName: field('firstName'), lastName: field('lastName'), company: field('company'), phone: field('phone') });
    if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error.issues) };
    const issues = profileRuleIssues(parsed.data, features);
    if (issues.length > 0) return { ok: false, errors: fieldErrors(issues) };
    await updateProfile(db, session.customer.id, parsed.data);
    return { ok: true };
  }
  if (form === 'email') {
    const parsed = emailChangeRequestSchema.safeParse({ newEmail: field('newEmail'), currentPassword: field('currentPassword') });
    if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error.issues) };
    try {
      await startEmailChange(db, session, parsed.data, ip);
    } catch (error) {
      return refused(error, 'currentPassword');
    }
    return { ok: true };
  }
  const parsed = passwordFormSchema.safeParse({
    currentPassword: field('currentPassword'), newPassword: field('newPassword'), repeatPassword: field('repeatPassword'),
  });
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error.issues) };
  try {
    await changePasswordAndNotify(db, session, { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.newPassword }, ip);
  } catch (error) {
    return refused(error, 'currentPassword');
  }
  return { ok: true };
}

/** What each form may send back into the page: never a password. */
const KEPT_FIELDS: Record<ProfileForm, string[]> = {
  profile: ['firstName', 'lastName', 'company', 'phone'],
  email: ['newEmail'],
  password: [],
};

const isProfileForm = (value: string | null): value is ProfileForm => (PROFILE_FORMS as readonly string[]).includes(value ?? '');

/**
 * The page for the signed-in customer `customerId`: on GET the profile (and ?done=), on POST the
 * submitted form's outcome; a post that is not one of its forms changes nothing and is a 400.
 */
export async function myProfileView(req: ProfileRequest, customerId: string, features: Pick<Features, 'companyRequired'>): Promise<ProfileView | { notFound: true }> {
  const db = await getDb();
  let failed: ProfileView['failed'] = null;
  let status: ProfileView['status'] = 200;
  let done: ProfileForm | null = null;
  if (req.request.method === 'POST') {
    const isForm = (req.request.headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded');
    const data = isForm ? new URLSearchParams(await readText(req.request, MAX_FORM_BYTES)) : new URLSearchParams();
    const form = data.get('form');
    if (!isProfileForm(form)) {
      // Not one of this page's forms: nothing changes, the page is shown as it is.
      status = 400;
    } else {
      const outcome = await submit(db, form, data, req, features);
      if (outcome.ok) {
        done = form;
      } else {
        const values = Object.fromEntries(KEPT_FIELDS[form].map((name) => [name, data.get(name) ?? '']));
        const formError = outcome.formError ?? (Object.keys(outcome.errors).length > 0 ? 'profile.formErrors' : null);
        failed = { form, values, errors: outcome.errors, formError };
        status = outcome.status ?? 422;
      }
    }
  } else {
    const shown = req.url.searchParams.get('done');
    done = isProfileForm(shown) ? shown : null;
  }
  const profile = await readProfile(db, customerId);
  if (!profile) return { notFound: true };
  const seeOther = req.request.method === 'POST' && done ? `${PROFILE_PATH}?done=${done}` : null;
  return { profile, companyRequired: features.companyRequired, done, failed, status, seeOther };
}

// ------------------------------------------------------------------ /confirm-email

export type ConfirmEmailView =
  | { state: 'ask'; email: string; token: string }
  | { state: 'done'; email: string }
  | { state: 'refused'; message: MessageKey; status: 400 | 409 };

const REFUSALS: Record<'unknown' | 'used' | 'expired', MessageKey> = {
  unknown: 'profile.confirm.unknown', used: 'profile.confirm.used', expired: 'profile.confirm.expired',
};

/**
 * The confirmation page: GET shows the address and a button, and changes nothing (mail scanners and
 * link previews open links, and must not spend the token); POST redeems the token.
 */
export async function confirmEmailView(request: Request, url: URL): Promise<ConfirmEmailView> {
  const db = await getDb();
  if (request.method === 'POST') {
    const type = request.headers.get('content-type') ?? '';
    const data = type.startsWith('application/x-www-form-urlencoded') ? new URLSearchParams(await readText(request, MAX_FORM_BYTES)) : new URLSearchParams();
    try {
      const { customer } = await confirmEmailChange(db, data.get('token') ?? '');
      return { state: 'done', email: customer.email };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === 'EMAIL_TAKEN') return { state: 'refused', message: 'profile.confirm.taken', status: 409 };
      const reason = (error.details as { reason?: 'unknown' | 'used' | 'expired' } | undefined)?.reason ?? 'unknown';
      return { state: 'refused', message: REFUSALS[reason], status: 400 };
    }
  }
  const token = url.searchParams.get('token') ?? '';
  const state = await inspectEmailChangeToken(db, token);
  return state.ok ? { state: 'ask', email: state.newEmail, token } : { state: 'refused', message: REFUSALS[state.reason], status: 400 };
}
