// Helpers for getStaticPaths: one entry per offered locale, German without a prefix.
import { localeParam, type Locale } from '../i18n/locales.ts';
import { offeredLocales } from './shell.ts';

type Entry<Params, P> = { params: Params; props?: P };

export async function localePaths<Params extends Record<string, string | undefined> = Record<never, never>, P extends Record<string, unknown> = Record<never, never>>(
  build: (locale: Locale) => Promise<Entry<Params, P>[]> | Entry<Params, P>[],
) {
  const locales = await offeredLocales();
  const perLocale = await Promise.all(locales.map(async (locale) =>
    (await build(locale)).map((entry) => ({
      params: { lang: localeParam(locale), ...entry.params },
      props: { locale, ...(entry.props ?? {}) } as P & { locale: Locale },
    }))));
  return perLocale.flat();
}
