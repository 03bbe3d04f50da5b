// The checkout domain's public face: the endpoints wired to the process database, the shopper, the
// site features and the configured payment providers.
import { env } from '../env.ts';
import { siteFeatures } from '../auth/index.ts';
import { defaultCartDeps } from '../cart/index.ts';
import { offeredPayments, type OfferedPayments, type PaymentConfiguration } from '#lib/checkout/payment-methods.ts';
import { checkoutRoutes, type CheckoutDeps } from './handlers.ts';

export { guardCart } from './page-state.ts';
export { shopperCountry } from './country-cookie.ts';
export { invoiceDetails, loadCheckoutPage, uuidParam, type CheckoutPageResult } from './pages.ts';
export { saveAsDefault } from '../addresses/index.ts';
export { emailRequired, guestCheckoutDisabled } from './errors.ts';

/** What the environment configures: Stripe needs both keys, PayPal both credentials. */
function paymentConfiguration(): PaymentConfiguration {
  const e = env();
  const stripe = Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY);
  return {
    invoice: e.INVOICE_ENABLED,
    stripe,
    stripeSofort: stripe && e.STRIPE_SOFORT_ENABLED,
    paypal: Boolean(e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET),
  };
}

/** The payment methods this shop offers, for the pages that let the shopper choose one. */
export const shopPayments = (): OfferedPayments => offeredPayments(paymentConfiguration());

export const defaultCheckoutDeps: CheckoutDeps = {
  ...defaultCartDeps,
  features: siteFeatures,
  payments: paymentConfiguration,
};

/** The endpoints under src/pages/api/checkout, wired to the process database and shopper. */
export const checkout = checkoutRoutes(defaultCheckoutDeps);
