// Helpers for getStaticPaths: one entry per offered locale, German without a prefix.
import { localeParam, type Locale } from '../i18n/locales.ts';
import { offeredLocales } from './shell.ts';

export async function localePaths<P extends Record<string, unknown>>(
  build: (locale: Locale) => Promise<{ params: Record<string, string | undefined>; props?: P }[]> | { params: Record<string, string | undefined>; props?: P }[],
) {
  const locales = await offeredLocales();
  const perLocale = await Promise.all(locales.map(async (locale) =>
    (await build(locale)).map((entry) => ({
      params: { lang: localeParam(locale), ...entry.params },
      props: { locale, ...(entry.props ?? {}) } as P & { locale: Locale },
    }))));
  return perLocale.flat();
}
