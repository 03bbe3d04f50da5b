// Everything the page layouts need for one locale, read from the content service once per build
// (and once per process on the server).
import { env } from './env.ts';
import { getContent, type ContentConfig } from './content.ts';
import { sanitizeCmsHtml } from './sanitize.ts';
import { withShopFacts } from './shop-facts.ts';
import { shownLogo } from './images/index.ts';
import { shownContentHtml } from './content-html.ts';
import { pageLinks } from './content-links.ts';
import { resolveFeatures, type Features } from '../content/features.ts';
import { buildMenu, type MenuItem } from '../content/menu.ts';
import { resolveContentLink, type LinkResolvers } from '../site/content-link.ts';
import { createTranslator, type Translate } from '../i18n/translate.ts';
import { LOCALES, localeFromParam, type Locale } from '../i18n/locales.ts';
import { BUILT_IN_BRANDING, brandingConfigSchema, type BrandingConfig } from '../content/schemas.ts';
import { TERMS_PAGE } from '../content/page-slugs.ts';
import type { Messages } from '../i18n/messages/en.ts';
import { publishedMemo, tags } from './publish/index.ts';
import { offeredCurrencies, type Currency } from '../shared/currency.ts';

interface HtmlBlock<C> {
  html: string;
  config: C;
}

export interface Shell {
  locale: Locale;
  t: Translate;
  messages: Messages;
  branding: BrandingConfig;
  features: Features;
  offeredLocales: Locale[];
  menu: MenuItem[];
  /** The footer block, its item urls already resolved to this locale's addresses. */
  footer: ContentConfig<'block:footer'> | null;
  topBanner: HtmlBlock<ContentConfig<'block:top-banner'>> | null;
  notificationBar: HtmlBlock<ContentConfig<'block:notification-bar'>> | null;
  /** The cart-header block's sanitized HTML, shown at the top of the cart sidebar. */
  cartHeader: string | null;
  cookieConsent: boolean;
  /** Turns content link targets (categories by default-language slug path, pages by identifier) into this locale's addresses. */
  links: LinkResolvers;
  /** The footer's "Contact us" link (contactUsLink resolved), or null when hidden. */
  contactHref: string | null;
  /** The terms page the cookie notice and the checkout's order button link to. */
  termsHref: string;
  tagManagerId: string | undefined;
  currency: string;
  /** The currencies shoppers may choose between (one: no selector). */
  offeredCurrencies: Currency[];
  /** Cache tags of what the layout shows: this locale's shell content and the categories and pages it links. */
  tags: string[];
}

/** Used when the content service has no branding yet, so a fresh shop still renders. */
const FALLBACK_BRANDING: BrandingConfig = brandingConfigSchema.parse({
  ...BUILT_IN_BRANDING,
  title: 'Storefront',
  description: '',
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
  const [branding, localeSetting, menu, footer, topBanner, notificationBar, offered, linked, cartHeader] =
    await Promise.all([
      getContent('setting:branding', locale),
      getContent('setting:locale', locale),
      getContent('block:menu', locale),
      getContent('block:footer', locale),
      getContent('block:top-banner', locale),
      getContent('block:notification-bar', locale),
      offeredLocales(),
      pageLinks(),
      getContent('block:cart-header', locale),
    ]);
  const { t, messages } = await createTranslator(locale, localeSetting?.config.messages[locale]);
  const brandingConfig = branding?.config ?? FALLBACK_BRANDING;
  const features = resolveFeatures(brandingConfig.flags);
  const links = linked.resolvers;
  // Every link the layout shows is resolved here, before the tags are taken: a page that links a
  // category is dropped when that category's address changes.
  const menuItems = buildMenu(menu?.config.entries ?? [], locale, links, 'm', features.categoriesMapper);
  const resolvedFooter = footer
    ? {
        ...footer.config,
        columns: footer.config.columns.map((c) => ({
          ...c,
          items: c.items.map((item) => ({ ...item, url: resolveContentLink(item.url, locale, links) })),
        })),
      }
    : null;
  // contactUsLink: a content link target ('i:kontakt', a path, an https URL) or a mailto:/tel: address; empty hides the link.
  const contact = features.contactUsLink.trim();
  const contactHref = !contact
    ? null
    : /^(mailto|tel):/i.test(contact)
      ? contact
      : resolveContentLink(contact, locale, links);
  const termsHref = resolveContentLink(`i:${TERMS_PAGE}`, locale, links);
  const [bannerHtml, notificationHtml] = await Promise.all(
    [topBanner, notificationBar].map(async (block) =>
      block
        ? withShopFacts((await shownContentHtml(block.content, locale, linked)).html, locale, t('price.free'))
        : null,
    ),
  );
  const cartHeaderHtml = cartHeader
    ? sanitizeCmsHtml(cartHeader.content, { codes: { locale, resolvers: links } })
    : null;
  return {
    locale,
    t,
    messages,
    branding: { ...brandingConfig, logo: await shownLogo(brandingConfig.logo) },
    features,
    offeredLocales: offered,
    menu: menuItems,
    links,
    contactHref,
    termsHref,
    footer: resolvedFooter,
    topBanner: topBanner && bannerHtml ? { html: bannerHtml.html, config: topBanner.config } : null,
    notificationBar:
      notificationBar && notificationHtml ? { html: notificationHtml.html, config: notificationBar.config } : null,
    cartHeader: cartHeaderHtml,
    cookieConsent: e.COOKIE_CONSENT,
    tagManagerId: e.TAG_MANAGER_ID,
    currency: e.DEFAULT_CURRENCY,
    offeredCurrencies: offeredCurrencies(brandingConfig.currencies, e.DEFAULT_CURRENCY),
    // Content page addresses need no tag here: a publish that changes one drops every shell it shows in.
    tags: [
      tags.shell(locale),
      ...linked.tags(),
      ...new Set([...(bannerHtml?.tags ?? []), ...(notificationHtml?.tags ?? [])]),
    ],
  };
}
