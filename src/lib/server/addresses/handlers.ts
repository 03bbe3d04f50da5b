// The address book's state changes, each defined once: the endpoints (src/pages/api/account/addresses*)
// answer them as JSON and the account's address pages take them as plain forms (page.ts). The signed-in
// customer's own addresses only; a guest is 401.
import type { AstroCookies } from 'astro';
import { addressesApi } from '#lib/addresses/contract.ts';
import type { Db } from '../db/client.ts';
import { endpoint, stateChange } from '../http.ts';
import { unauthenticated } from '../auth/index.ts';
import { deleteAddress, saveAddress, setDefaultAddress, type BookFeatures } from './book.ts';
import { savedAddresses } from './queries.ts';

export interface AddressDeps {
  db(): Promise<Db>;
  shopper(cookies: AstroCookies, url?: URL): Promise<{ customerId: string | null }>;
  features(): Promise<BookFeatures>;
}

/** What a change needs of its request: the customer's session. */
interface AddressRequest {
  cookies: AstroCookies;
  url: URL;
}

export function addressChanges(deps: AddressDeps) {
  async function customer(req: AddressRequest): Promise<{ db: Db; customerId: string }> {
    const { customerId } = await deps.shopper(req.cookies, req.url);
    if (!customerId) throw unauthenticated();
    return { db: await deps.db(), customerId };
  }

  return {
    customer,
    save: stateChange(addressesApi.save, async (body, req: AddressRequest) => {
      const { db, customerId } = await customer(req);
      return saveAddress(db, customerId, body, await deps.features());
    }),
    delete: stateChange(addressesApi.delete, async (body, req: AddressRequest) => {
      const { db, customerId } = await customer(req);
      return { addresses: await deleteAddress(db, customerId, body.id, await deps.features()) };
    }),
    setDefault: stateChange(addressesApi.setDefault, async (body, req: AddressRequest) => {
      const { db, customerId } = await customer(req);
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
