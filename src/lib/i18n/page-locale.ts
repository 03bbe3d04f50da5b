// The language of the page an island runs on: the layout writes it into <html lang>. Stores read it
// when they call the server, so islands need not hand it around.
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales.ts';

export function pageLocale(): Locale {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}
