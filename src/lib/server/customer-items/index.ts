// The customer item numbers domain's public face (issue 37, item 3): what other domains ask of a
// company's own numbers, wired to the process database; the endpoints under
// src/pages/api/account/item-numbers; and the "My item numbers" page's loader.
import { getDb } from '../db/index.ts';
import { currentShopper } from '../shopper.ts';
import { customerItemChanges, customerItemsRoutes, type CustomerItemsDeps } from './handlers.ts';
import { itemNumbersPage } from './page.ts';
import { productsByCustomerNumber } from './queries.ts';

export { customerNumberColumn } from './queries.ts';
export { ITEM_NUMBERS_PATH, type ItemNumbersPageView } from './page.ts';

/** The sku of the product a company's own number names, or null: a buyer's search term read as theirs first. */
export async function ownItemSku(customerId: string | null, term: string): Promise<string | null> {
  if (customerId === null || term.trim() === '') return null;
  return (await productsByCustomerNumber(await getDb(), customerId, [term])).get(term.trim().toLowerCase()) ?? null;
}

const deps: CustomerItemsDeps = { db: getDb, shopper: currentShopper };

/** The endpoints under src/pages/api/account/item-numbers. */
export const customerItems = customerItemsRoutes(deps);
/** The loader of /my-account/item-numbers, whose plain forms post the endpoints' own state changes. */
export const itemNumbersPageView = itemNumbersPage(customerItemChanges(deps));
