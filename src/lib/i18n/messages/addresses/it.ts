import type { AddressesMessages } from './en.ts';

// The Italian messages of the address book (account pages AddressDetails, ShippingDetails, BillingDetails); keys and placeholders mirror en.ts.
export const itAddresses: AddressesMessages = {
};
