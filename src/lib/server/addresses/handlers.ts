// The address book's state changes, each defined once: the endpoints (src/pages/api/account/addresses*)
// answer them as JSON and the account's address pages take them as plain forms (page.ts). The signed-in
// user's company's addresses only; a guest is 401. Every user of the company reads the book (the checkout
// offers it); changing it takes a role that may manage addresses (403 otherwise).
import type { AstroCookies } from 'astro';
import { addressesApi } from '#lib/addresses/contract.ts';
import type { Db } from '../db/client.ts';
import { endpoint, stateChange } from '../http.ts';
import { authorize, signedIn } from '../auth/index.ts';
import type { Permission } from '#lib/account/roles.ts';
import type { Shopper } from '../shopper.ts';
import { deleteAddress, saveAddress, setDefaultAddress, type BookFeatures } from './book.ts';
import { savedAddresses } from './queries.ts';

export interface AddressDeps {
  db(): Promise<Db>;
  shopper(cookies: AstroCookies, url?: URL): Promise<Pick<Shopper, 'customerId' | 'user'>>;
  features(): Promise<BookFeatures>;
}

/** What a change needs of its request: the customer's session. */
interface AddressRequest {
  cookies: AstroCookies;
  url: URL;
}

export function addressChanges(deps: AddressDeps) {
  /** The company whose book it is; with a permission, only for a user whose role has it. */
  async function customer(req: AddressRequest, permission?: Permission): Promise<{ db: Db; customerId: string }> {
    const shopper = await deps.shopper(req.cookies, req.url);
    const { customerId } = permission ? authorize(shopper, permission) : signedIn(shopper);
    return { db: await deps.db(), customerId };
  }

  return {
    customer,
    save: stateChange(addressesApi.save, async (body, req: AddressRequest) => {
      const { db, customerId } = await customer(req, 'manageAddresses');
      return saveAddress(db, customerId, body, await deps.features());
    }),
    delete: stateChange(addressesApi.delete, async (body, req: AddressRequest) => {
      const { db, customerId } = await customer(req, 'manageAddresses');
      return { addresses: await deleteAddress(db, customerId, body.id, await deps.features()) };
    }),
    setDefault: stateChange(addressesApi.setDefault, async (body, req: AddressRequest) => {
      const { db, customerId } = await customer(req, 'manageAddresses');
      return { addresses: await setDefaultAddress(db, customerId, body.id, body.kind, await deps.features()) };
    }),
  };
}

export type AddressChanges = ReturnType<typeof addressChanges>;

export function addressesRoutes(deps: AddressDeps) {
  const changes = addressChanges(deps);
  return {
    list: endpoint(addressesApi.list, async (_body, req) => {
      const { db, customerId } = await changes.customer(req);
      return { addresses: await savedAddresses(db, customerId) };
    }),
    save: endpoint(changes.save),
    delete: endpoint(changes.delete),
    setDefault: endpoint(changes.setDefault),
  };
}
