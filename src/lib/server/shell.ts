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
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n/locales.ts';
import { brandingConfigSchema, type BrandingConfig } from '../content/schemas.ts';
import type { Messages } from '../i18n/messages/en.ts';

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
}

/** Used when the content service has no branding yet, so a fresh shop still renders. */
const FALLBACK_BRANDING: BrandingConfig = brandingConfigSchema.parse({
  logo: '/brand/logo.svg', title: 'Storefront', description: '', favicon: '/brand/favicon.svg',
});

const cache = new Map<Locale, Promise<Shell>>();

export function loadShell(locale: Locale): Promise<Shell> {
  let shell = cache.get(locale);
  if (!shell) {
    shell = buildShell(locale);
    cache.set(locale, shell);
    shell.catch(() => cache.delete(locale));
  }
  return shell;
}

/** The languages the shop offers: all five unless the locale setting restricts them. */
export async function offeredLocales(): Promise<Locale[]> {
  const setting = await getContent('setting:locale', 'de');
  const allowed = setting?.config.locales;
  return allowed ? LOCALES.filter((l) => allowed.includes(l)) : [...LOCALES];
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
  return {
    locale,
    t,
    messages,
    branding: brandingConfig,
    features: resolveFeatures(brandingConfig.flags),
    offeredLocales: offered,
    menu: buildMenu(menu?.config.entries ?? [], locale, categorySlug),
    categorySlug,
    footer: footer?.config ?? null,
    topBanner: topBanner ? { html: sanitizeCmsHtml(topBanner.content), config: topBanner.config } : null,
    notificationBar: notificationBar
      ? { html: sanitizeCmsHtml(notificationBar.content), config: notificationBar.config }
      : null,
    cartHeader: cartHeader ? sanitizeCmsHtml(cartHeader.content) : null,
    cookieConsent: e.COOKIE_CONSENT,
    tagManagerId: e.TAG_MANAGER_ID,
    currency: e.DEFAULT_CURRENCY,
  };
}

async function categorySlugResolver(): Promise<CategorySlugResolver> {
  const byDefaultPath = new Map<string, Partial<Record<Locale, string>>>();
  for (const slugs of (await allCategorySlugPaths()).values()) {
    if (slugs[DEFAULT_LOCALE]) byDefaultPath.set(slugs[DEFAULT_LOCALE], slugs);
  }
  return (path, locale) => byDefaultPath.get(path)?.[locale];
}
