// The company's Users page (/my-account/company-users) on the server: the company's users, the invite
// form, and per user the forms to change the role, disable or enable, and send the invitation again.
// Every form is plain HTML posting to the page (it works without script) and is the JSON endpoint's own
// state change (handlers.ts) with its request read from the form (submitForm). A success redirects 303
// back with what was done (post/redirect/get); a refusal renders the page again with its status, the
// invite form keeping what was typed with each message beside its field. A user who may not manage users
// sees why (403); another company's user id, like a made-up one, is the 404 page.
import { LOCALES, type Locale } from '#lib/i18n/locales.ts';
import type { MessageKey } from '#lib/i18n/messages/en.ts';
import type { CompanyUserEntry } from '#lib/company-users/contract.ts';
import type { AccountContext, AccountLoad } from '../account/index.ts';
import { may } from '../auth/index.ts';
import { getDb } from '../db/index.ts';
import { ApiError } from '../http.ts';
import { formAction, formField, postedForm, submitForm } from '../http-form.ts';
import type { CompanyUserChanges } from './handlers.ts';
import { fieldErrors, refusalKey } from './messages.ts';
import { listCompanyUsers } from './users.ts';

export const USERS_PATH = '/my-account/company-users';
/** The invite form holds four short fields; anything near this size is not one of the page's forms. */
const MAX_FORM_BYTES = 4 * 1024;

const DONE = ['invited', 'resent', 'role', 'disabled', 'enabled'] as const;
type Done = (typeof DONE)[number];

export interface InviteForm {
  values: { name: string; email: string; role: string; locale: Locale };
  errors: Record<string, MessageKey>;
}

export type UsersPageView =
  | { kind: 'see-other'; to: string }
  | { kind: 'denied' }
  | {
      kind: 'view';
      status: 200 | 403 | 409 | 413 | 415 | 422 | 429;
      users: CompanyUserEntry[];
      /** The signed-in user's id (their own row says so). */
      me: string;
      invite: InviteForm;
      done: Done | null;
      /** Why the last post was refused, above the page's content. */
      refused: MessageKey | null;
    };

const text = formField.text;

/** The page's forms by their `action`, and what a success says in ?done=. */
function userForms(changes: CompanyUserChanges) {
  const invite = formAction(changes.invite, {
    name: text('name'),
    email: text('email'),
    role: text('role'),
    locale: text('locale'),
  });
  const resend = formAction(changes.resend, { id: text('id') });
  const role = formAction(changes.changeRole, { id: text('id'), role: text('role') });
  const status = formAction(changes.setStatus, { id: text('id'), action: text('status') });
  type Request = AccountContext['request'];
  return {
    invite: (form: URLSearchParams, req: Request) => submitForm(invite, form, req),
    resend: (form: URLSearchParams, req: Request) => submitForm(resend, form, req),
    role: (form: URLSearchParams, req: Request) => submitForm(role, form, req),
    status: (form: URLSearchParams, req: Request) => submitForm(status, form, req),
  } as const;
}

const isAction = (name: string | null): name is 'invite' | 'resend' | 'role' | 'status' =>
  name === 'invite' || name === 'resend' || name === 'role' || name === 'status';

function doneOf(action: 'invite' | 'resend' | 'role' | 'status', form: URLSearchParams): Done {
  if (action === 'status') return form.get('status') === 'enable' ? 'enabled' : 'disabled';
  return action === 'invite' ? 'invited' : action === 'resend' ? 'resent' : 'role';
}

/** A refusal of the posted id rather than of what was chosen: an id that is no uuid is never confirmed either. */
const namesId = (error: ApiError) =>
  error.code === 'VALIDATION_FAILED' &&
  Array.isArray(error.details) &&
  (error.details as { path?: unknown }[]).some((issue) => issue.path === 'id');

const STATUS_OF: Partial<Record<string, 403 | 409 | 429>> = { PERMISSION_DENIED: 403, TOO_MANY_ATTEMPTS: 429 };

export const usersPage = (changes: CompanyUserChanges) => {
  const forms = userForms(changes);
  return async (ctx: AccountContext): Promise<AccountLoad<UsersPageView>> => {
    const { request, shopper, locale } = ctx;
    if (!may(shopper, 'manageUsers')) return { kind: 'denied' };
    const invite: InviteForm = { values: { name: '', email: '', role: 'buyer', locale }, errors: {} };
    let refused: MessageKey | null = null;
    let status: Extract<UsersPageView, { kind: 'view' }>['status'] = 200;

    const body = request.request.method === 'POST' ? await postedForm(request.request, MAX_FORM_BYTES) : null;
    if (body instanceof ApiError) {
      status = body.status === 413 ? 413 : 415;
    } else if (body) {
      const action = body.get('action');
      if (!isAction(action)) return { notFound: true };
      const outcome = await forms[action](body, request);
      if (outcome.ok) return { kind: 'see-other', to: `${USERS_PATH}?done=${doneOf(action, body)}` };
      const { error } = outcome;
      if (action === 'invite') {
        const chosen = body.get('locale');
        invite.values = {
          name: body.get('name') ?? '',
          email: body.get('email') ?? '',
          role: body.get('role') ?? '',
          locale: (LOCALES as readonly string[]).includes(chosen ?? '') ? (chosen as Locale) : locale,
        };
      }
      // A made-up or another company's id, as a JSON call's 404; an id that is no uuid is the same.
      if (error.status === 404 || namesId(error)) return { notFound: true };
      if (error.code === 'VALIDATION_FAILED') {
        invite.errors = action === 'invite' ? fieldErrors(error) : {};
        refused = action === 'invite' ? 'companyUsers.formErrors' : 'companyUsers.error.unknownRole';
        status = 422;
      } else if (error.code === 'EMAIL_TAKEN') {
        invite.errors = { email: 'companyUsers.error.EMAIL_TAKEN' };
        refused = 'companyUsers.formErrors';
        status = 409;
      } else {
        const key = refusalKey(error);
        if (!key) throw error;
        refused = key;
        status = STATUS_OF[error.code] ?? 409;
      }
    }
    const params = request.url.searchParams;
    const done = params.get('done');
    return {
      kind: 'view',
      status,
      users: await listCompanyUsers(await getDb(), shopper.customerId),
      me: shopper.user.id,
      invite,
      refused,
      done:
        request.request.method === 'GET' && (DONE as readonly (string | null)[]).includes(done) ? (done as Done) : null,
    };
  };
};
