// The order deps a test can flip and record, wired to the real checkout and order handlers: site
// features, configured payment methods, provider gateways, confirmation mails and sign-ins after an
// account was created with the order. No test-runner imports, so a child process can serve these
// handlers too (tests/helpers/order-server.ts).
import type { APIRoute } from 'astro';
import { sql } from 'drizzle-orm';
import type { Db } from '#lib/server/db/client.ts';
import { cartRoutes } from '#lib/server/cart/handlers.ts';
import { checkoutRoutes } from '#lib/server/checkout/handlers.ts';
import { orderExpiry, orderRoutes, paymentRecovery, type OrderDeps } from '#lib/server/orders/handlers.ts';
import type { OrderLimits } from '#lib/server/orders/limits.ts';
import type { PaymentGateways } from '#lib/server/orders/payments.ts';
import { stripeGateway } from '#lib/server/payments/stripe.ts';
import { paypalGateway } from '#lib/server/payments/paypal.ts';
import { resolveFeatures, type Features } from '#lib/content/features.ts';
import type { PaymentConfiguration } from '#lib/checkout/payment-methods.ts';
import type { Cart } from '#lib/cart/contract.ts';
import type { Order } from '#lib/checkout/contract.ts';
import type { BrandingFlags } from '#lib/content/schemas.ts';
import type { FakeStripe } from '../fakes/stripe-server.ts';
import type { FakePayPal } from '../fakes/paypal-server.ts';
import { testCartDeps, type Harness } from './cart-harness.ts';

export const INVOICE_ONLY: PaymentConfiguration = { invoice: true, stripe: false, stripeSofort: false, paypal: false };
export const ALL_PAYMENTS: PaymentConfiguration = { invoice: true, stripe: true, stripeSofort: false, paypal: true };

export const NO_GATEWAYS: PaymentGateways = {
  stripe: null,
  paypal: null,
  stripePublishableKey: null,
  stripeJsUrl: 'http://127.0.0.1:9/v3/',
  siteUrl: 'http://shop.test',
};

/** The shop's real gateways, pointed at the loopback fakes. */
export function fakeGateways(stripe: FakeStripe, paypal: FakePayPal): PaymentGateways {
  return {
    stripe: stripeGateway({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.url }),
    paypal: paypalGateway({ clientId: paypal.clientId, clientSecret: paypal.clientSecret, apiBase: paypal.url }),
    stripePublishableKey: stripe.publishableKey,
    stripeJsUrl: stripe.jsUrl,
    siteUrl: 'http://shop.test',
  };
}

/**
 * No caps, the shipped hold time: the suites that place many orders from one in-process "address" test
 * ordering, not the caps (tests/integration/stock-drain.test.ts sets the shipped caps).
 */
export const NO_ORDER_LIMITS: OrderLimits = {
  holdMs: 24 * 3_600_000,
  approvalHoldMs: 72 * 3_600_000,
  guest: { maxTotalCents: null, maxPieces: null, maxOpenOrders: null },
  customer: { maxTotalCents: null, maxPieces: null, maxOpenOrders: null },
};

export interface OrderState {
  features: Features;
  payments: PaymentConfiguration;
  gateways: PaymentGateways;
  /** Every confirmation mail the handlers sent, with the guest's access secret for its link (or null). */
  mails: { order: Order; locale: string; access: string | null }[];
  /** How many of the next confirmation mails fail to send (an SMTP outage). */
  mailFailures: number;
  /** Every cancellation mail of an expired order, as `mails`. */
  cancellations: { order: Order; locale: string; access: string | null }[];
  /** The order caps and hold time the handlers and the expiry job use. */
  limits: OrderLimits;
  /** Every mail to approvers that an order waits: the order and the addresses it went to. */
  approvalRequests: { order: Order; to: string[] }[];
  /** Every mail to a buyer about an approval's outcome. */
  approvalOutcomes: { order: Order; locale: string }[];
}

export interface OrderHarness {
  cart: Harness;
  checkout: ReturnType<typeof checkoutRoutes>;
  orders: ReturnType<typeof orderRoutes>;
  /** One run of the payment recovery job on these deps (its confirmation mails land in state.mails). */
  recoverPayments: ReturnType<typeof paymentRecovery>;
  /** One run of the unpaid order expiry job on these deps (its mails land in state.cancellations). */
  expireOrders: ReturnType<typeof orderExpiry>;
  state: OrderState;
  /** Flips site features (over the defaults) for the following requests. */
  setFeatures(overrides: Partial<BrandingFlags>): void;
  /** Back to the defaults: all features as shipped, invoice only, mails and guest prices working. */
  reset(): void;
}

export function orderHarness(db: () => Db, gateways: PaymentGateways = NO_GATEWAYS): OrderHarness {
  const settings: Harness['settings'] = { guestPrices: true, now: undefined };
  const base = testCartDeps(db, settings);
  const state: OrderState = {
    features: resolveFeatures({}),
    payments: INVOICE_ONLY,
    gateways,
    mails: [],
    mailFailures: 0,
    cancellations: [],
    limits: NO_ORDER_LIMITS,
    approvalRequests: [],
    approvalOutcomes: [],
  };
  const deps: OrderDeps = {
    ...base,
    features: async () => state.features,
    payments: () => state.payments,
    gateways: () => state.gateways,
    userEmail: async (userId) => {
      const result = (await db().execute(sql`SELECT email FROM customer_users WHERE id = ${userId}`)) as unknown as {
        rows: { email: string }[];
      };
      return result.rows[0]?.email ?? null;
    },
    sendConfirmation: async (order, locale, access) => {
      if (state.mailFailures > 0) {
        state.mailFailures -= 1;
        throw new Error('SMTP unavailable (test)');
      }
      state.mails.push({ order, locale, access });
    },
    sendCancellation: async (order, locale, access) => {
      state.cancellations.push({ order, locale, access });
    },
    orderLimits: () => state.limits,
    sendApprovalRequest: async (order, approvers) => {
      state.approvalRequests.push({ order, to: approvers.map((a) => a.email) });
    },
    sendApprovalOutcome: async (order, locale) => {
      state.approvalOutcomes.push({ order, locale });
    },
  };
  return {
    cart: { handlers: cartRoutes(base), settings },
    checkout: checkoutRoutes(deps),
    orders: orderRoutes(deps),
    recoverPayments: paymentRecovery(deps),
    expireOrders: orderExpiry(deps),
    state,
    setFeatures(overrides) {
      state.features = resolveFeatures(overrides);
    },
    reset() {
      state.features = resolveFeatures({});
      state.payments = INVOICE_ONLY;
      state.mailFailures = 0;
      state.limits = NO_ORDER_LIMITS;
      settings.guestPrices = true;
    },
  };
}

// ----------------------------------------------------------------- requests

export type Domain = 'cart' | 'checkout' | 'orders';

export interface ApiAnswer {
  status: number;
  // The endpoints' JSON: a cart, an order, a payment action, or the one error shape.
  body: {
    cart?: Cart | null;
    order?: Order;
    created?: boolean;
    payment?: { action: string; url?: string; clientSecret?: string; returnUrl?: string; method?: string };
    methods?: {
      methodCode?: string;
      id?: string;
      amount?: number | null;
      amountInclTax?: number | null;
      currency?: string;
      label?: string;
    }[];
    defaultMethod?: string | null;
    addresses?: {
      id: string;
      isDefaultBilling: boolean;
      isDefaultShipping: boolean;
      city: string;
      email: string | null;
    }[];
    country?: string;
    code?: string;
    message?: string;
    status?: number;
    details?: { path: string; message: string }[] | Record<string, unknown>;
  };
}

/** The endpoint behind `/api/<domain>/<op>`, or undefined. */
export function handlerFor(h: OrderHarness, domain: string, op: string): APIRoute | undefined {
  const set: Record<string, Record<string, APIRoute>> = {
    cart: h.cart.handlers,
    checkout: h.checkout,
    orders: h.orders,
  };
  const routes = Object.hasOwn(set, domain) ? set[domain] : undefined;
  return routes && Object.hasOwn(routes, op) ? routes[op] : undefined;
}
