// /activate-account?token=…: the link mailed after a registration. Opening it (GET) shows the address
// and a password field and changes nothing: mail scanners and link previews open links too, and must
// neither spend the token nor create the account. The form posts the token and the password chosen
// with the registration (whoever registered an address need not own it, so the link alone activates
// nothing; see registrations.ts). The right password creates the customer, signs this browser in, and
// redirects (303) to ?activated=1, so a reload does not post again; a wrong or missing one shows the
// form again (422; 429 past the login limits), the token unspent, the password never sent back. The
// form's POST is a state change of its own (activationOperation in src/lib/auth/contract.ts), posted
// through submitForm like every other form.
import type { AstroCookies } from 'astro';
import type { Db } from '../db/client.ts';
import { getDb } from '../db/index.ts';
import { activationOperation } from '#lib/auth/contract.ts';
import { stateChange } from '../http.ts';
import { formAction, formField, postedFormOrEmpty, submitForm } from '../http-form.ts';
import { clientIp, type ClientContext } from '../client-ip.ts';
import type { MessageKey } from '#lib/i18n/messages/en.ts';
import { setSessionCookies } from './cookies.ts';
import { TooManyAttemptsError } from './errors.ts';
import {
  activateRegistration,
  activationRefusal,
  type ActivationRefusal,
  type AfterActivation,
} from './registrations.ts';
import { endSession, startSession } from './session.ts';

/** The form holds the token and a password (at most 256 characters, percent-encoded); anything much bigger is not our form. */
const MAX_FORM_BYTES = 4 * 1024;

type ActivationView =
  | { state: 'ask'; email: string; token: string; error: MessageKey | null; status: 200 | 422 | 429 }
  | { state: 'done' }
  | { state: 'refused'; message: MessageKey; status: 400 | 409 };

/** Refusals that end the link; a wrong password ('password') only asks again. */
const REFUSALS: Record<Exclude<ActivationRefusal, 'password'>, MessageKey> = {
  unknown: 'registration.activate.unknown',
  used: 'registration.activate.used',
  replaced: 'registration.activate.replaced',
  expired: 'registration.activate.expired',
  taken: 'registration.activate.taken',
};

const refused = (refusal: Exclude<ActivationRefusal, 'password'>): ActivationView => ({
  state: 'refused',
  message: REFUSALS[refusal],
  status: refusal === 'taken' ? 409 : 400,
});

/** The page's Astro global: its request, address, cookies and the client's address (rate limits). */
export interface ActivationRequest extends ClientContext {
  url: URL;
  cookies: AstroCookies;
}

/** The view; after a successful POST where to redirect (unprefixed path); after a rate limit, seconds to wait. */
type Outcome = { view: ActivationView; redirect?: string; retryAfter?: number };

/** The form again with why it was refused, or the refusal when the link itself cannot work (any more). */
async function askAgain(db: Db, token: string, error: MessageKey, status: 422 | 429): Promise<Outcome> {
  const { refusal, email } = await activationRefusal(db, token);
  return { view: refusal ? refused(refusal) : { state: 'ask', email, token, error, status } };
}

/**
 * Activates the registration when the password is the one chosen with it: the customer is created,
 * whoever was signed in in this browser is signed out, and the new account is signed in.
 */
const activation = (db: Db, afterActivation: AfterActivation) =>
  stateChange(activationOperation, async ({ token, password }, context: ActivationRequest) => {
    const result = await activateRegistration(db, { token, password, ip: clientIp(context) }, afterActivation);
    if (!result.ok) return { refusal: result.refusal };
    await endSession(db, context.cookies, { url: context.url });
    setSessionCookies(context.cookies, await startSession(db, result.customer.id, false), context.url);
    return { refusal: null };
  });

const activationFields = { token: formField.text('token'), password: formField.text('password') };

async function activate(context: ActivationRequest, afterActivation: AfterActivation, db: Db): Promise<Outcome> {
  const form = await postedFormOrEmpty(context.request, MAX_FORM_BYTES);
  const token = form.get('token') ?? '';
  // An empty password (refused by the schema) costs neither a hash nor an attempt.
  const outcome = await submitForm(formAction(activation(db, afterActivation), activationFields), form, context);
  if (!outcome.ok) {
    const { error } = outcome;
    if (error instanceof TooManyAttemptsError)
      return { ...(await askAgain(db, token, 'server.TOO_MANY_ATTEMPTS', 429)), retryAfter: error.retryAfterSeconds };
    if (error.code === 'VALIDATION_FAILED') return askAgain(db, token, 'validation.required', 422);
    throw error;
  }
  const { refusal } = outcome.result;
  if (refusal === 'password') return askAgain(db, token, 'registration.activate.wrongPassword', 422);
  if (refusal) return { view: refused(refusal) };
  return { view: { state: 'done' }, redirect: '/activate-account?activated=1' };
}

/** What the page shows (see Outcome). */
export async function activationView(
  context: ActivationRequest,
  afterActivation: AfterActivation,
  database?: Db,
): Promise<Outcome> {
  const db = database ?? (await getDb());
  if (context.request.method === 'POST') return activate(context, afterActivation, db);
  const token = context.url.searchParams.get('token');
  if (token === null && context.url.searchParams.get('activated') === '1') return { view: { state: 'done' } };
  const { refusal, email } = await activationRefusal(db, token ?? '');
  return { view: refusal ? refused(refusal) : { state: 'ask', email, token: token!, error: null, status: 200 } };
}
