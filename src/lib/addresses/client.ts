// Typed browser client of the address book (src/pages/api/account/addresses*): types from the
// contract, method and path from routes.ts, so no schema library reaches the browser.
import { call, endpoints } from '../http/client.ts';
import type { addressesApi as addressesContract, AddressKind, SaveAddressRequest } from './contract.ts';
import type { SavedAddress } from '../checkout/address.ts';
import { addressRoutes } from './routes.ts';

export const addressesApi = endpoints<typeof addressesContract>(addressRoutes);

export async function saveAddress(body: SaveAddressRequest): Promise<SavedAddress> {
  return (await call(addressesApi.save, body)).address;
}

export async function deleteAddress(id: string): Promise<SavedAddress[]> {
  return (await call(addressesApi.delete, { id })).addresses;
}

export async function setDefaultAddress(id: string, kind: AddressKind): Promise<SavedAddress[]> {
  return (await call(addressesApi.setDefault, { id, kind })).addresses;
}
