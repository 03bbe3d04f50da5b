// Changing the password from the account: the current password is required, every other session of
// the customer ends (this one stays signed in), and the customer is told by mail with the time, so a
// change they did not make does not go unnoticed.
import type { Db } from '../db/client.ts';
import { inBackground, sendPasswordChangedMail } from '../mail/index.ts';
import { DEFAULT_LOCALE, isLocale } from '#lib/i18n/locales.ts';
import { changePassword } from './account.ts';
import type { Session } from './session.ts';
import { shopTitle } from './site.ts';

export async function changePasswordAndNotify(
  db: Db, session: Session, input: { currentPassword: string; newPassword: string }, ip: string, now = new Date(),
): Promise<void> {
  await changePassword(db, session, input, ip);
  const customer = session.customer;
  const locale = isLocale(customer.locale) ? customer.locale : DEFAULT_LOCALE;
  inBackground('password changed mail', async () => sendPasswordChangedMail(customer, now, await shopTitle(locale)));
}
