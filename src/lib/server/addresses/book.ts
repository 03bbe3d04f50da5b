// The address book's operations for one signed-in customer, shared by the JSON endpoints and the
// account pages' plain forms: add or update, delete, make default. Ownership is checked first, so
// another customer's address is ADDRESS_NOT_FOUND before any setting could tell it exists.
import type { Features } from '#lib/content/features.ts';
import type { SavedAddress } from '#lib/checkout/address.ts';
import type { AddressKind, SaveAddressInput } from '#lib/addresses/contract.ts';
import { addressLock, defaultLock, newAddressUses, type AddressLock } from '#lib/addresses/rules.ts';
import type { Db } from '../db/client.ts';
import type { ApiError } from '../http.ts';
import { addressCompanyRequired, addressNotFound, billingManagementDisabled, defaultAddressLocked } from './errors.ts';
import {
  insertAddress,
  markDefault,
  ownedAddress,
  removeAddress,
  savedAddresses,
  updateAddress,
  withAddressBook,
} from './queries.ts';

export type BookFeatures = Pick<
  Features,
  'companyRequired' | 'isBillingManagmentEnabled' | 'isDefaultShippingUpdateEnabled' | 'isDefaultBillingUpdateEnabled'
>;

function refusal(lock: AddressLock, kind: AddressKind): ApiError {
  return lock === 'billing-managed' ? billingManagementDisabled() : defaultAddressLocked(kind);
}

/** The kind whose setting locks this address (for the error's wording). */
const lockedKind = (address: SavedAddress, features: BookFeatures): AddressKind =>
  address.isDefaultShipping && !features.isDefaultShippingUpdateEnabled ? 'shipping' : 'billing';

async function ownedOrMissing(
  tx: Parameters<typeof ownedAddress>[0],
  customerId: string,
  id: string,
): Promise<SavedAddress> {
  const address = await ownedAddress(tx, customerId, id);
  if (!address) throw addressNotFound();
  return address;
}

function assertMayChange(address: SavedAddress, features: BookFeatures): void {
  const lock = addressLock(address, features);
  if (lock) throw refusal(lock, lockedKind(address, features));
}

function assertMayMakeDefault(kind: AddressKind, features: BookFeatures): void {
  const lock = defaultLock(kind, features);
  if (lock) throw refusal(lock, kind);
}

/** Adds or updates an address (and makes it a default when asked); answers it and the whole book. */
export async function saveAddress(
  db: Db,
  customerId: string,
  input: SaveAddressInput,
  features: BookFeatures,
): Promise<{ address: SavedAddress; addresses: SavedAddress[] }> {
  if (features.companyRequired && !input.address.company) throw addressCompanyRequired('address');
  const defaults = (['shipping', 'billing'] as const).filter(
    (kind) => (kind === 'shipping' ? input.defaultShipping : input.defaultBilling) === true,
  );
  return withAddressBook(db, customerId, async (tx) => {
    let id = input.address.id;
    const existing = id ? await ownedOrMissing(tx, customerId, id) : null;
    if (existing) assertMayChange(existing, features);
    // Asking for what the address already is changes nothing, so a locked setting does not refuse it.
    const wanted = defaults.filter(
      (kind) => !(kind === 'shipping' ? existing?.isDefaultShipping : existing?.isDefaultBilling),
    );
    for (const kind of wanted) assertMayMakeDefault(kind, features);
    if (id) await updateAddress(tx, customerId, id, input.address);
    else id = await insertAddress(tx, customerId, input.address, newAddressUses(features));
    for (const kind of wanted) await markDefault(tx, customerId, id, kind);
    const addresses = await savedAddresses(tx, customerId);
    return { address: addresses.find((a) => a.id === id)!, addresses };
  });
}

/**
 * Deletes an address. A default that is deleted leaves no default of its kind behind: the shop does
 * not pick another address to ship or bill to on the customer's behalf; the checkout then asks.
 */
export async function deleteAddress(
  db: Db,
  customerId: string,
  id: string,
  features: BookFeatures,
): Promise<SavedAddress[]> {
  return withAddressBook(db, customerId, async (tx) => {
    assertMayChange(await ownedOrMissing(tx, customerId, id), features);
    await removeAddress(tx, customerId, id);
    return savedAddresses(tx, customerId);
  });
}

/** Makes the address the only default of its kind (and usable for that kind). */
export async function setDefaultAddress(
  db: Db,
  customerId: string,
  id: string,
  kind: AddressKind,
  features: BookFeatures,
): Promise<SavedAddress[]> {
  return withAddressBook(db, customerId, async (tx) => {
    const address = await ownedOrMissing(tx, customerId, id);
    const already = kind === 'shipping' ? address.isDefaultShipping : address.isDefaultBilling;
    if (!already) {
      assertMayMakeDefault(kind, features);
      await markDefault(tx, customerId, id, kind);
    }
    return savedAddresses(tx, customerId);
  });
}
