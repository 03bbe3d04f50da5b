// Shapes of the content service's entries (see docs/content.md). Every block read from
// the database goes through these schemas, so a malformed edit fails loudly at build time.
import { z } from 'astro/zod';
import { LOCALES } from '../i18n/locales.ts';
import { CURRENCIES } from '../shared/currency.ts';
import {
  isContentLink,
  isLinkRel,
  isMetaName,
  isPageLink,
  isResource,
  isWebLink,
  RULE_MESSAGES,
  type ContentRule,
} from './links.ts';
import { namedFacts, SHOP_FACT_NAMES } from './shop-facts.ts';
import {
  parseRecommendationFilter,
  RECOMMENDATION_LIMIT,
  recommendationKey,
  strayFilterPieces,
} from '../catalog/recommendations.ts';

// Every field that takes a link or a picture is one of these, held to its rule in links.ts; the issue
// names the rule (params.rule), so the workspace words it and the shop can leave out stored content
// that breaks it (leave-out.ts).
const ruled = (rule: ContentRule, test: (value: string) => boolean) =>
  z.string().min(1).refine(test, { message: RULE_MESSAGES[rule], params: { rule } });
const linkField = () => ruled('link', isContentLink);
const resourceField = (imageHosts: readonly string[]) => ruled('resource', (value) => isResource(value, imageHosts));
/** Also a URL field, so the workspace offers a URL input. */
const webLinkField = () => z.url().refine(isWebLink, { message: RULE_MESSAGES.webLink, params: { rule: 'webLink' } });
/** A link that may be left empty, which hides it (the contact link, the external registration). */
const optionalLinkText = (rule: 'link' | 'pageLink') =>
  z.string().refine((value) => value.trim() === '' || (rule === 'link' ? isContentLink : isPageLink)(value.trim()), {
    message: RULE_MESSAGES[rule],
    params: { rule },
  });

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
  /** Target: a category path ("c:werkzeuge/bohren"), a content page ("i:agb"), a site path or an https, mailto or tel address. */
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
  z
    .object({
      kind: z.enum(['link', 'container', 'dropdown']),
      titles: localizedTitlesSchema,
      url: linkField().optional(),
      visibility: visibilitySchema.default('all'),
      group: z.string().min(1).optional(),
      sidebar: z.boolean().optional(),
      hidden: z.boolean().optional(),
      children: z.array(menuEntrySchema).optional(),
    })
    .strict(),
) as z.ZodType<MenuEntry>;

const menuConfigSchema = z.object({ entries: z.array(menuEntrySchema) }).strict();

const footerConfigSchema = z
  .object({
    columns: z.array(
      z
        .object({
          header: z.string().min(1),
          items: z.array(z.object({ label: z.string().min(1), url: linkField() }).strict()),
        })
        .strict(),
    ),
    social: z.array(
      z
        .object({
          href: webLinkField(),
          icon: z.enum(['facebook', 'instagram', 'linkedin', 'youtube', 'x', 'xing']),
        })
        .strict(),
    ),
  })
  .strict();

const cssColor = z.string().regex(/^#[0-9a-fA-F]{3,8}$/, 'must be a hex colour such as #0a5cad');

const notificationBarConfigSchema = z
  .object({
    backgroundColor: cssColor,
    iconColor: cssColor,
  })
  .strict();

const topBannerConfigSchema = z
  .object({
    backgroundColor: cssColor.optional(),
    url: linkField().optional(),
  })
  .strict();

/** Branding flags: each one falls back to the site-wide feature flag when absent. */
const brandingFlagsSchema = z
  .object({
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
    /** A link target, or empty: no contact link. */
    contactUsLink: optionalLinkText('link'),
    displayStartingPrice: z.boolean(),
    isMyItemsViewEnabled: z.boolean(),
    categoriesMapper: z.record(z.string(), linkField()),
    searchPopupView: z.enum(['default', 'small-list']),
    leaveMenuTimeout: z.number().int().min(0).max(10_000),
    displayMyItemLink: z.boolean(),
    defaultMyItemsView: z.enum(['grid', 'list']),
  })
  .strict();
export type BrandingFlags = z.infer<typeof brandingFlagsSchema>;

/** The shop's own logo and favicon (public/brand/): shown while the branding setting names none the shop may show. */
export const BUILT_IN_BRANDING = { logo: '/brand/logo.svg', favicon: '/brand/favicon.svg' } as const;

function brandingSchema(imageHosts: readonly string[]) {
  return z
    .object({
      logo: resourceField(imageHosts),
      title: z.string().min(1),
      description: z.string(),
      /** The description in other languages (tagline and default meta description); absent ones use `description`. */
      descriptions: z.partialRecord(localeSchema, z.string()).default({}),
      /** A short slogan per language: the home page's title is the shop's name and it, while both fit in 60 characters. */
      slogans: z.partialRecord(localeSchema, z.string().max(60)).default({}),
      favicon: resourceField(imageHosts),
      /** Extra meta tags: links.ts META_NAMES only. */
      meta: z.array(z.object({ name: ruled('metaName', isMetaName), content: z.string() }).strict()).default([]),
      /** Extra head links: links.ts LINK_RELS only, loaded from where pictures may come from. */
      links: z
        .array(z.object({ rel: ruled('linkRel', isLinkRel), href: resourceField(imageHosts) }).strict())
        .default([]),
      /** The external registration: a site path or an https address; empty or absent, the shop's own. */
      registerUrl: optionalLinkText('pageLink').optional(),
      /** The currencies shoppers may choose (the header selector shows from two); absent: the shop's default only. */
      currencies: z.array(z.enum(CURRENCIES)).min(1).optional(),
      flags: brandingFlagsSchema.partial().default({}),
    })
    .strict();
}
export type BrandingConfig = z.infer<ReturnType<typeof brandingSchema>>;

const localeSettingConfigSchema = z
  .object({
    /** Restricts the offered languages; absent means all five. */
    locales: z.array(localeSchema).min(1).optional(),
    /** Message overrides per locale: { en: { 'cart.title': 'Basket' } }. */
    messages: z.partialRecord(localeSchema, z.record(z.string(), z.string())).default({}),
  })
  .strict();

const attributesSettingConfigSchema = z
  .object({
    /** Attribute codes offered as filters, in order. */
    filters: z.array(z.string().min(1)),
    /** Attribute codes shown in the product header. */
    header: z.array(z.string().min(1)),
    /** Attribute codes shown on product cards in list view. */
    list: z.array(z.string().min(1)),
  })
  .strict();

/** A text that may name the shop's facts ({{productCount}}, ...: src/lib/content/shop-facts.ts). */
const factText = z.string().refine((text) => namedFacts(text) !== null, {
  message: `names an unknown fact; the shop fills in ${SHOP_FACT_NAMES.map((n) => `{{${n}}}`).join(', ')}`,
});

/** Home page: the hero at the top (per-locale rows carry the texts). */
function homeHeroSchema(imageHosts: readonly string[]) {
  return z
    .object({
      image: resourceField(imageHosts),
      /** Empty for a decorative picture; say what it shows when it carries meaning. */
      imageAlt: z.string().default(''),
      headline: z.string().min(1),
      text: factText.default(''),
      cta: z.object({ label: z.string().min(1), url: linkField() }).strict(),
    })
    .strict();
}

/**
 * Home page product strips (offers, new products). `skus` pins the products in that order; left empty,
 * the shop picks up to `limit` itself (offers: products with a special price; new: the newest products).
 */
const homeProductStripConfigSchema = z
  .object({
    title: z.string().min(1),
    skus: z.array(z.string().min(1)).max(24).default([]),
    limit: z.number().int().min(1).max(24).default(8),
  })
  .strict();

/**
 * Home page recommendations: a row of the products matching every attribute code=value pair of
 * `filter` (#lib/catalog/recommendations.ts), newest first, up to `limit`. The row's key (its id,
 * anchor and analytics list name) is the slug of `title`. Codes and values are checked against the
 * catalogue when the entry is saved (the server knows the attributes; this schema does not).
 */
const homeRecommendationsConfigSchema = z
  .object({
    title: z
      .string()
      .min(1)
      .refine((title) => recommendationKey(title) !== '', {
        message: 'needs a letter or digit: the row is named after its title',
      }),
    filter: z
      .string()
      .refine((filter) => parseRecommendationFilter(filter).length > 0, {
        message: 'needs at least one attribute code=value pair, such as brand=protool',
      })
      .superRefine((filter, ctx) => {
        for (const piece of strayFilterPieces(filter))
          ctx.addIssue({
            code: 'custom',
            message: `"${piece}" is no code=value pair; write an & inside a value as %26`,
          });
      }),
    limit: z.number().int().min(1).max(RECOMMENDATION_LIMIT).default(RECOMMENDATION_LIMIT),
  })
  .strict();
export type HomeRecommendationsConfig = z.infer<typeof homeRecommendationsConfigSchema>;

const USP_ICONS = ['truck', 'invoice', 'support', 'stock', 'return', 'shield'] as const;
export type UspIcon = (typeof USP_ICONS)[number];

/** Home page: short selling points, each an icon and a line of text. */
const homeUspsConfigSchema = z
  .object({
    items: z.array(z.object({ icon: z.enum(USP_ICONS), text: factText.min(1) }).strict()).max(8),
  })
  .strict();
export type HomeHeroConfig = z.infer<ReturnType<typeof homeHeroSchema>>;
export type HomeProductStripConfig = z.infer<typeof homeProductStripConfigSchema>;
export type HomeUspsConfig = z.infer<typeof homeUspsConfigSchema>;

/**
 * Invoice payment: when it is due and the account the shopper pays to, shown on the order confirmation
 * and in its mail. The terms sentence is the message 'invoice.terms' ({{days}}), so the locale setting
 * can reword it per language.
 */
const invoiceSettingConfigSchema = z
  .object({
    dueDays: z.number().int().min(0).max(365),
    accountHolder: z.string().min(1),
    iban: z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9 ]{11,40}$/, 'must be an IBAN such as DE89 3704 0044 0532 0130 00'),
    bic: z.string().regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, 'must be a BIC such as COBADEFFXXX'),
    bankName: z.string().default(''),
  })
  .strict();
export type InvoiceSetting = z.infer<typeof invoiceSettingConfigSchema>;

/** A span of working days; both ends may be equal. */
const dayRangeSchema = z
  .object({ minDays: z.number().int().min(0).max(90), maxDays: z.number().int().min(0).max(90) })
  .strict()
  .refine((range) => range.minDays <= range.maxDays, {
    message: 'the most days must not be fewer than the fewest',
    path: ['maxDays'],
  });
export type DayRange = z.infer<typeof dayRangeSchema>;

const RETURN_METHODS = ['mail', 'store', 'kiosk'] as const;
const RETURN_FEES = ['free', 'customer'] as const;

/**
 * How the shop delivers and takes goods back, as it tells search engines with every product's offer
 * (src/lib/catalog/merchant-listing.ts). Rates and countries are the shipping methods' own.
 */
const fulfilmentSettingConfigSchema = z
  .object({
    /** Working days from the order to dispatch of goods on hand; a product's own delivery days replace it. */
    handlingDays: dayRangeSchema,
    /**
     * Working days in transit per shipping method code. Only the methods named here are offered as
     * shipping to search engines: a collection from the warehouse has no transit and ships nowhere.
     */
    transitDays: z.record(z.string().min(1), dayRangeSchema),
    /** Days after delivery within which a business customer may return goods; 0: no returns. */
    returnDays: z.number().int().min(0).max(365),
    returnMethod: z.enum(RETURN_METHODS),
    /** Who pays for sending a return back: the shop ('free') or the customer. */
    returnFees: z.enum(RETURN_FEES),
  })
  .strict();
export type FulfilmentSetting = z.infer<typeof fulfilmentSettingConfigSchema>;

export const pageConfigSchema = z
  .object({
    title: z.string().min(1),
    description: z.string().default(''),
    /** The page's address in this row's language (/i/{slug}); the identifier when absent. */
    slug: z
      .string()
      .max(120)
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lower-case letters, digits and hyphens, such as terms-of-sale')
      .optional(),
  })
  .strict();

const cartHeaderConfigSchema = z.object({}).strict();

/** Which config schema applies to which (type, identifier), pictures allowed from `imageHosts` besides the shop itself. */
function buildSchemas(imageHosts: readonly string[]) {
  return {
    'block:menu': menuConfigSchema,
    'block:footer': footerConfigSchema,
    'block:top-banner': topBannerConfigSchema,
    'block:notification-bar': notificationBarConfigSchema,
    'block:cart-header': cartHeaderConfigSchema,
    'setting:branding': brandingSchema(imageHosts),
    'setting:locale': localeSettingConfigSchema,
    'setting:attributes': attributesSettingConfigSchema,
    'setting:invoice': invoiceSettingConfigSchema,
    'setting:fulfilment': fulfilmentSettingConfigSchema,
    'block:home-hero': homeHeroSchema(imageHosts),
    'block:home-offers': homeProductStripConfigSchema,
    'block:home-new': homeProductStripConfigSchema,
    'block:home-recommendations': homeRecommendationsConfigSchema,
    'block:home-usps': homeUspsConfigSchema,
  } as const;
}
export type ContentConfigSchemas = ReturnType<typeof buildSchemas>;

const builtFor = new Map<string, ContentConfigSchemas>();

/**
 * The schemas for a shop whose operator allows pictures from `imageHosts` (CONTENT_IMAGE_HOSTS; the
 * server reads it, the workspace gets it from the page). Built once per host list.
 */
export function contentSchemas(imageHosts: readonly string[] = []): ContentConfigSchemas {
  const key = imageHosts.join(',');
  let schemas = builtFor.get(key);
  if (!schemas) {
    schemas = buildSchemas(imageHosts);
    builtFor.set(key, schemas);
  }
  return schemas;
}

/** The schemas of a shop that takes pictures from itself only: the types, and content that names no other host. */
export const contentConfigSchemas = contentSchemas();
export const brandingConfigSchema = contentConfigSchemas['setting:branding'];

/** A content lookup needs both parts, else 'Content type is required'. */
export const contentKeySchema = z.object({
  type: contentTypeSchema,
  identifier: z
    .string()
    .min(1)
    .max(120)
    .regex(/^[a-z0-9][a-z0-9-]*$/),
});
