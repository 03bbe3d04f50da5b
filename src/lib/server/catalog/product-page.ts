// Everything a product page shows, read when it renders in one call so the page file stays thin.
// Prices and stock are live (src/lib/catalog/prices-store.ts); only the public prices a guest may see
// are rendered with the page (public-prices.ts), and the page is dropped whenever a product it shows is published.
// Its title and structured data are product-seo.ts's, its islands' strings product-strings.ts's.
import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '../db/index.ts';
import { products } from '../db/schema.ts';
import { productCards, productDetail, type ProductBreadcrumb, type ProductDetail } from './products.ts';
import { listProducts } from './listing.ts';
import { categoryBySlugPath } from './categories.ts';
import { attributeSetting } from './filter-settings.ts';
import { sanitizeCmsHtml } from '../sanitize.ts';
import { htmlToText } from '../plain-text.ts';
import { publishedMemo, tags } from '../publish/index.ts';
import { RECOMMENDATION_LIMIT } from '#lib/catalog/recommendations.ts';
import {
  BRAND_ATTRIBUTE,
  galleryImages,
  headerAttributes,
  primaryTrail,
  propertyAttributes,
  variantLabels,
  type AttributeGroup,
} from '#lib/catalog/product.ts';
import type { PriceBreakTable } from './price-breaks.ts';
import { productTerms, type ProductTerms } from './product-terms.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { ProductCard } from '#lib/catalog/contract.ts';
import type { Translate } from '#lib/i18n/translate.ts';
import type { Messages } from '#lib/i18n/messages/en.ts';
import type { Features } from '#lib/content/features.ts';

/**
 * What a product page reads from the layout's shell (src/lib/server/shell.ts), named here because
 * the shell sits above the catalogue (it reads the category tree for its menu links).
 */
export interface PageShell {
  locale: Locale;
  t: Translate;
  messages: Messages;
  features: Features;
  offeredLocales: Locale[];
  /** The currency of the page's public prices. */
  currency: string;
  /** The shop's name (branding title), in titles and descriptions. */
  branding: { title: string };
}

export interface ProductPageData {
  product: ProductDetail;
  images: string[];
  descriptionHtml: string;
  descriptionText: string;
  /** The brand attribute's value, else the manufacturer's name. */
  brand: string | undefined;
  trail: ProductBreadcrumb[];
  header: AttributeGroup[];
  properties: AttributeGroup[];
  /** The family the shopper can switch between: a parent's variants, or a variant's siblings. */
  variants: { card: ProductCard; label: string }[];
  /** A variant's parent product (its family's group); null for a product of its own or a parent. */
  parent: ProductCard | null;
  recommendations: ProductCard[];
  /** Every sku the page shows, for the one batched price request. */
  skus: string[];
  /** Cache tags of everything shown: the products, the categories of every trail, the attributes. */
  tags: string[];
}

export async function loadProductPage(id: number, locale: Locale): Promise<ProductPageData | null> {
  const product = await productDetail(id, locale);
  if (!product) return null;
  const trail = primaryTrail(product.breadcrumbs);
  const [setting, family, parent, recommendations] = await Promise.all([
    attributeSetting(),
    product.parentId === null ? product.variants : familyOf(product.parentId, locale),
    product.parentId === null ? null : parentOf(product.parentId, locale),
    recommendationsFor(product, trail, locale),
  ]);
  // HTML attributes (a data sheet) are documents, not options: a variant is told apart by plain values.
  const labels = variantLabels(family.map((card) => ({ ...card, attributes: card.attributes.filter((a) => !a.html) })));
  const descriptionHtml = sanitizeCmsHtml(product.description);
  return {
    product,
    images: galleryImages(product.cover, product.galery),
    descriptionHtml,
    descriptionText: htmlToText(descriptionHtml),
    brand:
      product.custom_attributes.find((a) => a.attribute_code === BRAND_ATTRIBUTE)?.valueLabel ??
      product.manufacturer.name ??
      undefined,
    trail,
    header: headerAttributes(product.custom_attributes, setting.header),
    properties: propertyAttributes(product.custom_attributes, setting.header),
    variants: family.map((card, i) => ({ card, label: labels[i] ?? card.name })),
    parent,
    recommendations,
    skus: [
      product.sku,
      ...family.map((v) => v.sku),
      ...product.accessories.map((a) => a.sku),
      ...recommendations.map((r) => r.sku),
    ],
    tags: [
      ...[
        product.id,
        product.parentId ?? product.id,
        ...family.map((c) => c.id),
        ...product.accessories.map((c) => c.id),
        ...recommendations.map((c) => c.id),
      ].map(tags.product),
      ...product.breadcrumbs.flat().map((crumb) => tags.category(crumb.id)),
      ...product.custom_attributes.map((a) => tags.attribute(a.attribute_code)),
      tags.content('setting', 'attributes', 'all'),
      // The Offer states the fulfilment setting's delivery and return terms.
      tags.content('setting', 'fulfilment', 'all'),
    ],
  };
}

// Kept until the next publish: products of one category share their recommendations, variants
// their family, so each is read once per locale instead of once per page.
const recommendationMemo = publishedMemo<ProductCard[]>();
const familyMemo = publishedMemo<ProductCard[]>();
const parentMemo = publishedMemo<ProductCard | null>();

/** A variant's siblings (and itself): the active variants of its parent. */
function familyOf(parentId: number, locale: Locale): Promise<ProductCard[]> {
  return familyMemo(`${parentId}:${locale}`, async () => {
    const db = await getDb();
    const rows = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.parentId, parentId), eq(products.isActive, true)))
      .orderBy(asc(products.id));
    return productCards(
      rows.map((r) => r.id),
      locale,
    );
  });
}

/** A variant's parent, as its family's pages name it: read once per family and locale. */
function parentOf(parentId: number, locale: Locale): Promise<ProductCard | null> {
  return parentMemo(`${parentId}:${locale}`, async () => (await productCards([parentId], locale))[0] ?? null);
}

/**
 * 'Recommended products': the newest others from the product's primary category (and below it),
 * at most RECOMMENDATION_LIMIT. Listings hold parent products, so a variant's own parent is left out too.
 */
async function recommendationsFor(
  product: ProductDetail,
  trail: ProductBreadcrumb[],
  locale: Locale,
): Promise<ProductCard[]> {
  const leaf = trail.at(-1);
  if (!leaf) return [];
  // Two more than shown: the product itself and its parent may be among them.
  const candidates = await recommendationMemo(`${leaf.link}:${locale}`, async () => {
    const category = await categoryBySlugPath(locale, leaf.link);
    if (!category) return [];
    const { data } = await listProducts({
      categoryId: category.id,
      filters: [],
      locale,
      sort: 'latest',
      limit: RECOMMENDATION_LIMIT + 2,
      offset: 0,
    });
    // Cards in a carousel show no attributes; dropping them keeps the island's props in the HTML small.
    return data.map((card) => ({ ...card, attributes: [] }));
  });
  const exclude = new Set([product.id, product.parentId]);
  return candidates.filter((card) => !exclude.has(card.id)).slice(0, RECOMMENDATION_LIMIT);
}

/**
 * The product's trade terms for its page (product-terms.ts): a manufacturer or part number that an
 * attribute on the page shows already is not repeated in the specification.
 */
export function productPageTerms(
  data: ProductPageData,
  breaks: readonly PriceBreakTable[],
  shell: PageShell,
): ProductTerms {
  const shown = [...data.header, ...data.properties].flatMap((g) => (g.html ? [] : g.values.map((v) => v.label)));
  return productTerms(data.product, breaks, shell, shown);
}
