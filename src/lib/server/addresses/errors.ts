// The address book's coded errors, shared with the checkout (which stores saved addresses too).
// Messages are English fallbacks; the UI translates by code.
import { ApiError } from '../http.ts';
import { CHECKOUT_MESSAGES } from '#lib/checkout/address.ts';
import { MAX_SAVED_ADDRESSES } from '#lib/addresses/rules.ts';

/** Another customer's address and one that never existed answer alike, so an id is never confirmed. */
export const addressNotFound = () => new ApiError('ADDRESS_NOT_FOUND', 'This saved address does not exist.', 404);
export const billingManagementDisabled = () =>
  new ApiError('BILLING_MANAGEMENT_DISABLED', 'The billing address of your account cannot be changed here.', 403);
export const defaultAddressLocked = (kind: 'shipping' | 'billing') =>
  new ApiError('DEFAULT_ADDRESS_LOCKED', `The default ${kind} address of your account cannot be changed here.`, 403);
/** The shop requires a company (features.companyRequired): a field error, as the checkout answers it. */
export const addressCompanyRequired = (prefix: string) =>
  new ApiError('VALIDATION_FAILED', `${prefix}.company: ${CHECKOUT_MESSAGES.required}`, 400, [
    { path: `${prefix}.company`, message: CHECKOUT_MESSAGES.required },
  ]);
/** The book holds MAX_SAVED_ADDRESSES already: an address is edited or deleted, not added. */
export const addressBookFull = () =>
  new ApiError(
    'ADDRESS_BOOK_FULL',
    `Your address book holds ${MAX_SAVED_ADDRESSES} addresses, the most it can. Please delete one to add another.`,
    409,
  );
