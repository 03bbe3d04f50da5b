// Changing the password from the account: the current password is required, every other session of
// the customer ends (this one stays signed in), and the customer is told by mail with the time, so a
// change they did not make does not go unnoticed.
import type { AstroCookies } from 'astro';
import { authApi } from '#lib/auth/contract.ts';
import type { Db } from '../db/client.ts';
import { stateChange } from '../http.ts';
import { clientIp, type ClientContext } from '../client-ip.ts';
import { inBackground, sendPasswordChangedMail } from '../mail/index.ts';
import { DEFAULT_LOCALE, isLocale } from '#lib/i18n/locales.ts';
import { changePassword } from './account.ts';
import { unauthenticated } from './errors.ts';
import { spokenValidation } from './http.ts';
import { resolveSession, type Session } from './session.ts';
import { shopTitle } from './site.ts';

async function changePasswordAndNotify(
  db: Db,
  session: Session,
  input: { currentPassword: string; newPassword: string },
  ip: string,
  now = new Date(),
): Promise<void> {
  await changePassword(db, session, input, ip);
  const customer = session.customer;
  const locale = isLocale(customer.locale) ? customer.locale : DEFAULT_LOCALE;
  inBackground('password changed mail', async () => sendPasswordChangedMail(customer, now, await shopTitle(locale)));
}

/**
 * Changing the password, defined once: POST /api/auth/change-password and the profile page's password
 * form (which sends the repeated password too). Needs a session; keeps this one, signs out every other
 * session of the customer and mails the customer.
 */
export const passwordChange = (db: () => Promise<Db>) =>
  stateChange(
    authApi.changePassword,
    async ({ currentPassword, newPassword }, context: { cookies: AstroCookies; url: URL } & ClientContext) => {
      const database = await db();
      const session = await resolveSession(context.cookies, { url: context.url, db: database });
      if (!session) throw unauthenticated();
      await changePasswordAndNotify(database, session, { currentPassword, newPassword }, clientIp(context));
      return { ok: true as const };
    },
    spokenValidation,
  );
