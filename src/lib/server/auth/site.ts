// What the auth endpoints need from the content service: feature flags and the shop's name.
import { getContent } from '../content.ts';
import { resolveFeatures, type Features } from '#lib/content/features.ts';
import { DEFAULT_LOCALE, type Locale } from '#lib/i18n/locales.ts';

/** Site features; the flags live on the default-language branding block, as for the rest of the shop. */
export async function siteFeatures(): Promise<Features> {
  const branding = await getContent('setting:branding', DEFAULT_LOCALE);
  return resolveFeatures(branding?.config.flags ?? {});
}

/** Shop name for emails: the branding title in that language. */
export async function shopTitle(locale: Locale): Promise<string> {
  const branding = await getContent('setting:branding', locale).catch(() => null);
  return branding?.config.title ?? 'Shop';
}
