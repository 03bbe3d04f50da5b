// One cart line priced in integer cents: its product's and accessories' prices at the line's
// quantity (best-price rule), by VAT rate charged, and what the line shows. Pure, like priced.ts,
// which sums the lines into the cart's totals.
import { grossCents, type RatePart } from '#lib/cart/rules.ts';
import type { CustomAttribute, Stock } from '#lib/catalog/contract.ts';
import { bestPriceFor, type BestPrice } from '#lib/catalog/best-price.ts';
import { ANY_QUANTITY, type QuantityRule } from '#lib/catalog/order-quantity.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { QuantityRuleBreak } from './errors.ts';
import { presentation, type CartProduct } from './cart-product.ts';
import { effectiveCents, type UnitPrice } from './pricing.ts';
import { quantityRuleBreaks, ruledProduct } from './quantity-rules.ts';
import type { CartLineRow, CartSnapshot } from './queries.ts';
import type { QuoteTerms } from './quote-terms.ts';
import { quotedPriceApplies } from '#lib/quotes/rules.ts';

interface PricedAccessory {
  sku: string;
  itemnum: string;
  name: string;
  /** Net cents per piece at the line's quantity (special or tier price if any); null without a price. */
  unitNetCents: number | null;
  /** The VAT rate charged on it, in basis points. */
  rate: number;
}

/** A product's price for a line's quantity, and which price that is (best-price rule). */
interface LinePrice extends UnitPrice {
  source: BestPrice['source'];
}

export interface PricedCartLine {
  id: string;
  sku: string;
  quantity: number;
  name: string;
  image: string | null;
  itemnum: string;
  /** The company's own number for the product, shown beside the shop's. */
  customerItemNumber: string | null;
  /** The product's order unit (UN/ECE code). */
  orderUnit: string;
  /** The VAT rate charged on the product itself, in basis points. */
  rate: number;
  /**
   * False when the product or an accessory can no longer be sold (inactive, prices hidden, no price in
   * the cart currency): then every amount of the line is null and the line is not in the totals.
   */
  purchasable: boolean;
  /** Net cents per piece, accessories included, at the prices for the line's quantity (special, tier, contract). */
  unitNetCents: number | null;
  /** unitNetCents by the VAT rate charged on each part (product, accessories); empty when not purchasable. */
  rateParts: RatePart[];
  unitGrossCents: number | null;
  /** The same piece at regular prices only (what a special price is shown against). */
  unitRegularNetCents: number | null;
  /** A special, tier or contract price of the product or of an accessory lowers the unit price. */
  hasSpecialPrice: boolean;
  /** unitNetCents × quantity. */
  rowNetCents: number | null;
  /** VAT on the row's net (not unit gross × quantity), rounded once, as the totals do. */
  rowGrossCents: number | null;
  /** The product's own price (no accessories) for the line's quantity; null when it has none or hides its prices. */
  catalogPrice: LinePrice | null;
  /** The product's own quantity rule (its accessories have theirs). */
  quantityRule: QuantityRule;
  /**
   * The product and accessories whose rule the line's quantity breaks (a rule changed since the line
   * was filled): such a line is priced and counted, but cannot be ordered until its quantity is changed.
   */
  quantityRuleBreaks: QuantityRuleBreak[];
  /** Null when the product keeps no stock record. */
  stock: Stock | null;
  included: { itemnum: string; name: string }[];
  attributes: CustomAttribute[];
  accessories: PricedAccessory[];
  /**
   * The accepted quote the line was put in from, and whether its price applies now (the quote still
   * accepted and within its last day, the quoted quantity): then unitNetCents is the quoted price.
   */
  quote: { quoteId: string; number: string; validUntil: string | null; applies: boolean; note: string } | null;
}

/** What a cart's lines are priced with besides their products: the quotes some came from, and when. */
export interface LineContext {
  quotes: ReadonlyMap<string, QuoteTerms>;
  customerId: string | null;
  currency: string;
  now: Date;
  /** What a quoted line says about its quote, in the cart's language ('' where no text is needed). */
  quoteNote?: (quote: { number: string; validUntil: string | null; applies: boolean }) => string;
}

/** What a piece of `p` costs when `quantity` pieces are bought: tiers of both lists join the best-price rule. */
function priceOf(p: CartProduct | undefined, quantity: number): LinePrice | undefined {
  const best = p ? bestPriceFor(p.publicPrice, p.contractPrice, quantity) : null;
  return best ? { regularCents: best.regular, specialCents: best.special, source: best.source } : undefined;
}
const sellable = (p: CartProduct | undefined, price: UnitPrice | undefined): price is UnitPrice =>
  p !== undefined && p.isActive && !p.hidePrices && price !== undefined;
export const sum = (values: readonly number[]): number => values.reduce((total, v) => total + v, 0);

/** A piece's net by rate: its product's and accessories' effective prices, summed per rate charged. */
function ratePartsOf(
  priced: readonly (readonly [CartProduct, UnitPrice])[],
  rateOf: (product: CartProduct) => number,
): RatePart[] {
  const byRate = new Map<number, number>();
  for (const [product, price] of priced) {
    const rate = rateOf(product);
    byRate.set(rate, (byRate.get(rate) ?? 0) + effectiveCents(price));
  }
  return [...byRate].map(([rate, unitNetCents]) => ({ rate, unitNetCents }));
}

/**
 * A quoted price split by VAT rate as the list price's parts are (one rate: all of it), so a line with
 * an accessory taxed differently is still taxed per part; the rounding remainder goes to the largest.
 */
function quotedParts(parts: readonly RatePart[], quotedCents: number): RatePart[] {
  const listed = sum(parts.map((p) => p.unitNetCents));
  if (parts.length <= 1 || listed === 0) return [{ rate: parts[0]?.rate ?? 0, unitNetCents: quotedCents }];
  const shares = parts.map((p) => ({
    rate: p.rate,
    unitNetCents: Math.floor((quotedCents * p.unitNetCents) / listed),
  }));
  const largest = shares.reduce((best, p, i) => (p.unitNetCents > shares[best]!.unitNetCents ? i : best), 0);
  shares[largest]!.unitNetCents += quotedCents - sum(shares.map((p) => p.unitNetCents));
  return shares;
}

function quoteOf(terms: QuoteTerms, applies: boolean, context: LineContext): PricedCartLine['quote'] {
  const quote = { number: terms.number, validUntil: terms.validUntil, applies };
  return { ...quote, quoteId: terms.quoteId, note: context.quoteNote?.(quote) ?? '' };
}

/** Gross cents of `quantity` pieces: VAT rounded once per rate on the row's net, as the totals do. */
const grossOf = (parts: readonly RatePart[], quantity: number): number =>
  sum(parts.map((p) => grossCents(p.unitNetCents * quantity, p.rate)));

function priceLine(
  line: CartLineRow,
  products: { byId: Map<number, CartProduct>; bySku: Map<string, CartProduct> },
  locale: Locale,
  rateOf: (product: CartProduct) => number,
  context: LineContext,
): PricedCartLine {
  const product = products.byId.get(line.productId);
  const price = priceOf(product, line.quantity);
  // An accessory comes with every piece of the line: its price breaks count at the line's quantity.
  const accessories = line.accessorySkus.map((sku) => {
    const accessory = products.bySku.get(sku.toLowerCase());
    return { sku, product: accessory, price: priceOf(accessory, line.quantity) };
  });
  const ruled = [product, ...accessories.map((a) => a.product)].flatMap((p) => (p ? [ruledProduct(p)] : []));
  const ok = sellable(product, price) && accessories.every((a) => sellable(a.product, a.price));
  const accessoryPrices = ok ? accessories.map((a) => a.price!) : [];
  const terms = line.quoteLineId ? context.quotes.get(line.quoteLineId) : undefined;
  const quoted =
    terms &&
    terms.unitNetCents !== null &&
    quotedPriceApplies(terms, { ...context, quantity: line.quantity }, context.now)
      ? terms.unitNetCents
      : null;
  const listParts = ok
    ? ratePartsOf([[product!, price!], ...accessories.map((a) => [a.product!, a.price!] as const)], rateOf)
    : [];
  const rateParts = ok && quoted !== null ? quotedParts(listParts, quoted) : listParts;
  const unitNetCents = ok ? sum(rateParts.map((p) => p.unitNetCents)) : null;
  const listRegular = ok ? price!.regularCents + sum(accessoryPrices.map((p) => p.regularCents)) : null;
  // A quoted price above the list's is shown as the price, never struck through beside a lower one.
  const unitRegularNetCents = listRegular !== null && quoted !== null ? Math.max(listRegular, quoted) : listRegular;
  const rowNetCents = unitNetCents === null ? null : unitNetCents * line.quantity;
  const { included, attributes } = presentation(product, locale);
  return {
    id: line.id,
    sku: line.sku,
    quantity: line.quantity,
    name: product?.name ?? line.sku,
    image: product?.image ?? null,
    itemnum: product?.itemnum ?? line.sku,
    customerItemNumber: product?.customerItemNumber ?? null,
    orderUnit: product?.orderUnit ?? 'C62',
    rate: product ? rateOf(product) : 0,
    purchasable: ok,
    unitNetCents,
    rateParts,
    unitGrossCents: unitNetCents === null ? null : grossOf(rateParts, 1),
    unitRegularNetCents,
    hasSpecialPrice:
      ok &&
      (quoted !== null
        ? quoted < unitRegularNetCents!
        : [price!, ...accessoryPrices].some((p) => p.specialCents !== null)),
    rowNetCents,
    rowGrossCents: rowNetCents === null ? null : grossOf(rateParts, line.quantity),
    catalogPrice: price && product && !product.hidePrices ? price : null,
    quantityRule: product ? ruledProduct(product).rule : ANY_QUANTITY,
    quantityRuleBreaks: quantityRuleBreaks(ruled, line.quantity),
    stock: product?.hasStock
      ? {
          effectivestock: product.effective ?? 0,
          externalstock: product.external ?? 0,
          markedInStock: product.marked ?? false,
        }
      : null,
    included,
    attributes,
    accessories: accessories.map((a) => ({
      sku: a.sku,
      itemnum: a.product?.itemnum ?? a.sku,
      name: a.product?.name ?? a.sku,
      unitNetCents: a.price ? effectiveCents(a.price) : null,
      rate: a.product ? rateOf(a.product) : 0,
    })),
    quote: terms ? quoteOf(terms, quoted !== null, context) : null,
  };
}

/** Every line of a snapshot priced from its products (purchasable or not), in the snapshot's order. */
export function priceLines(
  snapshot: CartSnapshot,
  products: readonly CartProduct[],
  locale: Locale,
  rateOf: (product: CartProduct) => number,
  context: LineContext,
): PricedCartLine[] {
  const index = {
    byId: new Map(products.map((p) => [p.id, p])),
    bySku: new Map(products.map((p) => [p.sku.toLowerCase(), p])),
  };
  return snapshot.lines.map((line) => priceLine(line, index, locale, rateOf, context));
}

/** The lines that count for the totals: purchasable ones, as computeTotals takes them. */
export const sellableLines = (lines: readonly PricedCartLine[]) =>
  lines.flatMap((l) =>
    l.unitNetCents === null ? [] : [{ unitNetCents: l.unitNetCents, parts: l.rateParts, quantity: l.quantity }],
  );
