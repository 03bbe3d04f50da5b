// The checkout's coded errors. Messages are English fallbacks; the UI translates by code.
import { ApiError } from '../http.ts';
import { CHECKOUT_MESSAGES } from '#lib/checkout/address.ts';

/** A field-level problem in the one error shape, so the form can show it next to the field. */
const fieldError = (path: string, message: string) =>
  new ApiError('VALIDATION_FAILED', `${path}: ${message}`, 400, [{ path, message }]);

export const companyRequired = (prefix: string) => fieldError(`${prefix}.company`, CHECKOUT_MESSAGES.required);
export const emailRequired = (prefix: string) => fieldError(`${prefix}.email`, CHECKOUT_MESSAGES.required);
export const passwordTooShort = () => fieldError('userPassword', CHECKOUT_MESSAGES.passwordTooShort);
/** The account password breaks a password rule; the message is the rule's (password-policy.ts). */
export const accountPasswordRefused = (message: string) => fieldError('userPassword', message);

export const shippingAddressRequired = () =>
  new ApiError('SHIPPING_ADDRESS_REQUIRED', 'Please enter a shipping address first.', 409);
export const shippingMethodUnavailable = () =>
  new ApiError('SHIPPING_METHOD_UNAVAILABLE', 'This shipping method is not available for your address.', 400);
// Saved addresses belong to the address book, which answers these for the checkout too.
export { addressNotFound, billingManagementDisabled } from '../addresses/index.ts';
export const checkoutRegistrationDisabled = () =>
  new ApiError('REGISTRATION_DISABLED', 'Creating an account during checkout is not available.', 403);
export const alreadySignedIn = () => new ApiError('ALREADY_SIGNED_IN', 'You are already signed in.', 409);
export const guestCheckoutDisabled = () => new ApiError('GUEST_CHECKOUT_DISABLED', 'Please log in to check out.', 401);
