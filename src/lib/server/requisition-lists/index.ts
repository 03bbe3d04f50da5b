// The requisition lists domain's public face (issue 37, item 2): the endpoints under
// src/pages/api/account/lists and the loaders of the "My lists" pages, wired to the process database,
// the session's shopper and the cart.
import { getDb } from '../db/index.ts';
import { currentShopper } from '../shopper.ts';
import { defaultCartDeps } from '../cart/index.ts';
import { requisitionListChanges, requisitionListsRoutes, type RequisitionListsDeps } from './handlers.ts';
import { listPage, listsPage } from './page.ts';

export { LISTS_PATH, listPath, type ListPageView, type ListsPageView, type ListPageLine } from './page.ts';

const deps: RequisitionListsDeps = { db: getDb, shopper: currentShopper, cart: defaultCartDeps };
const changes = requisitionListChanges(deps);

/** The endpoints under src/pages/api/account/lists. */
export const requisitionLists = requisitionListsRoutes(deps);
/** The loader of /my-account/lists, whose plain forms post the endpoints' own state changes. */
export const listsPageView = listsPage(changes);
/** The loader of /my-account/lists/{id}, likewise. */
export const listPageView = listPage(changes);
