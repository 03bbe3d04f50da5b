// /activate-account?token=…: the link mailed after a registration. Opening it (GET) shows the address
// and a button and changes nothing: mail scanners and link previews open links too, and must neither
// spend the token nor create the account. The button posts the token here; that creates the customer,
// signs this browser in, and redirects (303) to ?activated=1, so a reload does not post again.
import type { AstroCookies } from 'astro';
import type { Db } from '../db/client.ts';
import { getDb } from '../db/index.ts';
import { readText } from '../http.ts';
import type { MessageKey } from '#lib/i18n/messages/en.ts';
import { setSessionCookies } from './cookies.ts';
import { activateRegistration, activationRefusal, type ActivationRefusal, type AfterActivation } from './registrations.ts';
import { endSession, startSession } from './session.ts';

/** The form holds the token; anything much bigger is not our form. */
const MAX_FORM_BYTES = 2 * 1024;

export type ActivationView =
  | { state: 'ask'; email: string; token: string }
  | { state: 'done' }
  | { state: 'refused'; message: MessageKey; status: 400 | 409 };

const REFUSALS: Record<ActivationRefusal, MessageKey> = {
  unknown: 'registration.activate.unknown', used: 'registration.activate.used',
  expired: 'registration.activate.expired', taken: 'registration.activate.taken',
};

const refused = (refusal: ActivationRefusal): ActivationView => ({
  state: 'refused', message: REFUSALS[refusal], status: refusal === 'taken' ? 409 : 400,
});

export interface ActivationRequest {
  request: Request;
  url: URL;
  cookies: AstroCookies;
}

/** What the page shows, and where to redirect after a successful POST (unprefixed path). */
export async function activationView(
  { request, url, cookies }: ActivationRequest, afterActivation: AfterActivation, database?: Db,
): Promise<{ view: ActivationView; redirect?: string }> {
  const db = database ?? await getDb();
  if (request.method === 'POST') {
    const type = request.headers.get('content-type') ?? '';
    const form = type.startsWith('application/x-www-form-urlencoded') ? new URLSearchParams(await readText(request, MAX_FORM_BYTES)) : new URLSearchParams();
    const result = await activateRegistration(db, form.get('token') ?? '', afterActivation);
    if (!result.ok) return { view: refused(result.refusal) };
    // Whoever was signed in in this browser is signed out: the new account takes over.
    await endSession(db, cookies, { url });
    setSessionCookies(cookies, await startSession(db, result.customer.id, false), url);
    return { view: { state: 'done' }, redirect: '/activate-account?activated=1' };
  }
  const token = url.searchParams.get('token');
  if (token === null && url.searchParams.get('activated') === '1') return { view: { state: 'done' } };
  const { refusal, email } = await activationRefusal(db, token ?? '');
  return { view: refusal ? refused(refusal) : { state: 'ask', email, token: token! } };
}
