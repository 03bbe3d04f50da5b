// Everything the page layouts need for one locale, read from the content service once per build
// (and once per process on the server).
import { env } from './env.ts';
import { getContent, type ContentConfig } from './content.ts';
import { sanitizeCmsHtml } from './sanitize.ts';
import { resolveFeatures, type Features } from '../content/features.ts';
import { buildMenu, type MenuItem } from '../content/menu.ts';
import { allCategorySlugPaths } from './catalog/index.ts';
import type { CategorySlugResolver } from '../site/paths.ts';
import { createTranslator, type Translate } from '../i18n/translate.ts';
import { DEFAULT_LOCALE, LOCALES, localeFromParam, type Locale } from '../i18n/locales.ts';
import { brandingConfigSchema, type BrandingConfig } from '../content/schemas.ts';
import type { Messages } from '../i18n/messages/en.ts';
import { publishedMemo, tags } from './publish/index.ts';
import { offeredCurrencies } from './cart/index.ts';
import type { Currency } from '../catalog/price.ts';

interface HtmlBlock<C> { html: string; config: C }

export interface Shell {
  locale: Locale;
  t: Translate;
  messages: Messages;
  branding: BrandingConfig;
  features: Features;
  offeredLocales: Locale[];
  menu: MenuItem[];
  footer: ContentConfig<'block:footer'> | null;
  topBanner: HtmlBlock<ContentConfig<'block:top-banner'>> | null;
  notificationBar: HtmlBlock<ContentConfig<'block:notification-bar'>> | null;
  /** The cart-header block's sanitized HTML, shown at the top of the cart sidebar. */
  cartHeader: string | null;
  cookieConsent: boolean;
  /** Maps a default-language category slug path to the rendered locale's (content links). */
  categorySlug: CategorySlugResolver;
  tagManagerId: string | undefined;
  currency: string;
  /** The currencies shoppers may choose between (one: no selector). */
  offeredCurrencies: Currency[];
  /** Cache tags of what the layout shows: this locale's shell content and the categories the menu links. */
  tags: string[];
}

/** Used when the content service has no branding yet, so a fresh shop still renders. */
const FALLBACK_BRANDING: BrandingConfig = brandingConfigSchema.parse({
  logo: '/brand/logo.svg', title: 'Storefront', description: '', favicon: '/brand/favicon.svg',
});

const shells = publishedMemo<Shell>();

export function loadShell(locale: Locale): Promise<Shell> {
  return shells(locale, () => buildShell(locale));
}

const offered = publishedMemo<Locale[]>();

/** The languages the shop offers: all five unless the locale setting restricts them. */
export function offeredLocales(): Promise<Locale[]> {
  return offered('all', async () => {
    const setting = await getContent('setting:locale', 'de');
    const allowed = setting?.config.locales;
    return allowed ? LOCALES.filter((l) => allowed.includes(l)) : [...LOCALES];
  });
}

/** The shell of the locale a page's [...lang] parameter names; null when the shop does not offer it (a 404). */
export async function shellForParam(param: string | undefined): Promise<Shell | null> {
  const locale = localeFromParam(param);
  return locale && (await offeredLocales()).includes(locale) ? loadShell(locale) : null;
}

async function buildShell(locale: Locale): Promise<Shell> {
  const e = env();
  const [branding, localeSetting, menu, footer, topBanner, notificationBar, offered, categorySlug, cartHeader] = await Promise.all([
    getContent('setting:branding', locale),
    getContent('setting:locale', locale),
    getContent('block:menu', locale),
    getContent('block:footer', locale),
    getContent('block:top-banner', locale),
    getContent('block:notification-bar', locale),
    offeredLocales(),
    categorySlugResolver(),
    getContent('block:cart-header', locale),
  ]);
  const { t, messages } = await createTranslator(locale, localeSetting?.config.messages[locale]);
  const brandingConfig = branding?.config ?? FALLBACK_BRANDING;
  const menuItems = buildMenu(menu?.config.entries ?? [], locale, categorySlug.resolve, 'm', resolveFeatures(brandingConfig.flags).categoriesMapper);
  return {
    locale,
    t,
    messages,
    branding: brandingConfig,
    features: resolveFeatures(brandingConfig.flags),
    offeredLocales: offered,
    menu: menuItems,
    categorySlug: categorySlug.resolve,
    footer: footer?.config ?? null,
    topBanner: topBanner ? { html: sanitizeCmsHtml(topBanner.content), config: topBanner.config } : null,
    notificationBar: notificationBar
      ? { html: sanitizeCmsHtml(notificationBar.content), config: notificationBar.config }
      : null,
    cartHeader: cartHeader ? sanitizeCmsHtml(cartHeader.content) : null,
    cookieConsent: e.COOKIE_CONSENT,
    tagManagerId: e.TAG_MANAGER_ID,
    currency: e.DEFAULT_CURRENCY,
    offeredCurrencies: offeredCurrencies(brandingConfig.currencies, e.DEFAULT_CURRENCY),
    tags: [tags.shell(locale), ...[...categorySlug.used].map(tags.category)],
  };
}

/** Also collects the categories it resolved: the menu's links change with their slugs. */
async function categorySlugResolver(): Promise<{ resolve: CategorySlugResolver; used: Set<number> }> {
  const byDefaultPath = new Map<string, { id: number; slugs: Partial<Record<Locale, string>> }>();
  for (const [id, slugs] of await allCategorySlugPaths()) {
    if (slugs[DEFAULT_LOCALE]) byDefaultPath.set(slugs[DEFAULT_LOCALE], { id, slugs });
  }
  const used = new Set<number>();
  const resolve: CategorySlugResolver = (path, locale) => {
    const category = byDefaultPath.get(path);
    if (category) used.add(category.id);
    return category?.slugs[locale];
  };
  return { resolve, used };
}
