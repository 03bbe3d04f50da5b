// The address book's public face: the saved-address store the checkout uses, the address book's
// operations, its endpoints wired to the process database and shopper, and its account pages' loader.
import { getDb } from '../db/index.ts';
import { siteFeatures } from '../auth/index.ts';
import { currentShopper } from '../shopper.ts';
import { addressRoutes } from './handlers.ts';

export {
  defaultAddress, fromSaved, ownedAddress, saveAsDefault, savedAddresses, type AddressKind,
} from './store.ts';
export { addressNotFound, billingManagementDisabled } from './errors.ts';
export { deleteAddress, saveAddress, setDefaultAddress, type BookFeatures } from './book.ts';
export { addressRoutes, type AddressDeps } from './handlers.ts';
export { addressPageView, type AddressPageView, type AddressEntry, type AddressForm, type AddressDone } from './page.ts';

/** The endpoints under src/pages/api/account/addresses, wired to the process database and shopper. */
export const addresses = addressRoutes({ db: getDb, shopper: currentShopper, features: siteFeatures });
