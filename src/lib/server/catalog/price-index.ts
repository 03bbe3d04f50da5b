// Prices and stock of every active product, held in memory by each instance: the price call asks
// for 24 skus on every listing page, from every shopper, and answering from the database capped
// it at about 150 calls a second on the embedded one. price-index-store.ts keeps it current. A special
// price is held with its last day and applied only while it runs, judged at every lookup: it ends on
// time without a change notice, however long the index has been built.
import type { PriceListEntry } from '#lib/catalog/contract.ts';
import { toMajor } from '#lib/cart/rules.ts';
import { bestPrice, type ListPrice } from '#lib/catalog/best-price.ts';
import type { PriceContext } from '#lib/catalog/price.ts';
import { specialOn, utcDay, type CalendarDate } from '#lib/catalog/special-price.ts';

interface StockRow {
  effective: number;
  external: number;
  marked: boolean;
}
interface PriceRow {
  listId: number;
  currency: string;
  regular: number;
  special: number | null;
  /** The special's last day; null: no end. */
  specialUntil: CalendarDate | null;
}

export interface PricedProduct {
  id: number;
  sku: string;
  hidePrices: boolean;
  /** Null: the product has no stock row (it shows as not available). */
  stock: StockRow | null;
  prices: PriceRow[];
}

const majorOrNull = (cents: number | null): number | null => (cents === null ? null : toMajor(cents));

export class PriceIndex {
  private readonly bySku = new Map<string, PricedProduct>();
  private readonly byId = new Map<number, PricedProduct>();
  /** The public list (code 'base') everybody falls back to; null in a shop without one. */
  private readonly baseListId: number | null;

  constructor(baseListId: number | null) {
    this.baseListId = baseListId;
  }

  get size(): number {
    return this.byId.size;
  }

  /** Adds products or replaces their indexed version (a changed SKU moves with it). */
  put(products: readonly PricedProduct[]): void {
    this.remove(products.map((p) => p.id));
    for (const product of products) {
      this.byId.set(product.id, product);
      this.bySku.set(product.sku.toLowerCase(), product);
    }
  }

  /** Forgets products (deleted or no longer active). */
  remove(ids: readonly number[]): void {
    for (const id of ids) {
      const known = this.byId.get(id);
      if (!known) continue;
      this.byId.delete(id);
      if (this.bySku.get(known.sku.toLowerCase()) === known) this.bySku.delete(known.sku.toLowerCase());
    }
  }

  /**
   * The shopper's prices and stock for each known, active sku (any case), once each. A customer with
   * their own price list pays the lowest of that list's and the public prices (the best-price rule).
   */
  lookup(skus: readonly string[], ctx: PriceContext, today: CalendarDate = utcDay()): PriceListEntry[] {
    const entries: PriceListEntry[] = [];
    const seen = new Set<PricedProduct>();
    for (const sku of skus) {
      const product = this.bySku.get(sku.toLowerCase());
      if (!product || seen.has(product)) continue;
      seen.add(product);
      entries.push(this.entry(product, ctx, today));
    }
    return entries;
  }

  private entry(product: PricedProduct, ctx: PriceContext, today: CalendarDate): PriceListEntry {
    const find = (listId: number | null | undefined): PriceRow | undefined =>
      listId ? product.prices.find((p) => p.listId === listId && p.currency === ctx.currency) : undefined;
    const running = (row: PriceRow | undefined): ListPrice | null =>
      row ? { regular: row.regular, special: specialOn(row.special, row.specialUntil, today) } : null;
    const [publicRow, contractRow] = [find(this.baseListId), find(ctx.priceListId)];
    const best = ctx.pricesVisible ? bestPrice(running(publicRow), running(contractRow)) : null;
    const visible = ctx.pricesVisible && !product.hidePrices && best !== null;
    // The end of what is paid: the public special's, or the contract's when its special is the price.
    const paidRow = best?.source === 'special' ? publicRow : best?.source === 'contract' ? contractRow : undefined;
    const paidSpecial = paidRow ? specialOn(paidRow.special, paidRow.specialUntil, today) : null;
    const specialUntil = paidSpecial !== null && paidSpecial === best?.special ? paidRow?.specialUntil : null;
    const { stock } = product;
    return {
      sku: product.sku,
      priceInfo: visible
        ? {
            regular: toMajor(best.regular),
            special: majorOrNull(best.special),
            currency: ctx.currency,
            // Only a price that undercuts the regular one needs a label.
            ...(best.source === 'regular' ? {} : { source: best.source }),
            ...(specialUntil ? { specialUntil } : {}),
          }
        : null,
      // Without price permission a shopper sees neither prices nor availability.
      stock:
        !ctx.pricesVisible || stock === null
          ? null
          : {
              effectivestock: stock.effective,
              externalstock: stock.external,
              markedInStock: stock.marked,
            },
    };
  }
}
