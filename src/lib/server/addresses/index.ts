// The address book's public face: the saved-address store the checkout uses, the address book's
// operations, its endpoints wired to the process database and shopper, and its account pages' loader.
import { getDb } from '../db/index.ts';
import { siteFeatures } from '../auth/index.ts';
import { currentShopper } from '../shopper.ts';
import { addressChanges, addressesRoutes, type AddressDeps } from './handlers.ts';
import { addressPages } from './page.ts';

export { defaultAddress, fromSaved, ownedAddress, saveAsDefault, savedAddresses, type AddressKind } from './queries.ts';
export { addressNotFound, billingManagementDisabled } from './errors.ts';
export type { AddressPageView, AddressEntry } from './page.ts';

const deps: AddressDeps = { db: getDb, shopper: currentShopper, features: siteFeatures };

/** The endpoints under src/pages/api/account/addresses, wired to the process database and shopper. */
export const addresses = addressesRoutes(deps);
/** The loader of the account's address pages, whose plain forms post the endpoints' own state changes. */
export const addressPageView = addressPages(addressChanges(deps));
