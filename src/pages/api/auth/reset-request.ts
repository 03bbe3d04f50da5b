// Reset password request (spec sections 4, 7): { email } (email or customer number) -> { ok: true }.
// The same answer, equally fast, whether or not the account exists: the lookup and the email happen
// after the response. The link is valid for 60 minutes and works once.
import { json } from '#lib/server/http.ts';
import { getDb } from '#lib/server/db/index.ts';
import { resetRequestSchema } from '#lib/auth/contract.ts';
import { authEndpoint, readAuthBody } from '#lib/server/auth/http.ts';
import { createResetToken } from '#lib/server/auth/account.ts';
import { clientIp } from '#lib/server/auth/client-ip.ts';
import { checkResetRequest } from '#lib/server/auth/rate-limit.ts';
import { TooManyAttemptsError } from '#lib/server/auth/errors.ts';
import { shopTitle } from '#lib/server/auth/site.ts';
import { isLocale, DEFAULT_LOCALE } from '#lib/i18n/locales.ts';
import { sendPasswordLinkMail } from '#lib/server/mail/account-mails.ts';
import { inBackground } from '#lib/server/mail/background.ts';

export const prerender = false;

export const POST = authEndpoint(async (context) => {
  const body = await readAuthBody(context.request, resetRequestSchema);
  const db = await getDb();
  const wait = await checkResetRequest(db, { name: body.email, ip: clientIp(context) });
  if (wait > 0) throw new TooManyAttemptsError(wait);
  inBackground('password reset mail', async () => {
    const issued = await createResetToken(db, body.email);
    if (!issued) return;
    const locale = isLocale(issued.customer.locale) ? issued.customer.locale : DEFAULT_LOCALE;
    await sendPasswordLinkMail('reset', issued.customer, issued.token, await shopTitle(locale));
  });
  return json({ ok: true });
});
