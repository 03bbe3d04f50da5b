// What the shop's settings let a customer do with their address book, without I/O: the page shows
// only the actions these allow, and the server refuses the rest with the same answers.
//  - isBillingManagmentEnabled off: billing data is managed elsewhere (B2B accounts), so an address used
//    for billing cannot be changed, deleted or added, and no default billing address can be chosen.
//  - isDefaultShippingUpdateEnabled / isDefaultBillingUpdateEnabled off: the default of that kind is
//    fixed: it cannot be edited or deleted, and no other address can become the default.
import type { Features } from '../content/features.ts';
import type { AddressKind } from './contract.ts';

export type AddressBookFlags = Pick<
  Features,
  'isBillingManagmentEnabled' | 'isDefaultShippingUpdateEnabled' | 'isDefaultBillingUpdateEnabled'
>;

/** Why an address or a default may not change: billing managed elsewhere, or a fixed default. */
export type AddressLock = 'billing-managed' | 'default-locked';

interface AddressRoles {
  isBilling: boolean;
  isDefaultShipping: boolean;
  isDefaultBilling: boolean;
}

/** Why the address may not be edited or deleted, or null when it may. */
export function addressLock(address: AddressRoles, flags: AddressBookFlags): AddressLock | null {
  if ((address.isBilling || address.isDefaultBilling) && !flags.isBillingManagmentEnabled) return 'billing-managed';
  if (address.isDefaultShipping && !flags.isDefaultShippingUpdateEnabled) return 'default-locked';
  if (address.isDefaultBilling && !flags.isDefaultBillingUpdateEnabled) return 'default-locked';
  return null;
}

/** Why the default of this kind may not be chosen, or null when it may. */
export function defaultLock(kind: AddressKind, flags: AddressBookFlags): AddressLock | null {
  if (kind === 'billing' && !flags.isBillingManagmentEnabled) return 'billing-managed';
  const enabled = kind === 'shipping' ? flags.isDefaultShippingUpdateEnabled : flags.isDefaultBillingUpdateEnabled;
  return enabled ? null : 'default-locked';
}

/** New addresses serve shipping, and billing too where the customer manages their billing data. */
export const newAddressUses = (flags: AddressBookFlags) => ({
  shipping: true,
  billing: flags.isBillingManagmentEnabled,
});

/**
 * Addresses one customer's book holds: far more than any company ships to from one account, and a bound
 * on what a script adding addresses in a loop can store (and what every checkout then lists).
 */
export const MAX_SAVED_ADDRESSES = 100;
