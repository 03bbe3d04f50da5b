// Both payment provider fakes at once, for the end-to-end server (in-process) or by hand:
//   node tests/fakes/payment-fakes.ts [--stripe-port 12111] [--paypal-port 12112] [--webhook http://localhost:4329/api/…]
//     [--paypal-webhook http://localhost:4329/api/payments/paypal/webhook]
// prints the environment the shop needs to use them and runs until interrupted.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startFakeStripe, type FakeStripe } from './stripe-server.ts';
import { startFakePayPal, type FakePayPal } from './paypal-server.ts';

export { startFakeStripe, stripeSignature, FAKE_STRIPE_KEYS, type FakeStripe } from './stripe-server.ts';
export { startFakePayPal, FAKE_PAYPAL_CREDENTIALS, type FakePayPal } from './paypal-server.ts';

export interface PaymentFakes {
  stripe: FakeStripe;
  paypal: FakePayPal;
  /** The shop's configuration for these fakes (merge into the server's environment). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startPaymentFakes(
  options: { stripePort?: number; paypalPort?: number; stripeWebhookUrl?: string; paypalWebhookUrl?: string } = {},
): Promise<PaymentFakes> {
  const stripe = await startFakeStripe({
    ...(options.stripePort !== undefined ? { port: options.stripePort } : {}),
    ...(options.stripeWebhookUrl ? { webhookUrl: options.stripeWebhookUrl } : {}),
  });
  const paypal = await startFakePayPal({
    ...(options.paypalPort !== undefined ? { port: options.paypalPort } : {}),
    ...(options.paypalWebhookUrl ? { webhookUrl: options.paypalWebhookUrl } : {}),
  });
  return {
    stripe,
    paypal,
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
      STRIPE_JS_URL: stripe.jsUrl,
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_BASE: paypal.url,
      // Only with a webhook URL: a shop whose webhook ID is set expects PayPal to deliver events.
      ...(options.paypalWebhookUrl ? { PAYPAL_WEBHOOK_ID: paypal.webhookId } : {}),
    },
    stop: async () => {
      await Promise.all([stripe.stop(), paypal.stop()]);
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      'stripe-port': { type: 'string' },
      'paypal-port': { type: 'string' },
      webhook: { type: 'string' },
      'paypal-webhook': { type: 'string' },
    },
  });
  const fakes = await startPaymentFakes({
    ...(values['stripe-port'] ? { stripePort: Number(values['stripe-port']) } : {}),
    ...(values['paypal-port'] ? { paypalPort: Number(values['paypal-port']) } : {}),
    ...(values.webhook ? { stripeWebhookUrl: values.webhook } : {}),
    ...(values['paypal-webhook'] ? { paypalWebhookUrl: values['paypal-webhook'] } : {}),
  });
  for (const [key, value] of Object.entries(fakes.env)) console.log(`${key}=${value}`);
  const stop = () => void fakes.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
