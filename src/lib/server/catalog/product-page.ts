// Everything a product page shows, read when it renders in one call so the page file stays thin.
// Prices and stock are live (src/lib/catalog/prices-store.ts); only the public prices a guest may see
// are rendered with the page (public-prices.ts), and the page is dropped whenever a product it shows is published.
import sanitizeHtml from 'sanitize-html';
import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '../db/index.ts';
import { products } from '../db/schema.ts';
import { productCards, productDetail, type ProductBreadcrumb, type ProductDetail } from './products.ts';
import { listProducts } from './listing.ts';
import { categoryBySlugPath } from './categories.ts';
import { attributeSetting } from './filter-settings.ts';
import { sanitizeCmsHtml } from '../sanitize.ts';
import { publishedMemo, tags } from '../publish/index.ts';
import { RECOMMENDATION_LIMIT } from '#lib/catalog/recommendations.ts';
import {
  BRAND_ATTRIBUTE,
  breadcrumbJsonLd,
  galleryImages,
  headerAttributes,
  primaryTrail,
  productAlternates,
  productJsonLd,
  propertyAttributes,
  shortDescription,
  variantLabels,
  type AttributeGroup,
} from '#lib/catalog/product.ts';
import { productBreadcrumbLink } from '#lib/catalog/breadcrumbs.ts';
import { localePath, productPath } from '#lib/site/paths.ts';
import { absoluteUrl, productTitle, type Seo } from '#lib/site/seo.ts';
import { shareImageUrl } from '#lib/site/images.ts';
import { offerJsonLd, type OfferTerms } from '#lib/catalog/product-offer.ts';
import { isPiece } from '#lib/catalog/order-unit.ts';
import type { PriceBreakTable } from './price-breaks.ts';
import { productTerms, type ProductTerms } from './product-terms.ts';
import { reviewJsonLd, type ReviewSummary } from '#lib/reviews/rules.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { PriceListEntry, ProductCard } from '#lib/catalog/contract.ts';
import { pickMessages, type Translate } from '#lib/i18n/translate.ts';
import type { Messages } from '#lib/i18n/messages/en.ts';
import type { Features } from '#lib/content/features.ts';
import type { PriceStrings } from '#islands/catalog/Price.tsx';

/**
 * What a product page reads from the layout's shell (src/lib/server/shell.ts), named here because
 * the shell sits above the catalogue (it reads the category tree for its menu links).
 */
interface PageShell {
  locale: Locale;
  t: Translate;
  messages: Messages;
  features: Features;
  offeredLocales: Locale[];
  /** The currency of the page's public prices. */
  currency: string;
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
  recommendations: ProductCard[];
  /** Every sku the page shows, for the one batched price request. */
  skus: string[];
  /** Cache tags of everything shown: the products, the categories of every trail, the attributes. */
  tags: string[];
}

// sanitize-html escapes text; meta and JSON-LD are escaped again where they are written.
const ENTITIES: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' };

/** Plain text for meta and JSON-LD; block ends become spaces, or paragraphs would run into each other. */
const toText = (html: string): string =>
  sanitizeHtml(html.replace(/<\/(p|div|li|h[1-6]|td|th|dd|dt)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&(nbsp|lt|gt|quot|#39|amp);/g, (_, e: string) => ENTITIES[e] ?? '')
    .replace(/\s+/g, ' ')
    .trim();

export async function loadProductPage(id: number, locale: Locale): Promise<ProductPageData | null> {
  const product = await productDetail(id, locale);
  if (!product) return null;
  const trail = primaryTrail(product.breadcrumbs);
  const [setting, family, recommendations] = await Promise.all([
    attributeSetting(),
    product.parentId === null ? product.variants : familyOf(product.parentId, locale),
    recommendationsFor(product, trail, locale),
  ]);
  // HTML attributes (a data sheet) are documents, not options: a variant is told apart by plain values.
  const labels = variantLabels(family.map((card) => ({ ...card, attributes: card.attributes.filter((a) => !a.html) })));
  const descriptionHtml = sanitizeCmsHtml(product.description);
  return {
    product,
    images: galleryImages(product.cover, product.galery),
    descriptionHtml,
    descriptionText: toText(descriptionHtml),
    brand:
      product.custom_attributes.find((a) => a.attribute_code === BRAND_ATTRIBUTE)?.valueLabel ??
      product.manufacturer.name ??
      undefined,
    trail,
    header: headerAttributes(product.custom_attributes, setting.header),
    properties: propertyAttributes(product.custom_attributes, setting.header),
    variants: family.map((card, i) => ({ card, label: labels[i] ?? card.name })),
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
    ],
  };
}

// Kept until the next publish: products of one category share their recommendations, variants
// their family, so each is read once per locale instead of once per page.
const recommendationMemo = publishedMemo<ProductCard[]>();
const familyMemo = publishedMemo<ProductCard[]>();

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

/** Meta descriptions longer than this are cut by search engines; the cut falls on a word. */
const DESCRIPTION_LENGTH = 155;

/**
 * The product's own text (its subtitle is often its category's one-liner), ending with the item number:
 * products of one line can share the first 155 characters of their texts, never their item numbers.
 */
function productDescription(text: string, itemLabel: string): string {
  const suffix = ` (${itemLabel})`;
  return `${shortDescription(text, DESCRIPTION_LENGTH - suffix.length)}${suffix}`;
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

/** How the Offer says the product is sold, when it is sold otherwise than by the piece at one price. */
function offerTerms(
  product: ProductDetail,
  breaks: readonly PriceBreakTable[],
  currency: string,
): OfferTerms | undefined {
  const own = breaks.find((b) => b.currency === currency)?.breaks ?? [];
  const { unit, rule } = product;
  if (isPiece(unit.orderUnit) && rule.min === 1 && rule.step === 1 && own.length === 0) return undefined;
  return { unitCode: unit.orderUnit.trim().toUpperCase(), rule, breaks: own };
}

/**
 * Title, description, hreflang alternates (each locale's own slug) and JSON-LD of a product page; the
 * Product carries the published reviews the page shows and their average, when there are any, and
 * its Offer the public price breaks in the Offer's currency.
 */
export function productSeo(
  data: ProductPageData,
  shell: PageShell,
  site: URL,
  guest: PriceListEntry | null = null,
  reviews: ReviewSummary | null = null,
  breaks: readonly PriceBreakTable[] = [],
): Seo {
  const { product, trail } = data;
  const { locale, t } = shell;
  const url = absoluteUrl(site, localePath(locale, productPath(product)));
  const currency = guest?.priceInfo?.currency ?? shell.currency;
  const offer = offerJsonLd(guest?.priceInfo, guest?.stock, url, offerTerms(product, breaks, currency));
  const itemLabel = `${t('catalog.itemNo')} ${product.itemnum}`;
  return {
    // Brand and item number make the title unique among variants that share a name.
    title: productTitle(product.name, data.brand, itemLabel),
    description: productDescription(data.descriptionText || product.subtitle || product.name, itemLabel),
    alternates: productAlternates(product.id, product.slugs, shell.offeredLocales),
    image: data.images[0] ? shareImageUrl(data.images[0]) : undefined,
    ogType: 'product',
    jsonLd: [
      {
        ...productJsonLd({
          name: product.name,
          sku: product.sku,
          itemnum: product.itemnum,
          url,
          brand: data.brand,
          images: data.images.map((src) => absoluteUrl(site, shareImageUrl(src))),
          description: data.descriptionText,
          gtin: product.gtin,
          mpn: product.manufacturer.pid,
        }),
        ...(offer ? { offers: offer } : {}),
        ...reviewJsonLd(reviews),
      },
      breadcrumbJsonLd([
        { name: t('site.home'), url: absoluteUrl(site, localePath(locale, '/')) },
        ...trail.map((c) => ({
          name: c.text,
          url: absoluteUrl(site, localePath(locale, productBreadcrumbLink(c.link))),
        })),
        { name: product.name, url },
      ]),
    ],
  };
}

/**
 * The strings each product island needs, and only those (DESIGN.md convention 7). Templates with
 * {{placeholders}} go over raw (shell.messages): the islands fill them in with live values.
 */
export function productStrings(shell: PageShell) {
  const { t, messages, features } = shell;
  const price: PriceStrings = {
    free: t('price.free'),
    loading: t('price.loading'),
    loginToSee: t('price.loginToSee'),
    regular: t('price.regular'),
    special: t('price.special'),
    startingAt: messages['catalog.startingAt'],
    yourPrice: t('price.yourPrice'),
    taxExcluded: t('tax.ACCOUNT_EXCLUDE'),
  };
  const availability = pickMessages(t, [
    'availability.available',
    'availability.limited',
    'availability.limit-overflow',
    'availability.not-available',
    'availability.loading',
  ]);
  return {
    gallery: {
      productImages: t('catalog.productImages'),
      enlargeImage: t('catalog.enlargeImage'),
      closeImage: t('catalog.closeImage'),
      previousImage: t('catalog.previousImage'),
      nextImage: t('catalog.nextImage'),
      imageOf: messages['catalog.imageOf'],
    },
    imageProperty: { enlargeImageOf: messages['catalog.enlargeImageOf'], closeImage: t('catalog.closeImage') },
    buyBox: {
      quantity: t('catalog.quantity'),
      decrease: t('cart.decrease'),
      increase: t('cart.increase'),
      quantityRaised: messages['product.quantityRaised'],
      quantityRounded: messages['product.quantityRounded'],
      addToCart: t('catalog.addToCart'),
      accessories: t('catalog.accessories'),
      itemNo: t('catalog.itemNo'),
      availability,
      price,
      // The tax note belongs to the product's own price, not to every accessory and card.
      taxNote: features.displayTaxMessageForPrice ? t('cart.plusTaxAndShipping') : undefined,
      chooseVariant: t('catalog.chooseVariant'),
      quantityInvalid: messages['catalog.quantityInvalid'],
    },
    carousel: {
      title: t('catalog.recommended'),
      previous: t('catalog.previousProducts'),
      next: t('catalog.nextProducts'),
      card: { ...price, itemNo: t('catalog.itemNo') },
    },
    recentlyViewed: { title: t('catalog.recentlyViewed'), itemNo: t('catalog.itemNo') },
    wishlist: { add: t('wishlist.add'), removeFrom: t('wishlist.removeFrom') },
  };
}
