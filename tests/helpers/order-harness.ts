// Drives the real checkout and order handlers (src/lib/server/checkout, src/lib/server/orders) on top of
// the cart harness: the same cookie jar per simulated browser, the same test shopper, plus the order
// deps a test can flip and record (tests/helpers/order-deps.ts).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect } from 'vitest';
import type { Db } from '#lib/server/db/client.ts';
import { rows } from './raw-rows.ts';
import type { PaymentGateways } from '#lib/server/orders/payments.ts';
import type { Cart } from '#lib/cart/contract.ts';
import type { UpdateCheckoutRequest } from '#lib/checkout/contract.ts';
import { listen, readBody, type Listening } from '../fakes/http.ts';
import { CookieJar, DEMO_FIXTURES, callHandler, seedFixtures, type CallInit } from './cart-harness.ts';
import type { DatabaseContext } from './databases.ts';
import { handlerFor, orderHarness, type ApiAnswer, type Domain, type OrderHarness } from './order-deps.ts';

export * from './order-deps.ts';

/** A suite's harness on its database: seeded with the demo fixtures once, reset before every test. */
export function orderSuite(ctx: DatabaseContext, gateways?: PaymentGateways): OrderHarness {
  const h = orderHarness(() => ctx.db, gateways);
  beforeAll(() => seedFixtures(ctx.db));
  beforeEach(() => h.reset());
  return h;
}

/** POSTs a JSON body to one handler (`/api/<domain>/<op>`) with the browser's cookies. */
export function api(
  h: OrderHarness,
  jar: CookieJar,
  domain: Domain,
  op: string,
  body: unknown,
  init: CallInit = {},
): Promise<ApiAnswer> {
  const handler = handlerFor(h, domain, op);
  if (!handler) throw new Error(`no handler ${domain}.${op}`);
  return callHandler<ApiAnswer['body']>(handler, jar, `/api/${domain}/${op}`, body, init);
}

/** Asserts a 200 answer and returns its body. */
export async function ok(answer: Promise<ApiAnswer> | ApiAnswer): Promise<ApiAnswer['body']> {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

type AddressInput = NonNullable<UpdateCheckoutRequest['shippingAddress']>;

export const shippingAddress = (overrides: Partial<AddressInput> = {}): AddressInput => ({
  firstName: 'Erika',
  lastName: 'Mustermann',
  company: 'Werkzeug GmbH',
  street: 'Hauptstraße 5',
  city: 'Stuttgart',
  postalCode: '70173',
  country: 'DE',
  ...overrides,
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

/** Sends one request of one browser: in-process (api) or over HTTP to a shop in another process. */
export type Send = (domain: Domain, op: string, body: unknown) => Promise<ApiAnswer>;

/** Takes a browser from an empty cart to one that can be ordered: a line, shipping address and method, billing. */
export async function readyCartVia(send: Send, options: ReadyOptions = {}): Promise<Cart> {
  let cart = (
    await ok(
      send('cart', 'add', { sku: options.sku ?? DEMO_FIXTURES.products.available, quantity: options.quantity ?? 1 }),
    )
  ).cart!;
  if (options.coupon) cart = (await ok(send('cart', 'coupon', { version: cart.version, code: options.coupon }))).cart!;
  const address = shippingAddress({ country: options.country ?? 'DE' });
  cart = (await ok(send('checkout', 'update', { version: cart.version, shippingAddress: address }))).cart!;
  cart = (
    await ok(
      send('checkout', 'update', {
        version: cart.version,
        shippingMethod: { methodCode: options.method ?? 'standard' },
      }),
    )
  ).cart!;
  cart = (
    await ok(send('checkout', 'update', { version: cart.version, billingAddress: options.billing ?? billingAddress() }))
  ).cart!;
  return cart;
}

export const readyCart = (h: OrderHarness, jar: CookieJar, options: ReadyOptions = {}): Promise<Cart> =>
  readyCartVia((domain, op, body) => api(h, jar, domain, op, body), options);

/** `count` browsers, each with its own ready cart (prepared one after the other). */
export async function readyBrowsers(
  h: OrderHarness,
  count: number,
  options: ReadyOptions | ((i: number) => ReadyOptions) = {},
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
  idempotencyKey: randomUUID(),
  cartId: cart.id,
  cart: { version: cart.version, pricesHash: cart.pricesHash },
  paymentMethodCode: 'invoice',
  ...extra,
});

// ------------------------------------------------------------------ database

/** The number a `SELECT count(*)::int AS n …` answers. */
/** Answers counted by outcome: `200`, or the status and error code (`429 TOO_MANY_OPEN_ORDERS`). */
export const tally = (answers: ApiAnswer[]): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const key = a.status === 200 ? '200' : `${a.status} ${a.body.code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

export async function countOf(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ n: number }>(db, query);
  return Number(row!.n);
}

export async function stockOf(db: Db, sku: string): Promise<{ effective: number; external: number }> {
  const [row] = await rows<{ effective: number; external: number }>(
    db,
    sql`
    SELECT s.effective_stock AS effective, s.external_stock AS external FROM stock s JOIN products p ON p.id = s.product_id
    WHERE p.sku = ${sku}`,
  );
  return { effective: Number(row!.effective), external: Number(row!.external) };
}

export async function setStock(
  db: Db,
  sku: string,
  effective: number,
  external: number,
  marked = false,
): Promise<void> {
  await db.execute(sql`
    UPDATE stock SET effective_stock = ${effective}, external_stock = ${external}, marked_in_stock = ${marked}
    WHERE product_id = (SELECT id FROM products WHERE sku = ${sku})`);
}

/** Everything about an order a payment could change, to compare before and after. */
export async function orderState(db: Db, orderId: string): Promise<unknown> {
  return {
    order: await rows(
      db,
      sql`SELECT status, payment_status, confirmed, payment_method_code, confirmation_sent_at,
      last_modified FROM orders WHERE id = ${orderId}`,
    ),
    payments: await rows(
      db,
      sql`SELECT id, status, provider_ref, failure_message, updated_at FROM payments
      WHERE order_id = ${orderId} ORDER BY created_at, id`,
    ),
  };
}

// ------------------------------------------------------------------- webhook

/** The shop's Stripe webhook endpoint on loopback, for the fake Stripe to deliver to. */
export const serveStripeWebhook = (h: OrderHarness): Promise<Listening & { endpoint: string }> =>
  servePaymentWebhook(h, 'stripe');

/** A provider's webhook endpoint of the shop on loopback, for that provider's fake to deliver to. */
export async function servePaymentWebhook(
  h: OrderHarness,
  provider: 'stripe' | 'paypal',
): Promise<Listening & { endpoint: string }> {
  const route = provider === 'stripe' ? h.orders.stripeWebhook : h.orders.paypalWebhook;
  const server = await listen(async (req, res, url) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const request = new Request(new URL(url.pathname, 'http://shop.test'), {
      method: req.method ?? 'POST',
      headers,
      body: await readBody(req),
    });
    const response = await route({
      request,
      url: new URL(request.url),
      cookies: new CookieJar().forRequest(),
    } as never);
    const text = await response.text();
    res.writeHead(response.status, { 'content-type': 'application/json' }).end(text);
  });
  return { ...server, endpoint: `${server.url}/api/payments/${provider}/webhook` };
}
