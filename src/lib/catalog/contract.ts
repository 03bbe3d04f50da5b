// Catalogue contracts shared by the integration layer (src/pages/api) and the typed client.
// Requests are strict: unknown fields are rejected, not ignored.
import { z } from 'astro/zod';
import { localeSchema } from '../content/schemas.ts';
import { operation } from '../http/contract.ts';
import { dbId, text } from '../http/fields.ts';
import { catalogRoutes } from './routes.ts';
import { CURRENCIES } from '../shared/currency.ts';
import { FILTER_LIMITS } from './listing.ts';
import { MAX_TERM_LENGTH } from '../search/term.ts';

/** A currency the shop prices in; every contract that names one uses this. */
const currencySchema = z.enum(CURRENCIES);

const SORTS = ['latest', 'price-up', 'price-down'] as const;
const sortSchema = z.enum(SORTS);

const attributeCode = z.string().regex(FILTER_LIMITS.name);
const filterSchema = z
  .object({
    name: attributeCode,
    values: z.array(text({ max: FILTER_LIMITS.valueLength }).min(1)).max(FILTER_LIMITS.values),
  })
  .strict();
export type Filter = z.infer<typeof filterSchema>;
/** The most filters with the longest values fit, in two-byte characters: 10 × 30 × 80 × 2 bytes and their quotes. */
const FILTERED_BODY_BYTES = 48 * 1024;
/** At most FILTER_LIMITS.filters, each attribute once (a second filter on it would only narrow the first). */
const filtersSchema = z
  .array(filterSchema)
  .max(FILTER_LIMITS.filters)
  .refine((filters) => new Set(filters.map((f) => f.name)).size === filters.length, {
    error: 'each attribute may be filtered once',
  })
  .default([]);

export const priceInfoSchema = z.object({
  /** Major currency units (12.5 = 12,50 €); null when the product has no price in that currency. */
  regular: z.number().nullable(),
  special: z.number().nullable(),
  currency: z.string(),
  /** Which price applies (best-price rule, src/lib/catalog/best-price.ts): labels it "Special price" or "Your price". */
  source: z.enum(['regular', 'special', 'contract']).optional(),
  /** The last day (YYYY-MM-DD, UTC) of the special price paid, when it has one (schema.org priceValidUntil). */
  specialUntil: z.iso.date().optional(),
});
export type PriceInfo = z.infer<typeof priceInfoSchema>;

export const stockSchema = z.object({
  effectivestock: z.number().int(),
  externalstock: z.number().int(),
  markedInStock: z.boolean(),
});
export type Stock = z.infer<typeof stockSchema>;

export const customAttributeSchema = z.object({
  attribute_code: z.string(),
  label: z.string(),
  value: z.string(),
  /** Display text of the value (option label in the locale, with unit), or the raw value. */
  valueLabel: z.string(),
  image: z.string().nullable(),
  position: z.number().int(),
  location: z.string(),
  html: z.boolean(),
});
export type CustomAttribute = z.infer<typeof customAttributeSchema>;

const productCardSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  itemnum: z.string(),
  slug: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  hidePrices: z.boolean(),
  /** Only with pricesLazyLoad: false and price permission; otherwise fetched via the price list. */
  priceInfo: priceInfoSchema.nullable().optional(),
  variantSkus: z.array(z.string()),
  attributes: z.array(customAttributeSchema),
});
export type ProductCard = z.infer<typeof productCardSchema>;

const facetSchema = z.object({
  id: z.string(),
  label: z.string(),
  type: z.string(),
  options: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() })),
});
export type Facet = z.infer<typeof facetSchema>;

const productListRequestSchema = z
  .object({
    locale: localeSchema.default('de'),
    catId: dbId(),
    filters: filtersSchema,
    sort: sortSchema.default('latest'),
    limit: z.number().int().min(1).max(100).default(20),
    offset: z.number().int().min(0).max(1_000_000).default(0),
    pricesLazyLoad: z.boolean().default(true),
  })
  .strict();

const productListResponseSchema = z.object({
  data: z.array(productCardSchema),
  count: z.number().int(),
  /** With pricesLazyLoad: false, the price call's answer for the page's products, so none is needed. */
  prices: z.lazy(() => priceListResponseSchema).optional(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

const filterListRequestSchema = z
  .object({
    locale: localeSchema.default('de'),
    categoryId: dbId().optional(),
    keyword: text({ max: MAX_TERM_LENGTH }).trim().min(1).optional(),
    filters: filtersSchema,
  })
  .strict()
  .refine((r) => r.categoryId !== undefined || r.keyword !== undefined, {
    message: 'categoryId or keyword is required',
  });

const searchRequestSchema = z
  .object({
    locale: localeSchema.default('de'),
    keyword: text({ max: MAX_TERM_LENGTH }).trim(),
    filters: filtersSchema,
    /** 'relevance' keeps the search's own ranking; the others sort the hits like a listing. */
    sort: z.enum(['relevance', ...SORTS]).default('relevance'),
    limit: z.number().int().min(1).max(100).default(24),
    offset: z.number().int().min(0).max(1_000_000).default(0),
    excludePrices: z.boolean().default(true),
    pricesLazyLoad: z.boolean().default(true),
    loadFilters: z.boolean().default(false),
  })
  .strict();

const searchCategorySchema = z.object({ id: z.number().int(), name: z.string(), slugPath: z.string() });

const searchResponseSchema = z.object({
  data: z.array(productCardSchema.extend({ isVariant: z.boolean() })),
  count: z.number().int(),
  /** A keyword search ranks only its best hits: more products match than `count` says. */
  capped: z.boolean().optional(),
  /** The keyword was found nowhere: the hits (and categories) are this term's ("Did you mean"). */
  suggestion: z.string().optional(),
  /** The keyword was found nowhere in the shopper's language: the hits (and categories) are its matches in this language's names. */
  foundIn: localeSchema.optional(),
  categories: z.array(searchCategorySchema),
  facets: z.array(facetSchema).optional(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

const priceListRequestSchema = z
  .object({
    skus: z
      .array(text({ max: 64 }).min(1))
      .min(1)
      .max(200),
    currency: currencySchema.optional(),
  })
  .strict();

export const priceListEntrySchema = z.object({
  sku: z.string(),
  /** null when prices are hidden for this shopper or the product has none. */
  priceInfo: priceInfoSchema.nullable(),
  stock: stockSchema.nullable(),
});
export type PriceListEntry = z.infer<typeof priceListEntrySchema>;

const priceListResponseSchema = z.object({
  items: z.array(priceListEntrySchema),
  /** False when a guest may not see prices (isPriceForGuestEnabled off). */
  pricesVisible: z.boolean(),
  /** True for a customer excluded from taxation: prices carry that note instead of 'plus tax'. */
  excludeTax: z.boolean().optional(),
});
export type PriceListResponse = z.infer<typeof priceListResponseSchema>;

const categoryRequestSchema = z
  .object({
    locale: localeSchema.default('de'),
    slug: z
      .string()
      .min(1)
      .max(400)
      .regex(/^[a-z0-9-]+(\/[a-z0-9-]+){0,4}$/),
  })
  .strict();

const categorySummarySchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  slug: z.string(),
  slugPath: z.string(),
  idPath: z.string(),
  depth: z.number().int(),
  image: z.string().nullable(),
});
export type CategorySummary = z.infer<typeof categorySummarySchema>;

export interface CategoryNode extends CategorySummary {
  /** Active parent products in the category or below it. */
  productCount: number;
  children: CategoryNode[];
}
const categoryNodeSchema: z.ZodType<CategoryNode> = categorySummarySchema.extend({
  productCount: z.number().int(),
  get children() {
    return z.array(categoryNodeSchema);
  },
});

const categoryResponseSchema = z.object({
  /** null when no category has this slug path in the locale (then trail and tree are empty too). */
  data: categorySummarySchema.nullable(),
  trail: z.array(categorySummarySchema),
  tree: z.array(categoryNodeSchema),
});

const filterListResponseSchema = z.object({ data: z.array(facetSchema) });

/** What a search answers when it finds nothing, and also when it fails: never an error. */

// ---------------------------------------------------------------- operations

// The catalogue is public and read-only: an unknown category, sku or keyword is an empty result,
// never a coded error, so these operations answer only the common errors.
export const catalogApi = {
  /** A category by slug path, with its trail from the root and the whole tree in the locale. */
  categories: operation({
    ...catalogRoutes.categories,
    reads: true,
    maxBodyBytes: 1024,
    request: categoryRequestSchema,
    response: categoryResponseSchema,
    errors: [],
  }),
  /** The facets of a category or a keyword under the current filters. */
  filters: operation({
    ...catalogRoutes.filters,
    reads: true,
    maxBodyBytes: FILTERED_BODY_BYTES,
    request: filterListRequestSchema,
    response: filterListResponseSchema,
    errors: [],
  }),
  /** Prices and stock of many skus in one round trip, as the asking shopper may see them. */
  prices: operation({
    ...catalogRoutes.prices,
    reads: true,
    maxBodyBytes: 16 * 1024,
    request: priceListRequestSchema,
    response: priceListResponseSchema,
    errors: [],
  }),
  /** One category's products, filtered, sorted and paged. */
  products: operation({
    ...catalogRoutes.products,
    reads: true,
    maxBodyBytes: FILTERED_BODY_BYTES,
    request: productListRequestSchema,
    response: productListResponseSchema,
    errors: [],
  }),
  /** Keyword search; a failure answers emptySearchResponse(), never an error. */
  search: operation({
    ...catalogRoutes.search,
    reads: true,
    maxBodyBytes: FILTERED_BODY_BYTES,
    request: searchRequestSchema,
    response: searchResponseSchema,
    errors: [],
  }),
};
