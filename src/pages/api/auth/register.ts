// Register (spec sections 4-7): { email, password, firstName, lastName } -> 201 { user }.
// Only while registration is enabled; assigns the next customer number, signs the new customer in
// and sends a welcome email in the shopper's language.
import { json } from '#lib/server/http.ts';
import { getDb } from '#lib/server/db/index.ts';
import { CURRENCIES, env } from '#lib/server/env.ts';
import { CURRENCY_COOKIE } from '#lib/server/shopper.ts';
import { registerRequestSchema, type UserResponse } from '#lib/auth/contract.ts';
import { authEndpoint, readAuthBody } from '#lib/server/auth/http.ts';
import { registerCustomer } from '#lib/server/auth/account.ts';
import { endSession, startSession } from '#lib/server/auth/session.ts';
import { setSessionCookies } from '#lib/server/auth/cookies.ts';
import { clientIp } from '#lib/server/auth/client-ip.ts';
import { checkRegistration } from '#lib/server/auth/rate-limit.ts';
import { toUser } from '#lib/server/auth/customers.ts';
import { registrationDisabled, TooManyAttemptsError } from '#lib/server/auth/errors.ts';
import { requestLocale, shopTitle, siteFeatures } from '#lib/server/auth/site.ts';
import { sendWelcomeMail } from '#lib/server/mail/account-mails.ts';
import { inBackground } from '#lib/server/mail/background.ts';

export const prerender = false;

export const POST = authEndpoint(async (context) => {
  const { request, cookies, url } = context;
  const body = await readAuthBody(request, registerRequestSchema);
  if (!(await siteFeatures()).isRegistrationEnabled) throw registrationDisabled();
  const db = await getDb();
  const wait = await checkRegistration(db, clientIp(context));
  if (wait > 0) throw new TooManyAttemptsError(wait);
  const locale = requestLocale(cookies);
  const cookieCurrency = cookies.get(CURRENCY_COOKIE)?.value ?? '';
  const currency = (CURRENCIES as readonly string[]).includes(cookieCurrency) ? cookieCurrency : env().DEFAULT_CURRENCY;
  const customer = await registerCustomer(db, { ...body, locale, currency });
  await endSession(db, cookies, { url });
  setSessionCookies(cookies, await startSession(db, customer.id, false), url);
  inBackground('welcome mail', async () => sendWelcomeMail(customer, await shopTitle(locale)));
  return json({ user: toUser(customer) } satisfies UserResponse, { status: 201 });
});
