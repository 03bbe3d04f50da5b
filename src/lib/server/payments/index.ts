// The payment providers' public face: the Stripe and PayPal clients the environment configures (the
// real ones; tests point them at loopback fakes through their API base URLs).
export {
  stripeFromEnv,
  type StripeGateway,
  type StripeIntent,
  type StripeMethod,
  type StripeWebhookEvent,
} from './stripe.ts';
export { paypalFromEnv, type PayPalGateway, type PayPalOrder } from './paypal.ts';
export type { PayPalWebhookEvent } from './paypal-webhook.ts';
