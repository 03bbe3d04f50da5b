// The home page's content blocks (hero, offers, new products, selling points) with the products their
// strips show. A strip that pins SKUs shows those, in that order; one that pins none is filled from the
// catalogue: offers with the public price list's special prices, new products by creation date.
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ProductCard } from '#lib/catalog/contract.ts';
import type {
  HomeHeroConfig,
  HomeProductStripConfig,
  HomeRecommendationsConfig,
  HomeUspsConfig,
} from '#lib/content/schemas.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { priceLists, prices, products } from './db/schema.ts';
import { getDb, specialRunning } from './db/index.ts';
import { getContent } from './content.ts';
import { productCards, recommendedProductIds, resolveRecommendationFilter } from './catalog/index.ts';
import { recommendationKey } from '#lib/catalog/recommendations.ts';
import { logger } from './log.ts';
import { tags } from './publish/index.ts';
import { withShopFacts } from './shop-facts.ts';
import { shownPicture } from './images/index.ts';
import { escapeHtml } from '../shared/html.ts';

/** The price list every shopper sees; a special price there is an offer for everyone. */
const PUBLIC_PRICE_LIST = 'base';
const HOME_BLOCKS = ['home-hero', 'home-offers', 'home-new', 'home-recommendations', 'home-usps'] as const;

export interface HomeStrip {
  title: string;
  products: ProductCard[];
}
/** A strip an editor fills by a filter; `key` (the slug of its title) is its id, anchor and analytics list name. */
interface HomeRecommendations extends HomeStrip {
  key: string;
}
/** A text with the shop's facts filled in (src/lib/content/shop-facts.ts), as HTML. */
type FilledHtml = { html: string };
export interface HomeContent {
  /**
   * `text` as HTML with its facts filled in; none when it names a fact the shop does not have. A
   * picture from the media library (`fromLibrary`) is named with its version and says its own
   * alternative text in this language.
   */
  hero: (HomeHeroConfig & { textHtml: string | null; fromLibrary: boolean }) | null;
  offers: HomeStrip | null;
  fresh: HomeStrip | null;
  recommendations: HomeRecommendations | null;
  /** The selling points whose facts the shop has, each as HTML. */
  usps: (HomeUspsConfig['items'][number] & FilledHtml)[];
  /** Cache tags: the blocks in this locale and every product shown. */
  tags: string[];
}

/** Ids of active top-level products with the given SKUs, in the order of the SKUs. */
async function idsBySku(skus: string[]): Promise<number[]> {
  if (skus.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(and(inArray(products.sku, skus), eq(products.isActive, true)));
  const bySku = new Map(rows.map((r) => [r.sku, r.id]));
  return skus.flatMap((sku) => bySku.get(sku) ?? []);
}

async function offerIds(limit: number): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .selectDistinct({ id: products.id, createdAt: products.createdAt })
    .from(products)
    .innerJoin(prices, eq(prices.productId, products.id))
    .innerJoin(priceLists, eq(priceLists.id, prices.priceListId))
    .where(
      and(
        eq(priceLists.code, PUBLIC_PRICE_LIST),
        isNotNull(prices.specialCents),
        sql`${prices.specialCents} < ${prices.regularCents}`,
        // An ended offer is no offer; the page is cached only until the first shown one ends (content-route.ts).
        specialRunning(prices.specialUntil),
        eq(products.isActive, true),
        isNull(products.parentId),
      ),
    )
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

async function newestIds(limit: number): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.isActive, true), isNull(products.parentId)))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

async function strip(
  config: HomeProductStripConfig | undefined,
  pick: (limit: number) => Promise<number[]>,
  locale: Locale,
): Promise<HomeStrip | null> {
  if (!config) return null;
  const ids = config.skus.length > 0 ? await idsBySku(config.skus) : await pick(config.limit);
  const cards = await productCards(ids, locale);
  return cards.length > 0 ? { title: config.title, products: cards } : null;
}

/**
 * The products matching the block's filter. A filter naming what the catalogue lacks (an attribute
 * deleted since the block was saved) leaves the row out, with a warning, rather than showing the
 * products of the remaining pairs under a title that promises more.
 */
async function recommendations(
  config: HomeRecommendationsConfig | undefined,
  locale: Locale,
): Promise<HomeRecommendations | null> {
  if (!config) return null;
  const { filters, problems } = await resolveRecommendationFilter(config.filter);
  if (problems.length > 0) {
    logger.warn({ content: 'block:home-recommendations', locale, problems }, 'recommendations left out');
    return null;
  }
  const cards = await productCards(await recommendedProductIds(filters, config.limit), locale);
  return cards.length > 0 ? { key: recommendationKey(config.title), title: config.title, products: cards } : null;
}

/** `freeLabel`: the page's word for a zero amount (price.free). */
export async function loadHomeContent(locale: Locale, freeLabel: string): Promise<HomeContent> {
  const [hero, offersBlock, newBlock, recommendationsBlock, usps] = await Promise.all([
    getContent('block:home-hero', locale),
    getContent('block:home-offers', locale),
    getContent('block:home-new', locale),
    getContent('block:home-recommendations', locale),
    getContent('block:home-usps', locale),
  ]);
  const [offers, fresh, recommended] = await Promise.all([
    strip(offersBlock?.config, offerIds, locale),
    strip(newBlock?.config, newestIds, locale),
    recommendations(recommendationsBlock?.config, locale),
  ]);
  const shown = [offers, fresh, recommended].flatMap((s) => s?.products ?? []).map((p) => p.id);
  // Any product a publish names may come to match the filter (a new one, a changed brand): the row
  // carries the tag every product publish names, as {{productCount}} does.
  const filterTags = recommendationsBlock ? [tags.catalog] : [];
  const filled = (text: string) => withShopFacts(escapeHtml(text), locale, freeLabel, true);
  const [heroPicture, heroText, ...uspTexts] = await Promise.all([
    hero ? shownPicture(hero.config.image, locale) : null,
    hero?.config.text ? filled(hero.config.text) : null,
    ...(usps?.config.items ?? []).map((item) => filled(item.text)),
  ]);
  const factTags = [heroText, ...uspTexts].flatMap((f) => f?.tags ?? []);
  return {
    hero:
      hero && heroPicture
        ? {
            ...hero.config,
            image: heroPicture.src,
            imageAlt: heroPicture.alt ?? hero.config.imageAlt,
            fromLibrary: heroPicture.alt !== null,
            textHtml: heroText?.html ?? null,
          }
        : null,
    offers,
    fresh,
    recommendations: recommended,
    usps: (usps?.config.items ?? []).flatMap((item, i) => (uspTexts[i] ? [{ ...item, html: uspTexts[i].html }] : [])),
    tags: [
      ...new Set([
        ...HOME_BLOCKS.map((id) => tags.content('block', id, locale)),
        ...shown.map(tags.product),
        ...factTags,
        ...filterTags,
      ]),
    ],
  };
}
