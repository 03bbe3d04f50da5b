// The address book's public face: the saved-address store the checkout uses, the address book's
// operations, its endpoints wired to the process database and shopper, and its account pages' loader.
import { getDb } from '../db/index.ts';
import { siteFeatures } from '../auth/index.ts';
import { currentShopper } from '../shopper.ts';
import { addressesRoutes } from './handlers.ts';

export {
  defaultAddress, fromSaved, ownedAddress, saveAsDefault, savedAddresses, type AddressKind,
} from './queries.ts';
export { addressNotFound, billingManagementDisabled } from './errors.ts';
export { addressPageView, type AddressPageView, type AddressEntry } from './page.ts';

/** The endpoints under src/pages/api/account/addresses, wired to the process database and shopper. */
export const addresses = addressesRoutes({ db: getDb, shopper: currentShopper, features: siteFeatures });
