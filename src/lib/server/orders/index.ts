// The order domain's public face: the endpoints wired to the process database, the shopper, the
// configured payment providers, the session (an account created with an order signs its shopper in) and mail.
import { sql } from 'drizzle-orm';
import { env } from '../env.ts';
import { defaultCheckoutDeps } from '../checkout/index.ts';
import { setSessionCookies, shopTitle, startSession } from '../auth/index.ts';
import { rows } from '../db/index.ts';
import { isLocale, DEFAULT_LOCALE } from '#lib/i18n/locales.ts';
import { sendOrderConfirmationMail } from '../mail/index.ts';
import { paypalFromEnv, stripeFromEnv } from '../payments/index.ts';
import { orderRoutes, type OrderDeps } from './handlers.ts';
import type { PaymentGateways } from './payments.ts';

export { accountOrderView, myItemsView, orderHistoryView, type MyItemsData, type OrderHistoryData } from './account-pages.ts';
export { loadOrderPage } from './order-page.ts';

let gateways: PaymentGateways | undefined;

/** The provider clients, built once from the environment (null where a provider is not configured). */
function paymentGateways(): PaymentGateways {
  const e = env();
  gateways ??= {
    stripe: stripeFromEnv(),
    paypal: paypalFromEnv(),
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null,
    stripeJsUrl: e.STRIPE_JS_URL,
    siteUrl: e.SITE_URL,
  };
  return gateways;
}

const defaultOrderDeps: OrderDeps = {
  ...defaultCheckoutDeps,
  gateways: paymentGateways,
  customerEmail: async (customerId) => {
    const [row] = await rows<{ email: string }>(await defaultCheckoutDeps.db(), sql`SELECT email FROM customers WHERE id = ${customerId}`);
    return row?.email ?? null;
  },
  signIn: async (req, customerId) => {
    setSessionCookies(req.cookies, await startSession(await defaultCheckoutDeps.db(), customerId, false), req.url);
  },
  sendConfirmation: async (order, locale) => {
    await sendOrderConfirmationMail(order, locale, await shopTitle(isLocale(locale) ? locale : DEFAULT_LOCALE));
  },
};

/** The endpoints under src/pages/api/orders and src/pages/api/payments, wired to the process database and shopper. */
export const orders = orderRoutes(defaultOrderDeps);
