// A product page's title, meta description, hreflang alternates and JSON-LD (Product or ProductGroup,
// Offer, breadcrumbs), from what loadProductPage read and what the page adds (public prices, reviews,
// price breaks, merchant terms). Apart from product-page.ts, which reads; this only derives.
import { breadcrumbJsonLd, productAlternates, productJsonLd, distinguishingCodes } from '#lib/catalog/product.ts';
import { productBreadcrumbLink } from '#lib/catalog/breadcrumbs.ts';
import { localePath, productPath } from '#lib/site/paths.ts';
import { absoluteUrl, clipAtWord, DESCRIPTION_MAX, productTitle, type Seo } from '#lib/site/seo.ts';
import { shareImageUrl } from '#lib/site/images.ts';
import { offerJsonLd, type OfferTerms } from '#lib/catalog/product-offer.ts';
import { productGroupJsonLd, variantOfJsonLd, variantProperties } from '#lib/catalog/product-group.ts';
import type { MerchantTerms } from '#lib/catalog/merchant-listing.ts';
import { publicEntry, type PublicPrices } from '#lib/catalog/page-prices.ts';
import { isPiece } from '#lib/catalog/order-unit.ts';
import { reviewJsonLd, type ReviewSummary } from '#lib/reviews/rules.ts';
import type { PriceBreakTable } from './price-breaks.ts';
import type { PageShell, ProductPageData } from './product-page.ts';
import type { ProductDetail } from './products.ts';

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
