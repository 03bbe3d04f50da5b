// Where "Preview" leads: the shop page that shows the entry being edited, in the language being edited.
// A language row previews its language. The row every language uses previews the language its draft
// changes (an English menu title is seen on the English pages), preferring the workspace's own
// language when the draft changes that one too, and the workspace's language (German for any other)
// when the change is the same in every language. German pages have no prefix; the others do.
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../i18n/locales.ts';
import { localePath } from '../site/paths.ts';
import type { EntryKey } from './contract.ts';
import type { Change } from './entry-changes.ts';

/** The language to preview an entry in, given what its draft changes. */
export function previewLocale(key: Pick<EntryKey, 'locale'>, changes: readonly Change[], workspace: string): Locale {
  if (isLocale(key.locale)) return key.locale;
  const own: Locale = isLocale(workspace) ? workspace : DEFAULT_LOCALE;
  const changed = new Set(changes.map((c) => c.locale).filter((l) => l !== null));
  if (changed.size === 0 || changed.has(own)) return own;
  return LOCALES.find((l) => changed.has(l))!;
}

/**
 * The shop path that shows the entry in `locale`: a content page at its address (the slug its config
 * gives, else its identifier; the page 'home' is the home page's text); every block and setting shows
 * on the home page (menu, footer, banners and bars on every page, the home blocks there, the messages
 * and branding throughout), so that is where its preview opens.
 */
export function previewPath(key: Pick<EntryKey, 'type' | 'identifier'>, config: unknown, locale: Locale): string {
  if (key.type !== 'page' || key.identifier === 'home') return localePath(locale, '/');
  const slug = (config as { slug?: unknown } | null)?.slug;
  return localePath(locale, `/i/${typeof slug === 'string' && slug !== '' ? slug : key.identifier}`);
}
