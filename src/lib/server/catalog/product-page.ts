// Everything a product page shows, read when it renders in one call so the page file stays thin.
// Prices and stock are live (src/lib/catalog/prices-store.ts); only the public prices a guest may see
// are rendered with the page (public-prices.ts), and the page is dropped whenever a product it shows is published.
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
  breadcrumbJsonLd,
  galleryImages,
  headerAttributes,
  primaryTrail,
  productAlternates,
  productJsonLd,
  propertyAttributes,
  distinguishingCodes,
  variantLabels,
  type AttributeGroup,
} from '#lib/catalog/product.ts';
import { productBreadcrumbLink } from '#lib/catalog/breadcrumbs.ts';
import { localePath, productPath } from '#lib/site/paths.ts';
import { absoluteUrl, clipAtWord, DESCRIPTION_MAX, productTitle, type Seo } from '#lib/site/seo.ts';
import { shareImageUrl } from '#lib/site/images.ts';
import { offerJsonLd, type OfferTerms } from '#lib/catalog/product-offer.ts';
import { productGroupJsonLd, variantOfJsonLd, variantProperties } from '#lib/catalog/product-group.ts';
import type { MerchantTerms } from '#lib/catalog/merchant-listing.ts';
import { publicEntry, type PublicPrices } from '#lib/catalog/page-prices.ts';
import { isPiece } from '#lib/catalog/order-unit.ts';
import type { PriceBreakTable } from './price-breaks.ts';
import { productTerms, type ProductTerms } from './product-terms.ts';
import { reviewJsonLd, type ReviewSummary } from '#lib/reviews/rules.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { ProductCard } from '#lib/catalog/contract.ts';
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

/** Key attributes in a meta description: the first of the header's, which the page shows at the top. */
const DESCRIBED_ATTRIBUTES = 3;

/**
 * The meta description, facts first so that a cut loses the least: name and item number (variants
 * share names, never item numbers), key attributes, the category and the shop, then the product's own
 * text (or subtitle) while there is room.
 */
function productDescription(data: ProductPageData, itemLabel: string, shell: PageShell): string {
  const { product, header, trail } = data;
  const shop = shell.branding.title;
  const facts = header
    .slice(0, DESCRIBED_ATTRIBUTES)
    .map((group) => `${group.label}: ${group.values.map((v) => v.label).join(', ')}`);
  const category = trail.at(-1)?.text;
  const place = category ? shell.t('seo.inCategoryAtShop', { category, shop }) : shop;
  const lead = `${product.name} (${itemLabel})${facts.length > 0 ? `: ${facts.join(', ')}` : ''}. ${place}.`;
  const text = data.descriptionText || product.subtitle;
  return clipAtWord(text ? `${lead} ${text}` : lead, DESCRIPTION_MAX);
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

/** What the product's structured data says besides the page's own data: public prices, reviews, terms. */
interface ListingInputs {
  /** The public prices of the page's skus (page-prices.ts); null when guests may not see prices. */
  prices: PublicPrices | null;
  reviews: ReviewSummary | null;
  breaks: readonly PriceBreakTable[];
  /** The shop's delivery and return terms (merchant-terms.ts). */
  merchant: MerchantTerms | null;
}

const NO_INPUTS: ListingInputs = { prices: null, reviews: null, breaks: [], merchant: null };

/**
 * Title, description, hreflang alternates (each locale's own slug) and JSON-LD of a product page; the
 * Product carries the published reviews the page shows and their average, when there are any, and
 * its Offer the public price breaks in the Offer's currency and the shop's delivery and return terms.
 * A parent with variants is their ProductGroup (product-group.ts); a variant names its group.
 */
export function productSeo(data: ProductPageData, shell: PageShell, site: URL, inputs = NO_INPUTS): Seo {
  const { product, trail } = data;
  const { locale, t } = shell;
  const pageUrl = (card: { id: number; slug: string }) => absoluteUrl(site, localePath(locale, productPath(card)));
  const url = pageUrl(product);
  const images = (srcs: readonly string[]) => srcs.map((src) => absoluteUrl(site, shareImageUrl(src)));
  const guest = (sku: string) => (inputs.prices ? (publicEntry(inputs.prices, sku) ?? null) : null);
  const currency = guest(product.sku)?.priceInfo?.currency ?? shell.currency;
  const merchant = (deliveryDays: number | null) => ({ terms: inputs.merchant, deliveryDays });
  const ownEntry = guest(product.sku);
  const offer = offerJsonLd(
    ownEntry?.priceInfo,
    ownEntry?.stock,
    url,
    offerTerms(product, inputs.breaks, currency),
    merchant(product.deliveryDays),
  );
  const itemLabel = `${t('catalog.itemNo')} ${product.itemnum}`;
  const familyCodes = distinguishingCodes(data.variants.map((v) => v.card));
  const own = {
    ...productJsonLd({
      name: product.name,
      sku: product.sku,
      itemnum: product.itemnum,
      url,
      brand: data.brand,
      images: images(data.images),
      description: data.descriptionText,
      gtin: product.gtin,
      mpn: product.manufacturer.pid,
    }),
    ...reviewJsonLd(inputs.reviews),
  };
  const isGroup = product.parentId === null && data.variants.length > 0;
  const productLd = isGroup
    ? productGroupJsonLd(
        own,
        { url, sku: product.sku },
        familyCodes,
        data.variants.map(({ card }) => {
          const entry = guest(card.sku);
          const variantUrl = pageUrl(card);
          return {
            name: card.name,
            sku: card.sku,
            url: variantUrl,
            images: images(card.image ? [card.image] : []),
            properties: variantProperties(card, familyCodes),
            // Siblings' order units and dispatch days are on their own pages; here each is sold from one.
            offer: offerJsonLd(entry?.priceInfo, entry?.stock, variantUrl, undefined, merchant(null)),
          };
        }),
      )
    : {
        ...own,
        ...(data.parent
          ? {
              ...variantProperties({ attributes: product.custom_attributes }, familyCodes),
              ...variantOfJsonLd({ sku: data.parent.sku, name: data.parent.name, url: pageUrl(data.parent) }),
            }
          : {}),
        ...(offer ? { offers: offer } : {}),
      };
  return {
    // Item number (and brand) make the title unique among variants that share a name.
    title: productTitle(product.name, data.brand, itemLabel, shell.branding.title),
    description: productDescription(data, itemLabel, shell),
    alternates: productAlternates(product.id, product.slugs, shell.offeredLocales),
    image: data.images[0] ? shareImageUrl(data.images[0]) : undefined,
    ogType: 'product',
    jsonLd: [
      productLd,
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
