// The address book's endpoints (src/pages/api/account/addresses*): the signed-in customer's own
// addresses only; a guest is 401.
import type { AstroCookies } from 'astro';
import { addressesApi } from '#lib/addresses/contract.ts';
import type { Db } from '../db/client.ts';
import { endpoint } from '../http.ts';
import { unauthenticated } from '../auth/index.ts';
import { deleteAddress, saveAddress, setDefaultAddress, type BookFeatures } from './book.ts';
import { savedAddresses } from './queries.ts';

export interface AddressDeps {
  db(): Promise<Db>;
  shopper(cookies: AstroCookies, url?: URL): Promise<{ customerId: string | null }>;
  features(): Promise<BookFeatures>;
}

export function addressesRoutes(deps: AddressDeps) {
  async function customer(req: { cookies: AstroCookies; url: URL }): Promise<{ db: Db; customerId: string }> {
    const { customerId } = await deps.shopper(req.cookies, req.url);
    if (!customerId) throw unauthenticated();
    return { db: await deps.db(), customerId };
  }

  return {
    list: endpoint(addressesApi.list, async (_body, req) => {
      const { db, customerId } = await customer(req);
      return { addresses: await savedAddresses(db, customerId) };
    }),
    save: endpoint(addressesApi.save, async (body, req) => {
      const { db, customerId } = await customer(req);
      return saveAddress(db, customerId, body, await deps.features());
    }),
    delete: endpoint(addressesApi.delete, async (body, req) => {
      const { db, customerId } = await customer(req);
      return { addresses: await deleteAddress(db, customerId, body.id, await deps.features()) };
    }),
    setDefault: endpoint(addressesApi.setDefault, async (body, req) => {
      const { db, customerId } = await customer(req);
      return { addresses: await setDefaultAddress(db, customerId, body.id, body.kind, await deps.features()) };
    }),
  };
}
