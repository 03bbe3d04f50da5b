// English messages of the address book (account pages AddressDetails, ShippingDetails, BillingDetails): a part of en.ts of its own.
// Every other locale's part has exactly these keys.
export const enAddresses = {
} as const;

export type AddressesMessages = Record<keyof typeof enAddresses, string>;
