// Message loading and translation. German is bundled; the other locales are separate chunks loaded
// on first use. The content service's locale setting overrides single messages per locale.
import { createInstance, type TFunction } from 'i18next';
import { de } from './messages/de.ts';
import type { MessageKey, Messages } from './messages/en.ts';
import { DEFAULT_LOCALE, LOCALE_TAGS, type Locale } from './locales.ts';
import { reportFailure } from '../shell/report.ts';

const loaders: Record<Exclude<Locale, 'de'>, () => Promise<Messages>> = {
  en: () => import('./messages/en.ts').then((m) => m.en),
  fr: () => import('./messages/fr.ts').then((m) => m.fr),
  es: () => import('./messages/es.ts').then((m) => m.es),
  it: () => import('./messages/it.ts').then((m) => m.it),
};

export async function loadMessages(locale: Locale): Promise<Messages> {
  if (locale === 'de') return de;
  try {
    return await loaders[locale]();
  } catch (error) {
    // A locale file that fails to load is only reported; German keeps the page usable.
    reportFailure(`i18n: could not load messages for ${locale}`, error);
    return de;
  }
}

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/**
 * A translate function for one locale. A fresh i18next instance per call (never a global one),
 * so concurrent requests in different locales cannot leak into each other.
 */
export async function createTranslator(
  locale: Locale,
  overrides: Record<string, string> = {},
): Promise<{ t: Translate; messages: Messages }> {
  const messages = { ...(await loadMessages(locale)), ...pickKnown(overrides) } as Messages;
  const fallback = locale === DEFAULT_LOCALE ? {} : { [DEFAULT_LOCALE]: { translation: de } };
  const instance = createInstance();
  await instance.init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    resources: { [locale]: { translation: messages }, ...fallback },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  } as Parameters<typeof instance.init>[0]);
  const tf: TFunction = instance.t;
  const t: Translate = (key, vars) => String(tf(key, vars as never));
  return { t, messages };
}

/** Overrides may only replace existing keys; unknown keys from the content service are ignored. */
function pickKnown(overrides: Record<string, string>): Partial<Messages> {
  return Object.fromEntries(Object.entries(overrides).filter(([k]) => k in de)) as Partial<Messages>;
}

export function intlTag(locale: Locale): string {
  return LOCALE_TAGS[locale];
}

/** Picks the given keys' strings for an island: each island receives only the strings it uses. */
export function pickMessages<K extends MessageKey>(t: Translate, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((k) => [k, t(k)])) as Record<K, string>;
}
