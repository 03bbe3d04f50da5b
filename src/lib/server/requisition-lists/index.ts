// The requisition lists domain's public face (issue 37, item 2): the endpoints under
// src/pages/api/account/lists and the loaders of the "My lists" pages, wired to the process database,
// the session's shopper and the cart.
import { getDb } from '../db/index.ts';
import { currentShopper } from '../shopper.ts';
import { defaultCartDeps } from '../cart/index.ts';
import { requisitionListChanges, requisitionListsRoutes, type RequisitionListsDeps } from './handlers.ts';
import { listPage, listsPage } from './page.ts';
import type { Db } from '../db/client.ts';
import { visibleList, type Asker } from './access.ts';
import { listLines } from './writes.ts';

export { LISTS_PATH, listPath, type ListPageView, type ListsPageView, type ListPageLine } from './page.ts';

const deps: RequisitionListsDeps = { db: getDb, shopper: currentShopper, cart: defaultCartDeps };
const changes = requisitionListChanges(deps);

/** The endpoints under src/pages/api/account/lists. */
export const requisitionLists = requisitionListsRoutes(deps);
/** The loader of /my-account/lists, whose plain forms post the endpoints' own state changes. */
export const listsPageView = listsPage(changes);
/** The loader of /my-account/lists/{id}, likewise. */
export const listPageView = listPage(changes);

/**
 * The lines of a list the asker sees (products and quantities, in the list's order), for a quote asked
 * about the list; REQUISITION_LIST_NOT_FOUND for a list they do not see.
 */
export async function linesOfVisibleList(
  db: Db,
  asker: Asker,
  id: string,
): Promise<{ productId: number; sku: string; quantity: number }[]> {
  await visibleList(db, asker, id);
  return (await listLines(db, id, asker.customerId)).map(({ productId, sku, quantity }) => ({
    productId,
    sku,
    quantity,
  }));
}
