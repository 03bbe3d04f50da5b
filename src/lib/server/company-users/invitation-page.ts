// /accept-invitation?token=…: the link mailed to an invited company user. Opening it (GET) shows who was
// invited and a password form and changes nothing (mail scanners open links too). The form (plain HTML,
// no script needed) posts the token and the password typed twice: it is the JSON endpoint's own state
// change (acceptInvitation in handlers.ts). The right form makes the user active, signs this browser in
// and redirects (303) to ?accepted=1; a password the rules refuse shows the form again (422) with the
// reason beside the field, the link unspent; a used, expired, replaced or unknown link says so (400).
import type { AstroCookies } from 'astro';
import type { MessageKey } from '#lib/i18n/messages/en.ts';
import type { ClientContext } from '../client-ip.ts';
import type { Db } from '../db/client.ts';
import { formAction, formField, postedFormOrEmpty, submitForm } from '../http-form.ts';
import type { CompanyUserChanges } from './handlers.ts';
import { openInvitation } from './invitations.ts';
import { fieldErrors } from './messages.ts';

/** The token and two passwords (at most 256 characters each, percent-encoded); anything larger is not our form. */
const MAX_FORM_BYTES = 8 * 1024;

export type InvitationView =
  | { state: 'ask'; name: string; email: string; token: string; errors: Record<string, MessageKey>; status: 200 | 422 }
  | { state: 'done' }
  | { state: 'refused'; status: 400 };

interface InvitationRequest extends ClientContext {
  url: URL;
  cookies: AstroCookies;
}

const refused: InvitationView = { state: 'refused', status: 400 };

export function invitationPage(changes: CompanyUserChanges, db: () => Promise<Db>) {
  const accept = formAction(changes.acceptInvitation, {
    token: formField.text('token'),
    password: formField.text('password'),
    repeatPassword: formField.text('repeatPassword'),
  });

  /** The form for the link's invitee, with the refusals of the last post; the refusal when the link is not open. */
  async function ask(token: string, errors: Record<string, MessageKey>, status: 200 | 422): Promise<InvitationView> {
    const open = await openInvitation(await db(), token);
    return open ? { state: 'ask', name: open.name, email: open.email, token, errors, status } : refused;
  }

  return async function invitationView(
    context: InvitationRequest,
  ): Promise<{ view: InvitationView; redirect?: string }> {
    if (context.request.method === 'POST') {
      const form = await postedFormOrEmpty(context.request, MAX_FORM_BYTES);
      const outcome = await submitForm(accept, form, context);
      if (outcome.ok) return { view: { state: 'done' }, redirect: '/accept-invitation?accepted=1' };
      if (outcome.error.code !== 'VALIDATION_FAILED') return { view: refused };
      return { view: await ask(form.get('token') ?? '', fieldErrors(outcome.error), 422) };
    }
    const token = context.url.searchParams.get('token');
    if (token === null && context.url.searchParams.get('accepted') === '1') return { view: { state: 'done' } };
    return { view: await ask(token ?? '', {}, 200) };
  };
}
