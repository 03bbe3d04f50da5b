// New customers for the e2e specs. Registering answers "check your e-mail" and signs nobody in; the
// account exists once the mailed activation link is opened. So a spec that needs a fresh customer
// registers, reads the link from the mail the shop really sent (mailbox.ts) and posts the activation
// form with the password chosen, as the shopper does: the request context is then signed in as the
// new customer.
import { request, type APIRequestContext } from '@playwright/test';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { BASE_URL, expect, newClient } from './helpers.ts';
import { openMailbox, type Mailbox } from './mailbox.ts';

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

const ACTIVATION_LINK = /https?:\/\/\S+\/activate-account\?token=[\w%-]+/;

/** The activation link mailed to `email`, as an URL on the test server. */
export async function activationLink(mailbox: Mailbox, email: string): Promise<URL> {
  const mail = await mailbox.waitFor(email, ACTIVATION_LINK);
  const link = new URL(ACTIVATION_LINK.exec(mail.text)![0]);
  // The mail links to SITE_URL; the test server may listen elsewhere.
  return new URL(`${link.pathname}${link.search}`, BASE_URL);
}

/**
 * Registers (from an address of its own, as the per-IP limit wants) and activates the account; the
 * request context (a page's own, when given) is signed in as the new customer afterwards. A spec that
 * holds a mailbox passes it (with SMTP, one port takes one mailbox at a time).
 */
export async function registerAndActivate(
  request: APIRequestContext,
  account: NewAccount,
  options: { mailbox?: Mailbox; locale?: string } = {},
): Promise<void> {
  const { password, ...names } = account;
  const registered = await request.post('/api/auth/register', {
    data: { ...names, password },
    headers: { ...newClient(), ...(options.locale ? { 'x-locale': options.locale } : {}) },
  });
  expect(registered.status(), await registered.text()).toBe(202);
  const mailbox = options.mailbox ?? (await openMailbox());
  try {
    const link = await activationLink(mailbox, account.email);
    const token = link.searchParams.get('token')!;
    // The form's POST, with the Origin a browser sends (Astro refuses cross-site form posts).
    const activated = await request.post(link.pathname, {
      form: { token, password },
      headers: { origin: BASE_URL },
      maxRedirects: 0,
    });
    expect(activated.status(), await activated.text()).toBe(303);
  } finally {
    if (!options.mailbox) await mailbox.close();
  }
}

/** A request context of its own, signed in to the workspace as a demo staff member (its JSON APIs: imports, audit). */
export async function staffApi(who: keyof typeof DEMO_FIXTURES.staff): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: BASE_URL });
  const { email, password } = DEMO_FIXTURES.staff[who];
  const signedIn = await api.post('/api/admin/sign-in', { data: { email, password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return api;
}
