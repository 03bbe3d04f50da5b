// Renders the account emails as plain text plus a minimal HTML part, in the customer's language.
import { fill } from '#lib/i18n/format.ts';
import { DEFAULT_LOCALE, isLocale, LOCALE_TAGS, type Locale } from '#lib/i18n/locales.ts';
import { MAIL_TEXTS } from './texts.ts';
import type { OutgoingMail } from './transport.ts';

export interface Recipient {
  email: string;
  firstName: string;
  lastName: string;
  locale: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export const localeOf = (value: string): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

/**
 * When something happened, in the customer's language. The shop keeps no time zone per customer, so the
 * time is in UTC and says so, rather than a local time that may be the wrong one.
 */
export function mailTime(locale: Locale, at: Date): string {
  return `${new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;
}

/** A block the mail renders itself: its plain-text form and its HTML (already escaped). */
export interface RichBlock {
  text: string;
  html: string;
}

export const escapeHtmlText = escapeHtml;

export function compose(
  to: Recipient,
  subject: string,
  paragraphs: (string | RichBlock)[],
  action: { label: string; url: string },
  after: string[],
  signature: string,
): OutgoingMail {
  const plain = (block: string | RichBlock) => (typeof block === 'string' ? block : block.text);
  const text = [...paragraphs.map(plain), `${action.label}:\n${action.url}`, ...after, signature].join('\n\n');
  const p = (s: string) => `<p>${escapeHtml(s).replace(/\n/g, '<br>')}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    ...paragraphs.map((block) => (typeof block === 'string' ? p(block) : block.html)),
    `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`,
    ...after.map(p),
    p(signature),
    '</body></html>',
  ].join('\n');
  return { to: to.email, subject, text, html };
}

/** Reset or create-password mail with its one-time link. */
export function passwordLinkMail(kind: 'reset' | 'create', to: Recipient, link: string, shop: string): OutgoingMail {
  const t = MAIL_TEXTS[localeOf(to.locale)];
  const values = { name: `${to.firstName} ${to.lastName}`.trim(), shop };
  const texts = t[kind];
  return compose(
    to,
    fill(texts.subject, values),
    [fill(t.greeting, values), texts.intro],
    { label: texts.action, url: link },
    [texts.expires, texts.ignore],
    fill(t.signature, values),
  );
}

export function welcomeMail(to: Recipient & { customernum: string }, shopUrl: string, shop: string): OutgoingMail {
  const t = MAIL_TEXTS[localeOf(to.locale)];
  const values = { name: `${to.firstName} ${to.lastName}`.trim(), shop, customernum: to.customernum };
  return compose(
    to,
    fill(t.welcome.subject, values),
    [fill(t.greeting, values), t.welcome.intro, fill(t.welcome.customernum, values)],
    { label: t.welcome.action, url: shopUrl },
    [],
    fill(t.signature, values),
  );
}
