// A buyer's requisition lists as state changes, each defined once (requisitionListsApi in
// src/lib/requisition-lists/contract.ts): the endpoints under src/pages/api/account/lists answer them
// as JSON, and the account's "My lists" pages take them as plain forms (page.ts). Every user of a
// company reads their own and the shared lists; changing lists and adding them to the cart take the
// permission to order (403 otherwise). Adding to the cart is the cart's own bulk state change (every
// cart rule, the server's prices); the export is a CSV download a link opens, outside the JSON contracts.
import type { AstroCookies } from 'astro';
import { requisitionListsApi } from '#lib/requisition-lists/contract.ts';
import { listCsv } from '#lib/requisition-lists/file-rows.ts';
import { MAX_QUANTITY } from '#lib/requisition-lists/rules.ts';
import { isLocale, DEFAULT_LOCALE } from '#lib/i18n/locales.ts';
import { createTranslator } from '#lib/i18n/translate.ts';
import type { Db } from '../db/client.ts';
import { ApiError, endpoint, parseInput, rawEndpoint, stateChange } from '../http.ts';
import { authorize, may, signedIn } from '../auth/index.ts';
import type { Shopper } from '../shopper.ts';
import {
  bulkCartAddition,
  cartSessions,
  findOwnedCartId,
  readSnapshot,
  type CartDeps,
  type CartRequest,
} from '../cart/index.ts';
import { listView, visibleList, visibleLists, type Asker } from './access.ts';
import {
  addLine,
  createList,
  deleteList,
  importLines,
  listAfter,
  listLines,
  removeLine,
  renameList,
  shareList,
  updateLine,
} from './writes.ts';

export interface RequisitionListsDeps {
  db(): Promise<Db>;
  shopper(cookies: AstroCookies, url?: URL): Promise<Pick<Shopper, 'customerId' | 'user'>>;
  /** The cart a list is added to and saved from. */
  cart: CartDeps;
}

const listEmpty = () => new ApiError('REQUISITION_LIST_EMPTY', 'There are no lines to add to the cart.', 422);
const cartEmpty = () => new ApiError('CART_EMPTY', 'Your cart is empty.', 409);
const lineNotFound = () => new ApiError('REQUISITION_LINE_NOT_FOUND', 'This list has no such line.', 404);

export function requisitionListChanges(deps: RequisitionListsDeps) {
  const toCart = bulkCartAddition(deps.cart);
  const { session } = cartSessions(deps.cart);

  /** Who asks, and whether their role may order; to change anything it must (403 otherwise). */
  async function who(req: CartRequest, change: boolean): Promise<{ db: Db; asker: Asker; mayOrder: boolean }> {
    const shopper = await deps.shopper(req.cookies, req.url);
    const { customerId, user } = change ? authorize(shopper, 'order') : signedIn(shopper);
    return { db: await deps.db(), asker: { customerId, userId: user.id }, mayOrder: may(shopper, 'order') };
  }

  return {
    who,
    create: stateChange(requisitionListsApi.create, async (body, req: CartRequest) => {
      const { db, asker } = await who(req, true);
      return { list: await listAfter(db, asker, await createList(db, asker, body.name)) };
    }),
    rename: stateChange(requisitionListsApi.rename, async (body, req: CartRequest) => {
      const { db, asker } = await who(req, true);
      return { list: await renameList(db, asker, body.id, body.name) };
    }),
    share: stateChange(requisitionListsApi.share, async (body, req: CartRequest) => {
      const { db, asker } = await who(req, true);
      return { list: await shareList(db, asker, body.id, body.sharing) };
    }),
    delete: stateChange(requisitionListsApi.delete, async (body, req: CartRequest) => {
      const { db, asker } = await who(req, true);
      return { deleted: await deleteList(db, asker, body.id) };
    }),
    addLine: stateChange(requisitionListsApi.addLine, async (body, req: CartRequest) => {
      const { db, asker } = await who(req, true);
      return { line: await addLine(db, asker, body.id, body) };
    }),
    updateLine: stateChange(requisitionListsApi.updateLine, async (body, req: CartRequest) => {
      const { db, asker } = await who(req, true);
      return { line: await updateLine(db, asker, body.id, body) };
    }),
    removeLine: stateChange(requisitionListsApi.removeLine, async (body, req: CartRequest) => {
      const { db, asker } = await who(req, true);
      return { removed: await removeLine(db, asker, body.id, body.line) };
    }),
    import: stateChange(requisitionListsApi.import, async (body, req: CartRequest) => {
      const { db, asker } = await who(req, true);
      return importLines(db, asker, body.id, body.entries);
    }),
    addToCart: stateChange(requisitionListsApi.addToCart, async (body, req: CartRequest) => {
      const { db, asker } = await who(req, true);
      const list = await visibleList(db, asker, body.id);
      const lines = await listLines(db, list.id, asker.customerId);
      const byId = new Map(lines.map((line) => [line.id, line]));
      const chosen = body.lines
        ? [...new Set(body.lines)].map((id) => {
            const line = byId.get(id);
            if (!line) throw lineNotFound();
            return line;
          })
        : lines;
      if (chosen.length === 0) throw listEmpty();
      // The cart's own request and state change: its schema, its checks, its write.
      const request = parseInput(
        {
          lines: chosen.map((line) => ({ sku: line.sku, quantity: line.quantity })),
          ...(body.locale ? { locale: body.locale } : {}),
        },
        toCart.op.request,
      );
      const result = await toCart.handler(request, req, undefined);
      if (result instanceof Response) throw new Error('the cart answered a list with a redirect');
      const lineOf = new Map(chosen.map((line) => [line.sku.toLowerCase(), line.id]));
      const at = (sku: string) => lineOf.get(sku.toLowerCase()) ?? 0;
      return {
        cart: result.cart,
        added: result.added.map((line) => ({ line: at(line.sku), ...line })),
        refused: result.refused.map((line) => ({ line: at(line.sku), ...line })),
      };
    }),
    saveCart: stateChange(requisitionListsApi.saveCart, async (body, req: CartRequest) => {
      const { db, asker } = await who(req, true);
      const s = await session(req);
      const cartId = await findOwnedCartId(s.db, s.owner);
      const snapshot = cartId ? await readSnapshot(s.db, cartId) : null;
      // A product the cart holds with different accessories is one line of the list: the quantities add up.
      const quantities = new Map<number, number>();
      for (const line of snapshot?.lines ?? [])
        quantities.set(line.productId, Math.min(MAX_QUANTITY, (quantities.get(line.productId) ?? 0) + line.quantity));
      if (quantities.size === 0) throw cartEmpty();
      const lines = [...quantities].map(([productId, quantity]) => ({ productId, quantity }));
      return { list: await listAfter(db, asker, await createList(db, asker, body.name, lines)) };
    }),
  };
}

export type RequisitionListChanges = ReturnType<typeof requisitionListChanges>;

export function requisitionListsRoutes(deps: RequisitionListsDeps) {
  const changes = requisitionListChanges(deps);
  return {
    list: endpoint(requisitionListsApi.list, async (_query, req) => {
      const { db, asker, mayOrder } = await changes.who(req, false);
      return { lists: (await visibleLists(db, asker)).map((row) => listView(row, asker, mayOrder)) };
    }),
    get: endpoint(requisitionListsApi.get, async (query, req) => {
      const { db, asker, mayOrder } = await changes.who(req, false);
      const list = await visibleList(db, asker, query.id);
      const lines = await listLines(db, list.id, asker.customerId, query.locale);
      return {
        list: listView(list, asker, mayOrder),
        lines: lines.map(({ productId: _productId, ref: _ref, ...line }) => line),
      };
    }),
    create: endpoint(changes.create),
    rename: endpoint(changes.rename),
    share: endpoint(changes.share),
    delete: endpoint(changes.delete),
    addLine: endpoint(changes.addLine),
    updateLine: endpoint(changes.updateLine),
    removeLine: endpoint(changes.removeLine),
    addToCart: endpoint(changes.addToCart),
    saveCart: endpoint(changes.saveCart),
    import: endpoint(changes.import),
    /** GET …/export?id=…&locale=en: the list as CSV, headed in that language (German by default). */
    export: rawEndpoint(async (context) => {
      const { db, asker } = await changes.who(context, false);
      const list = await visibleList(db, asker, context.url.searchParams.get('id') ?? '');
      const asked = context.url.searchParams.get('locale');
      const locale = isLocale(asked) ? asked : DEFAULT_LOCALE;
      const { t } = await createTranslator(locale);
      const lines = await listLines(db, list.id, asker.customerId, locale);
      const csv = listCsv(
        [t('lists.csv.item'), t('lists.csv.quantity'), t('lists.csv.note'), t('lists.csv.name')],
        lines.map((line) => [line.ref, line.quantity, line.note, line.name]),
      );
      return new Response(csv, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="list.csv"',
          'cache-control': 'private, no-store',
        },
      });
    }),
  };
}
