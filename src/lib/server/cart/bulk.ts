// The cart's bulk endpoints (bulk-contract.ts): "add selected" and a quick order's lines in one
// request and one write, and the quick order's preview of what typed item numbers are. Every line is
// checked exactly as a single add checks it; nothing a client sends is taken as a price.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import { bulkCartApi, type AddManyResult, type LineRefusal, type ResolvedQuickLine } from '#lib/cart/bulk-contract.ts';
import type { ParsedRequestOf } from '#lib/http/contract.ts';
import type { PriceListEntry } from '#lib/catalog/contract.ts';
import { endpoint, stateChange } from '../http.ts';
import { BUDGETS } from '../client-budget.ts';
import { rows } from '../db/index.ts';
import { requestLocale } from '../request-locale.ts';
import { cartNotFound } from './errors.ts';
import { cartSessions, ensure, target, type CartDeps, type CartRequest } from './handlers.ts';
import { checkLines, writeLines, type RefusedLine } from './mutations.ts';
import { customerTerms } from './pricing.ts';
import { findOwnedCart, readSnapshot } from './queries.ts';
import { RULE_COLUMNS } from './quantity-rules.ts';
import { customerNumberColumn } from '../customer-items/index.ts';

const refusal = ({ sku, error }: RefusedLine): LineRefusal => ({ sku, code: error.code });

const ProductRef = z.object({
  sku: z.string(),
  itemnum: z.string(),
  customerItemNumber: z.string().nullable(),
  name: z.string().nullable(),
  orderUnit: z.string(),
  contentUnit: z.string().nullable(),
  unitsPerOrderUnit: z.number().nullable(),
  minQuantity: z.number(),
  quantityStep: z.number(),
});
type ProductRef = z.infer<typeof ProductRef>;

/**
 * The active products typed references name: the buyer's company's own item number first, then the
 * shop's item number, else a sku, all without regard to case. Exported for bench/quick-order.ts, which
 * times this statement on its own.
 */
export async function findByReference(
  db: Parameters<typeof rows>[0],
  refs: string[],
  locale: string,
  customerId: string | null,
): Promise<(ProductRef | null)[]> {
  const list = sql.join(
    [...new Set(refs.map((ref) => ref.toLowerCase()))].map((ref) => sql`${ref}`),
    sql`, `,
  );
  const found = await rows(
    db,
    ProductRef,
    sql`
    SELECT p.sku, p.itemnum, ${customerNumberColumn(customerId)}, pt.name, p.content_unit AS "contentUnit", p.units_per_order_unit AS "unitsPerOrderUnit",
      ${RULE_COLUMNS}
    FROM products p
    LEFT JOIN product_translations pt ON pt.product_id = p.id AND pt.locale = ${locale}
    WHERE p.is_active AND (lower(p.itemnum) IN (${list}) OR lower(p.sku) IN (${list})
      OR p.id IN (SELECT c.product_id FROM customer_item_numbers c
        WHERE c.customer_id = ${customerId} AND lower(c.number) IN (${list})))`,
  );
  const byOwn = new Map(
    found.flatMap((row) => (row.customerItemNumber ? [[row.customerItemNumber.toLowerCase(), row]] : [])),
  );
  const byItemnum = new Map(found.map((row) => [row.itemnum.toLowerCase(), row]));
  const bySku = new Map(found.map((row) => [row.sku.toLowerCase(), row]));
  return refs.map((ref) => {
    const key = ref.toLowerCase();
    return byOwn.get(key) ?? byItemnum.get(key) ?? bySku.get(key) ?? null;
  });
}

/** Adds several lines in one write: the JSON endpoint and My Items' plain form (src/pages/[...lang]/cart/add.astro). */
function bulkCartAdder(deps: CartDeps) {
  const { session, respond } = cartSessions(deps);
  return async function addMany(
    body: ParsedRequestOf<typeof bulkCartApi.addMany>,
    req: CartRequest,
  ): Promise<AddManyResult> {
    const s = await session(req);
    const known = await findOwnedCart(s.db, s.owner);
    if (!known && body.cartId !== undefined) throw cartNotFound();
    const terms = await customerTerms(s.db, s.owner.customerId);
    const pricing = {
      currency: known?.currency ?? terms.currency ?? s.shopper.currency,
      priceListId: terms.priceListId,
    };
    const locale = requestLocale(req, body.locale);
    const checked = await checkLines(s.db, body.lines, pricing);
    const added = (refused: RefusedLine[]) => body.lines.filter((_, index) => !refused.some((r) => r.index === index));
    if (checked.accepted.length === 0) {
      // Nothing to add: no cart is opened for it, and an existing one is answered as it is.
      const snapshot = known ? await readSnapshot(s.db, known.id) : null;
      const cart = snapshot ? (await respond(req, s, snapshot, locale)).cart : null;
      return { cart, added: [], refused: checked.refused.map(refusal) };
    }
    if (!known) await ensure(s);
    const written = await writeLines(s.db, { ...target(s, body.cartId), known: known ?? undefined }, checked.accepted);
    const refused = [...checked.refused, ...written.refused].sort((a, b) => a.index - b.index);
    return {
      ...(await respond(req, s, written.snapshot, locale)),
      added: added(refused),
      refused: refused.map(refusal),
    };
  };
}

/** "Add selected" defined once: POST /api/cart/add-many and My Items' plain form (/cart/add). */
export const bulkCartAddition = (deps: CartDeps) => stateChange(bulkCartApi.addMany, bulkCartAdder(deps));

/** The shopper's prices and stock for skus, as the price call answers them (the catalogue's in-memory index). */
export type Offers = (
  skus: string[],
  ctx: { currency: string; priceListId: number | null; pricesVisible: boolean },
) => Promise<PriceListEntry[]>;

// Loaded on first use, not at the top: the catalogue's module graph reaches the auth routes, which
// load this domain, so a static import would be a cycle that runs before this module is ready.
const catalogOffers: Offers = async (skus, ctx) => (await import('../catalog/index.ts')).priceList(skus, ctx);

/** What typed item numbers are for the shopper: the quick order's preview (the JSON endpoint and the page). */
export function quickLineResolver(deps: CartDeps, offers: Offers = catalogOffers) {
  return async function resolveQuickLines(
    lines: readonly { ref: string; quantity: number }[],
    req: CartRequest,
    locale: string,
  ): Promise<ResolvedQuickLine[]> {
    const db = await deps.db();
    const shopper = await deps.shopper(req.cookies);
    const terms = await customerTerms(db, shopper.customerId);
    const pricing = { currency: terms.currency ?? shopper.currency, priceListId: terms.priceListId };
    const products = await findByReference(
      db,
      lines.map((line) => line.ref),
      locale,
      shopper.customerId,
    );
    // Only the lines naming a product are checked; `at` maps a request line to its checked position.
    const at: number[] = [];
    const known: { sku: string; quantity: number }[] = [];
    lines.forEach((line, i) => {
      const product = products[i];
      if (product) at[i] = known.push({ sku: product.sku, quantity: line.quantity }) - 1;
    });
    const [checked, priced] = await Promise.all([
      checkLines(db, known, pricing),
      offers([...new Set(known.map((line) => line.sku))], {
        ...pricing,
        pricesVisible: await deps.pricesVisible(shopper),
      }),
    ]);
    const offerOf = new Map(priced.map((offer) => [offer.sku, offer]));
    const refusedAt = new Map(checked.refused.map((r) => [r.index, r.error.code]));
    return lines.map((line, i) => {
      const product = products[i];
      if (!product) return { ref: line.ref, quantity: line.quantity, item: null, error: 'PRODUCT_NOT_FOUND' };
      const offer = offerOf.get(product.sku) ?? { sku: product.sku, priceInfo: null, stock: null };
      const {
        itemnum,
        customerItemNumber,
        name,
        orderUnit,
        contentUnit,
        unitsPerOrderUnit,
        minQuantity,
        quantityStep,
      } = product;
      return {
        ref: line.ref,
        quantity: line.quantity,
        item: {
          ...offer,
          itemnum,
          customerItemNumber,
          name: name ?? product.sku,
          unit: { orderUnit, contentUnit, unitsPerOrderUnit, min: minQuantity, step: quantityStep },
        },
        error: refusedAt.get(at[i]!) ?? null,
      };
    });
  };
}

export function bulkCartRoutes(deps: CartDeps, offers: Offers = catalogOffers) {
  const resolveQuickLines = quickLineResolver(deps, offers);
  return {
    addMany: endpoint(bulkCartAddition(deps)),
    resolveLines: endpoint(
      bulkCartApi.resolveLines,
      async (body, req) => ({
        lines: await resolveQuickLines(body.lines, req, requestLocale(req, body.locale)),
      }),
      { budget: BUDGETS.quickOrder },
    ),
  };
}
