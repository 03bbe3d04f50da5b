// Drives the real checkout and order handlers (src/lib/server/checkout, src/lib/server/orders) on top of
// the cart harness: the same cookie jar per simulated browser, the same test shopper, plus the order
// deps a test can flip (site features, configured payment methods, provider gateways) and record
// (confirmation mails, sign-ins after an account was created with the order).
import { randomUUID } from 'node:crypto';
import type { APIContext } from 'astro';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect } from 'vitest';
import type { Db } from '../../src/lib/server/db/client.ts';
import { cartHandlers, type CartHandlers } from '../../src/lib/server/cart/handlers.ts';
import { checkoutHandlers, type CheckoutHandlers } from '../../src/lib/server/checkout/handlers.ts';
import { orderHandlers, type OrderDeps, type OrderHandlers } from '../../src/lib/server/orders/handlers.ts';
import type { PaymentGateways } from '../../src/lib/server/orders/payments.ts';
import { stripeGateway } from '../../src/lib/server/payments/stripe.ts';
import { paypalGateway } from '../../src/lib/server/payments/paypal.ts';
import { endpoint } from '../../src/lib/server/http.ts';
import { resolveFeatures, type Features } from '../../src/lib/features.ts';
import type { PaymentConfiguration } from '../../src/lib/payment-methods.ts';
import type { Cart } from '../../src/lib/schemas/cart.ts';
import type { AddressInput, Order } from '../../src/lib/schemas/checkout.ts';
import type { BrandingFlags } from '../../src/lib/schemas/content.ts';
import type { FakeStripe } from '../fakes/stripe-server.ts';
import type { FakePayPal } from '../fakes/paypal-server.ts';
import { listen, readBody, type Listening } from '../fakes/http.ts';
import {
  CUSTOMER_COOKIE, CookieJar, DEMO_FIXTURES, callHandler, seedFixtures, testCartDeps, type CallInit, type Harness,
} from './cart-harness.ts';
import type { DatabaseContext } from './databases.ts';

export const INVOICE_ONLY: PaymentConfiguration = { invoice: true, stripe: false, stripeSofort: false, paypal: false };
export const ALL_PAYMENTS: PaymentConfiguration = { invoice: true, stripe: true, stripeSofort: false, paypal: true };

export const NO_GATEWAYS: PaymentGateways = {
  stripe: null, paypal: null, stripePublishableKey: null, stripeJsUrl: 'http://127.0.0.1:9/v3/', siteUrl: 'http://shop.test',
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

export interface OrderState {
  features: Features;
  payments: PaymentConfiguration;
  gateways: PaymentGateways;
  /** Every confirmation mail the handlers sent. */
  mails: { order: Order; locale: string }[];
  /** How many of the next confirmation mails fail to send (an SMTP outage). */
  mailFailures: number;
  /** Customers signed in after an account was created with their order. */
  signIns: string[];
}

export interface OrderHarness {
  cart: Harness;
  checkout: CheckoutHandlers;
  orders: OrderHandlers;
  state: OrderState;
  /** Flips site features (over the defaults) for the following requests. */
  setFeatures(overrides: Partial<BrandingFlags>): void;
  /** Back to the defaults: all features as shipped, invoice only, mails and guest prices working. */
  reset(): void;
}

export function orderHarness(db: () => Db, gateways: PaymentGateways = NO_GATEWAYS): OrderHarness {
  const settings: Harness['settings'] = { guestPrices: true, now: undefined };
  const base = testCartDeps(db, settings);
  const state: OrderState = { features: resolveFeatures({}), payments: INVOICE_ONLY, gateways, mails: [], mailFailures: 0, signIns: [] };
  const deps: OrderDeps = {
    ...base,
    features: async () => state.features,
    payments: () => state.payments,
    gateways: () => state.gateways,
    customerEmail: async (customerId) => {
      const result = (await db().execute(sql`SELECT email FROM customers WHERE id = ${customerId}`)) as unknown as { rows: { email: string }[] };
      return result.rows[0]?.email ?? null;
    },
    signIn: async (req, customerId) => {
      state.signIns.push(customerId);
      req.cookies.set(CUSTOMER_COOKIE, customerId);
    },
    sendConfirmation: async (order, locale) => {
      if (state.mailFailures > 0) {
        state.mailFailures -= 1;
        throw new Error('SMTP unavailable (test)');
      }
      state.mails.push({ order, locale });
    },
  };
  const cart: CartHandlers = cartHandlers(base);
  return {
    cart: { handlers: cart, settings },
    checkout: checkoutHandlers(deps),
    orders: orderHandlers(deps),
    state,
    setFeatures(overrides) {
      state.features = resolveFeatures(overrides);
    },
    reset() {
      state.features = resolveFeatures({});
      state.payments = INVOICE_ONLY;
      state.mailFailures = 0;
      settings.guestPrices = true;
    },
  };
}

/** A suite's harness on its database: seeded with the demo fixtures once, reset before every test. */
export function orderSuite(ctx: DatabaseContext, gateways?: PaymentGateways): OrderHarness {
  const h = orderHarness(() => ctx.db, gateways);
  beforeAll(() => seedFixtures(ctx.db));
  beforeEach(() => h.reset());
  return h;
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
    methods?: { methodCode?: string; id?: string; amount?: number | null; amountInclTax?: number | null; currency?: string; label?: string }[];
    defaultMethod?: string | null;
    addresses?: { id: string; isDefaultBilling: boolean; isDefaultShipping: boolean; city: string; email: string | null }[];
    country?: string;
    code?: string;
    message?: string;
    status?: number;
    details?: { path: string; message: string }[] | Record<string, unknown>;
  };
}

type HandlerSet = { cart: CartHandlers; checkout: CheckoutHandlers; orders: OrderHandlers };

/** POSTs a JSON body to one handler (`/api/<domain>/<op>`) with the browser's cookies. */
export function api(h: OrderHarness, jar: CookieJar, domain: Domain, op: string, body: unknown, init: CallInit = {}): Promise<ApiAnswer> {
  const set: HandlerSet = { cart: h.cart.handlers, checkout: h.checkout, orders: h.orders };
  const handler = (set[domain] as unknown as Record<string, (c: APIContext) => Promise<Response>>)[op];
  if (!handler) throw new Error(`no handler ${domain}.${op}`);
  return callHandler<ApiAnswer['body']>(handler, jar, `/api/${domain}/${op}`, body, init);
}

/** Asserts a 200 answer and returns its body. */
export async function ok(answer: Promise<ApiAnswer> | ApiAnswer): Promise<ApiAnswer['body']> {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

export const shippingAddress = (overrides: Partial<AddressInput> = {}): AddressInput => ({
  firstName: 'Erika', lastName: 'Mustermann', company: 'Werkzeug GmbH', street: 'Hauptstraße 5', city: 'Stuttgart',
  postalCode: '70173', country: 'DE', ...overrides,
});

export const billingAddress = (overrides: Partial<AddressInput> = {}): AddressInput =>
  shippingAddress({ email: `buyer-${randomUUID().slice(0, 8)}@example.com`, ...overrides });

export interface ReadyOptions {
  sku?: string;
  quantity?: number;
  coupon?: string;
  country?: AddressInput['country'];
  method?: string;
  billing?: AddressInput;
}

/** Takes a browser from an empty cart to one that can be ordered: a line, shipping address and method, billing. */
export async function readyCart(h: OrderHarness, jar: CookieJar, options: ReadyOptions = {}): Promise<Cart> {
  let cart = (await ok(api(h, jar, 'cart', 'add', {
    sku: options.sku ?? DEMO_FIXTURES.products.available, quantity: options.quantity ?? 1,
  }))).cart!;
  if (options.coupon) cart = (await ok(api(h, jar, 'cart', 'coupon', { version: cart.version, code: options.coupon }))).cart!;
  const address = shippingAddress({ country: options.country ?? 'DE' });
  cart = (await ok(api(h, jar, 'checkout', 'update', { version: cart.version, shippingAddress: address }))).cart!;
  cart = (await ok(api(h, jar, 'checkout', 'update', { version: cart.version, shippingMethod: { methodCode: options.method ?? 'standard' } }))).cart!;
  cart = (await ok(api(h, jar, 'checkout', 'update', { version: cart.version, billingAddress: options.billing ?? billingAddress() }))).cart!;
  return cart;
}

/** `count` browsers, each with its own ready cart (prepared one after the other). */
export async function readyBrowsers(
  h: OrderHarness, count: number, options: ReadyOptions | ((i: number) => ReadyOptions) = {},
): Promise<{ jar: CookieJar; cart: Cart }[]> {
  const ready: { jar: CookieJar; cart: Cart }[] = [];
  for (let i = 0; i < count; i++) {
    const jar = new CookieJar();
    ready.push({ jar, cart: await readyCart(h, jar, typeof options === 'function' ? options(i) : options) });
  }
  return ready;
}

/** The create-order request body for a cart as the browser last saw it. */
export const orderRequest = (cart: Cart, extra: Record<string, unknown> = {}) => ({
  idempotencyKey: randomUUID(), cartId: cart.id, cart: { version: cart.version }, paymentMethodCode: 'invoice', ...extra,
});

// ------------------------------------------------------------------ database

export async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The number a `SELECT count(*)::int AS n …` answers. */
export async function countOf(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, query);
  return Number(row!.n);
}

export async function stockOf(db: Db, sku: string): Promise<{ effective: number; external: number }> {
  const [row] = await rowsOf<{ effective: number; external: number }>(db, sql`
    SELECT s.effective_stock AS effective, s.external_stock AS external FROM stock s JOIN products p ON p.id = s.product_id
    WHERE p.sku = ${sku}`);
  return { effective: Number(row!.effective), external: Number(row!.external) };
}

export async function setStock(db: Db, sku: string, effective: number, external: number, marked = false): Promise<void> {
  await db.execute(sql`
    UPDATE stock SET effective_stock = ${effective}, external_stock = ${external}, marked_in_stock = ${marked}
    WHERE product_id = (SELECT id FROM products WHERE sku = ${sku})`);
}

/** Everything about an order a payment could change, to compare before and after. */
export async function orderState(db: Db, orderId: string): Promise<unknown> {
  return {
    order: await rowsOf(db, sql`SELECT status, payment_status, confirmed, payment_method_code, confirmation_sent_at,
      last_modified FROM orders WHERE id = ${orderId}`),
    payments: await rowsOf(db, sql`SELECT id, status, provider_ref, failure_message, updated_at FROM payments
      WHERE order_id = ${orderId} ORDER BY created_at, id`),
  };
}

// ------------------------------------------------------------------- webhook

/** The shop's Stripe webhook endpoint on loopback, for the fake Stripe to deliver to. */
export async function serveStripeWebhook(h: OrderHarness): Promise<Listening & { endpoint: string }> {
  const route = endpoint((context) => h.orders.stripeWebhook(context));
  const server = await listen(async (req, res, url) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const request = new Request(new URL(url.pathname, 'http://shop.test'), { method: req.method ?? 'POST', headers, body: await readBody(req) });
    const response = await route({ request, url: new URL(request.url), cookies: new CookieJar().forRequest() } as never);
    const text = await response.text();
    res.writeHead(response.status, { 'content-type': 'application/json' }).end(text);
  });
  return { ...server, endpoint: `${server.url}/api/payments/stripe/webhook` };
}
