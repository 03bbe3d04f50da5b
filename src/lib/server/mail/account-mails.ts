// The account emails the auth flows send, with links built from SITE_URL and the customer's language.
import { env } from '../env.ts';
import { localePath } from '#lib/site/paths.ts';
import { DEFAULT_LOCALE, isLocale } from '#lib/i18n/locales.ts';
import { passwordLinkMail, welcomeMail, type Recipient } from './templates.ts';
import { sendMail, type SentMail } from './transport.ts';

/** An absolute shop URL in the recipient's language: SITE_URL + locale prefix (none for German) + path. */
export function shopUrl(locale: string, path: string): string {
  const site = env().SITE_URL.replace(/\/+$/, '');
  return `${site}${localePath(isLocale(locale) ? locale : DEFAULT_LOCALE, path)}`;
}

/** /reset-password and /create-password carry the token as a query parameter. */
export function sendPasswordLinkMail(
  kind: 'reset' | 'create',
  to: Recipient,
  token: string,
  shop: string,
): Promise<SentMail> {
  const page = kind === 'reset' ? '/reset-password' : '/create-password';
  const link = `${shopUrl(to.locale, page)}?token=${encodeURIComponent(token)}`;
  return sendMail(passwordLinkMail(kind, to, link, shop));
}

export function sendWelcomeMail(to: Recipient & { customernum: string }, shop: string): Promise<SentMail> {
  return sendMail(welcomeMail(to, shopUrl(to.locale, '/'), shop));
}
