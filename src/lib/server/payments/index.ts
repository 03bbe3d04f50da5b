// The payment providers' public face: Stripe and PayPal clients (the real ones; tests point them at
// loopback fakes through their API base URLs) and their typed failures.
export {
  stripeFromEnv, stripeGateway, type CreateIntentInput, type StripeGateway, type StripeIntent, type StripeMethod,
  type StripeWebhookEvent,
} from './stripe.ts';
export { paypalFromEnv, paypalGateway, type CreatePayPalOrderInput, type PayPalGateway, type PayPalOrder } from './paypal.ts';
export { PaymentProviderError, PaymentSignatureError, type PaymentProvider } from './errors.ts';
export { centsToDecimal } from './amounts.ts';
