// The profile page's plain HTML forms (they work before any script runs): name and contact data, a new
// e-mail address, a new password. Each posts to the page itself; a success redirects (303) back to the
// page with what was done in ?done=, so a reload does not post again; a refusal renders the page again
// with 422 (429 for a rate limit), the field errors beside their fields and what was typed still in
// them (never the passwords, which are not sent back into a page). Each form is its JSON endpoint's own
// state change (profile-routes.ts, password-change.ts), posted through submitForm.
import { getDb } from '../db/index.ts';
import type { ApiError } from '../http.ts';
import { formAction, formField, postedFormOrEmpty, submitForm, type FormFields } from '../http-form.ts';
import { PROFILE_MESSAGES, type Profile } from '#lib/profile/contract.ts';
import { CHECKOUT_MESSAGES } from '#lib/checkout/address.ts';
import { PASSWORD_MESSAGES } from '#lib/auth/password-policy.ts';
import type { Features } from '#lib/content/features.ts';
import type { MessageKey } from '#lib/i18n/messages/en.ts';
import type { ClientContext } from '../client-ip.ts';
import { inspectEmailChangeToken } from './email-change.ts';
import type { passwordChange } from './password-change.ts';
import { readProfile } from './profile.ts';
import type { ProfileChanges } from './profile-routes.ts';
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
  failed: {
    form: ProfileForm;
    values: Record<string, string>;
    errors: Record<string, MessageKey>;
    formError: MessageKey | null;
  } | null;
  status: 200 | 400 | 403 | 422 | 429;
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

type Outcome =
  { ok: true } | { ok: false; errors: Record<string, MessageKey>; formError?: MessageKey; status?: 403 | 422 | 429 };

/** A coded refusal of a form's state change as the form shows it; anything else is a real failure. */
function refused(error: ApiError, passwordField: string): Outcome {
  // The page's loader already found the session; it can only have ended in between.
  if (error.code === 'UNAUTHENTICATED') return { ok: false, errors: {}, formError: 'account.signInRequired' };
  if (error.code === 'INVALID_PASSWORD')
    return { ok: false, errors: { [passwordField]: 'profile.error.wrongPassword' } };
  // A role that may not change the company's data (or a user who is not its primary one) is told so in their language.
  if (error.code === 'PERMISSION_DENIED' || error.code === 'ON_BEHALF_REFUSED')
    return { ok: false, errors: {}, formError: `server.${error.code}`, status: 403 };
  if (error.code === 'TOO_MANY_ATTEMPTS')
    return { ok: false, errors: {}, formError: 'profile.error.tooManyAttempts', status: 429 };
  if (error.code === 'VALIDATION_FAILED' && Array.isArray(error.details))
    return { ok: false, errors: fieldErrors(error.details as { path: string; message: string }[]) };
  throw error;
}

const textFields = (...names: string[]): FormFields =>
  Object.fromEntries(names.map((name) => [name, formField.text(name)]));

/** The page's three forms: each its endpoint's state change, its request read from the form's fields. */
function profileForms(changes: ProfileChanges, password: ReturnType<typeof passwordChange>) {
  const profile = formAction(changes.update, textFields('firstName', 'lastName', 'company', 'phone'));
  const email = formAction(changes.requestEmailChange, textFields('newEmail', 'currentPassword'));
  const newPassword = formAction(password, textFields('currentPassword', 'newPassword', 'repeatPassword'));
  return async function submit(form: ProfileForm, data: URLSearchParams, req: ProfileRequest): Promise<Outcome> {
    const outcome =
      form === 'profile'
        ? await submitForm(profile, data, req)
        : form === 'email'
          ? await submitForm(email, data, req)
          : await submitForm(newPassword, data, req);
    return outcome.ok ? { ok: true } : refused(outcome.error, 'currentPassword');
  };
}

/** What each form may send back into the page: never a password. */
const KEPT_FIELDS: Record<ProfileForm, string[]> = {
  profile: ['firstName', 'lastName', 'company', 'phone'],
  email: ['newEmail'],
  password: [],
};

const isProfileForm = (value: string | null): value is ProfileForm =>
  (PROFILE_FORMS as readonly string[]).includes(value ?? '');

/**
 * The page for the signed-in customer `customerId`: on GET the profile (and ?done=), on POST the
 * submitted form's outcome; a post that is not one of its forms changes nothing and is a 400.
 */
async function profileView(
  submit: ReturnType<typeof profileForms>,
  req: ProfileRequest,
  customerId: string,
  features: Pick<Features, 'companyRequired'>,
): Promise<ProfileView | { notFound: true }> {
  const db = await getDb();
  let failed: ProfileView['failed'] = null;
  let status: ProfileView['status'] = 200;
  let done: ProfileForm | null = null;
  if (req.request.method === 'POST') {
    const data = await postedFormOrEmpty(req.request, MAX_FORM_BYTES);
    const form = data.get('form');
    if (!isProfileForm(form)) {
      // Not one of this page's forms: nothing changes, the page is shown as it is.
      status = 400;
    } else {
      const outcome = await submit(form, data, req);
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

type ConfirmEmailView =
  | { state: 'ask'; email: string; token: string }
  | { state: 'done'; email: string }
  | { state: 'refused'; message: MessageKey; status: 400 | 409 };

const REFUSALS: Record<'unknown' | 'used' | 'expired', MessageKey> = {
  unknown: 'profile.confirm.unknown',
  used: 'profile.confirm.used',
  expired: 'profile.confirm.expired',
};

/**
 * The confirmation page: GET shows the address and a button, and changes nothing (mail scanners and
 * link previews open links, and must not spend the token); POST redeems the token.
 */
const confirmEmailPage = (changes: ProfileChanges) => {
  const confirm = formAction(changes.confirmEmailChange, { token: formField.text('token') });
  return async function confirmEmailView(
    context: { request: Request; url: URL } & ClientContext,
  ): Promise<ConfirmEmailView> {
    const { request, url } = context;
    if (request.method === 'POST') {
      const outcome = await submitForm(confirm, await postedFormOrEmpty(request, MAX_FORM_BYTES), context);
      if (outcome.ok) return { state: 'done', email: outcome.result.email };
      if (outcome.error.code === 'EMAIL_TAKEN')
        return { state: 'refused', message: 'profile.confirm.taken', status: 409 };
      const reason =
        (outcome.error.details as { reason?: 'unknown' | 'used' | 'expired' } | undefined)?.reason ?? 'unknown';
      return { state: 'refused', message: REFUSALS[reason] ?? REFUSALS.unknown, status: 400 };
    }
    const token = url.searchParams.get('token') ?? '';
    const state = await inspectEmailChangeToken(await getDb(), token);
    return state.ok
      ? { state: 'ask', email: state.newEmail, token }
      : { state: 'refused', message: REFUSALS[state.reason], status: 400 };
  };
};

/** The profile page's and the e-mail confirmation page's views, their forms posting these state changes. */
export function profilePages(changes: ProfileChanges, password: ReturnType<typeof passwordChange>) {
  const submit = profileForms(changes, password);
  return {
    myProfileView: (req: ProfileRequest, customerId: string, features: Pick<Features, 'companyRequired'>) =>
      profileView(submit, req, customerId, features),
    confirmEmailView: confirmEmailPage(changes),
  };
}
