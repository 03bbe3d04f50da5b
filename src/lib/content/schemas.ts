// Shapes of the content service's entries (see docs/content.md). Every block read from
// the database goes through these schemas, so a malformed edit fails loudly at build time.
import { z } from 'astro/zod';
import { LOCALES } from '../i18n/locales.ts';
import { CURRENCIES } from '../catalog/price.ts';

/** Parses to the Locale type of src/lib/i18n/locales.ts, the one list of shop languages. */
export const localeSchema = z.enum(LOCALES);

const CONTENT_TYPES = ['block', 'setting', 'page'] as const;
const contentTypeSchema = z.enum(CONTENT_TYPES);

/** Per-locale titles; the first entry is the fallback for a locale without its own title. */
const localizedTitlesSchema = z.array(z.object({ locale: localeSchema, title: z.string().min(1) })).min(1);

const visibilitySchema = z.enum(['all', 'desktop', 'mobile']);

export interface MenuEntry {
  kind: 'link' | 'container' | 'dropdown';
  titles: z.infer<typeof localizedTitlesSchema>;
  /** Target: a category path ("c:werkzeuge/bohren"), a content page ("i:agb") or a path/URL. */
  url?: string | undefined;
  visibility: z.infer<typeof visibilitySchema>;
  /** Mobile menu: children with the same group are shown under one heading. */
  group?: string | undefined;
  /** Mobile menu: open the children in a sidebar instead of a nested level. */
  sidebar?: boolean | undefined;
  /** Kept in the block but not shown: an editor can take an entry out without losing it. */
  hidden?: boolean | undefined;
  children?: MenuEntry[] | undefined;
}

const menuEntrySchema: z.ZodType<MenuEntry> = z.lazy(() =>
  z.object({
    kind: z.enum(['link', 'container', 'dropdown']),
    titles: localizedTitlesSchema,
    url: z.string().min(1).optional(),
    visibility: visibilitySchema.default('all'),
    group: z.string().min(1).optional(),
    sidebar: z.boolean().optional(),
    hidden: z.boolean().optional(),
    children: z.array(menuEntrySchema).optional(),
  }).strict(),
) as z.ZodType<MenuEntry>;

const menuConfigSchema = z.object({ entries: z.array(menuEntrySchema) }).strict();

const footerConfigSchema = z.object({
  columns: z.array(z.object({
    header: z.string().min(1),
    items: z.array(z.object({ label: z.string().min(1), url: z.string().min(1) }).strict()),
  }).strict()),
  social: z.array(z.object({
    href: z.string().url(),
    icon: z.enum(['facebook', 'instagram', 'linkedin', 'youtube', 'x', 'xing']),
  }).strict()),
}).strict();

const cssColor = z.string().regex(/^#[0-9a-fA-F]{3,8}$/, 'must be a hex colour such as #0a5cad');

const notificationBarConfigSchema = z.object({
  backgroundColor: cssColor,
  iconColor: cssColor,
}).strict();

const topBannerConfigSchema = z.object({
  backgroundColor: cssColor.optional(),
  url: z.string().min(1).optional(),
}).strict();

/** Branding flags: each one falls back to the site-wide feature flag when absent. */
const brandingFlagsSchema = z.object({
  isCategoryBarEnabled: z.boolean(),
  displayCategoryRootName: z.boolean(),
  isCategoryBreadcrumbsEnabled: z.boolean(),
  isRegistrationEnabled: z.boolean(),
  isCheckoutRegistrationEnabled: z.boolean(),
  isBillingManagmentEnabled: z.boolean(),
  isGuestUserEnabled: z.boolean(),
  isDefaultShippingUpdateEnabled: z.boolean(),
  isDefaultBillingUpdateEnabled: z.boolean(),
  isPriceForGuestEnabled: z.boolean(),
  orderReference: z.boolean(),
  /** 'required' | 'optional' | 'hidden'; companyRequired is derived from it. */
  company: z.enum(['required', 'optional', 'hidden']),
  displayItemnum: z.boolean(),
  displayTaxMessageForPrice: z.boolean(),
  defaultProductListView: z.enum(['grid', 'list']),
  isOrderHistoryEnabled: z.boolean(),
  isPricesLazyLoadEnabled: z.boolean(),
  isSortingEnabled: z.boolean(),
  filterView: z.enum(['sidebar', 'top']),
  contactUsLink: z.string(),
  displayStartingPrice: z.boolean(),
  isMyItemsViewEnabled: z.boolean(),
  categoriesMapper: z.record(z.string(), z.string()),
  searchPopupView: z.enum(['default', 'small-list']),
  leaveMenuTimeout: z.number().int().min(0).max(10_000),
  displayMyItemLink: z.boolean(),
  defaultMyItemsView: z.enum(['grid', 'list']),
}).strict();
export type BrandingFlags = z.infer<typeof brandingFlagsSchema>;

export const brandingConfigSchema = z.object({
  logo: z.string().min(1),
  title: z.string().min(1),
  description: z.string(),
  /** The description in other languages (tagline and default meta description); absent ones use `description`. */
  descriptions: z.partialRecord(localeSchema, z.string()).default({}),
  favicon: z.string().min(1),
  meta: z.array(z.object({ name: z.string().min(1), content: z.string() }).strict()).default([]),
  links: z.array(z.object({ rel: z.string().min(1), href: z.string().min(1) }).strict()).default([]),
  registerUrl: z.string().optional(),
  /** The currencies shoppers may choose (the header selector shows from two); absent: the shop's default only. */
  currencies: z.array(z.enum(CURRENCIES)).min(1).optional(),
  flags: brandingFlagsSchema.partial().default({}),
}).strict();
export type BrandingConfig = z.infer<typeof brandingConfigSchema>;

const localeSettingConfigSchema = z.object({
  /** Restricts the offered languages; absent means all five. */
  locales: z.array(localeSchema).min(1).optional(),
  /** Message overrides per locale: { en: { 'cart.title': 'Basket' } }. */
  messages: z.partialRecord(localeSchema, z.record(z.string(), z.string())).default({}),
}).strict();

const attributesSettingConfigSchema = z.object({
  /** Attribute codes offered as filters, in order. */
  filters: z.array(z.string().min(1)),
  /** Attribute codes shown in the product header. */
  header: z.array(z.string().min(1)),
  /** Attribute codes shown on product cards in list view. */
  list: z.array(z.string().min(1)),
}).strict();

/** A link target as menus take it: 'c:slug/path', 'i:identifier', a site path or an https URL. */
const linkTargetSchema = z.string().min(1);

/** Home page: the hero at the top (per-locale rows carry the texts). */
const homeHeroConfigSchema = z.object({
  image: z.string().min(1),
  /** Empty for a decorative picture; say what it shows when it carries meaning. */
  imageAlt: z.string().default(''),
  headline: z.string().min(1),
  text: z.string().default(''),
  cta: z.object({ label: z.string().min(1), url: linkTargetSchema }).strict(),
}).strict();

/**
 * Home page product strips (offers, new products). `skus` pins the products in that order; left empty,
 * the shop picks up to `limit` itself (offers: products with a special price; new: the newest products).
 */
const homeProductStripConfigSchema = z.object({
  title: z.string().min(1),
  skus: z.array(z.string().min(1)).max(24).default([]),
  limit: z.number().int().min(1).max(24).default(8),
}).strict();

const USP_ICONS = ['truck', 'invoice', 'support', 'stock', 'return', 'shield'] as const;
export type UspIcon = (typeof USP_ICONS)[number];

/** Home page: short selling points, each an icon and a line of text. */
const homeUspsConfigSchema = z.object({
  items: z.array(z.object({ icon: z.enum(USP_ICONS), text: z.string().min(1) }).strict()).max(8),
}).strict();
export type HomeHeroConfig = z.infer<typeof homeHeroConfigSchema>;
export type HomeProductStripConfig = z.infer<typeof homeProductStripConfigSchema>;
export type HomeUspsConfig = z.infer<typeof homeUspsConfigSchema>;

/**
 * Invoice payment: when it is due and the account the shopper pays to, shown on the order confirmation
 * and in its mail. The terms sentence is the message 'invoice.terms' ({{days}}), so the locale setting
 * can reword it per language.
 */
const invoiceSettingConfigSchema = z.object({
  dueDays: z.number().int().min(0).max(365),
  accountHolder: z.string().min(1),
  iban: z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9 ]{11,40}$/, 'must be an IBAN such as DE89 3704 0044 0532 0130 00'),
  bic: z.string().regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, 'must be a BIC such as COBADEFFXXX'),
  bankName: z.string().default(''),
}).strict();
export type InvoiceSetting = z.infer<typeof invoiceSettingConfigSchema>;

export const pageConfigSchema = z.object({
  title: z.string().min(1),
  description: z.string().default(''),
  /** The page's address in this row's language (/i/{slug}); the identifier when absent. */
  slug: z.string().max(120).regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lower-case letters, digits and hyphens, such as terms-of-sale').optional(),
}).strict();

/** Which config schema applies to which (type, identifier). */
export const contentConfigSchemas = {
  'block:menu': menuConfigSchema,
  'block:footer': footerConfigSchema,
  'block:top-banner': topBannerConfigSchema,
  'block:notification-bar': notificationBarConfigSchema,
  'block:cart-header': z.object({}).strict(),
  'setting:branding': brandingConfigSchema,
  'setting:locale': localeSettingConfigSchema,
  'setting:attributes': attributesSettingConfigSchema,
  'setting:invoice': invoiceSettingConfigSchema,
  'block:home-hero': homeHeroConfigSchema,
  'block:home-offers': homeProductStripConfigSchema,
  'block:home-new': homeProductStripConfigSchema,
  'block:home-usps': homeUspsConfigSchema,
} as const;

/** A content lookup needs both parts, else 'Content type is required'. */
export const contentKeySchema = z.object({
  type: contentTypeSchema,
  identifier: z.string().min(1).max(120).regex(/^[a-z0-9][a-z0-9-]*$/),
});
