// A real shopper for the fuzz and XSS suites: a customer of their own (registered over HTTP from an
// address of their own), with a cart, an address and a confirmed order, so that fuzz bodies naming
// real ids get past "not found" into the code that acts on them.
import { mergeCookies, type Answer, type FuzzClient } from './http-client.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

let addresses = 0;
/**
 * A client address of its own per call, from the benchmarking range 198.18.0.0/15 (the end-to-end
 * helpers take 198.51.x): per-IP rate limits then count each fuzz request, so bodies reach the schema.
 * The shop under test trusts X-Forwarded-For (TRUST_PROXY=1), as it would behind a proxy.
 */
export function freshIp(): string {
  addresses += 1;
  return `198.${18 + ((addresses >> 16) & 1)}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

export const TEST_ADDRESS = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  street: 'Hauptstraße 5',
  postalCode: '10115',
  city: 'Berlin',
  country: 'DE',
};

export interface Shopper {
  email: string;
  cookie: string;
}

export interface ShopperData {
  /** Real ids of the customer: addresses, an order, the cart and its lines. */
  uuids: string[];
  cartVersion: number;
}

interface CartBody {
  cart: { id: string; version: number; pricesHash: string; cartItems: { id: string }[] };
}

/** POSTs JSON as this shopper, keeping the cookies the shop sets; fails on anything but 2xx. */
async function call(
  client: FuzzClient,
  shopper: { cookie: string },
  path: string,
  body: unknown,
  ip = freshIp(),
): Promise<unknown> {
  const answer: Answer = await client.send({
    method: 'POST',
    path,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', cookie: shopper.cookie, 'x-forwarded-for': ip },
  });
  shopper.cookie = mergeCookies(shopper.cookie, answer.headers['set-cookie']);
  if (answer.status >= 300) throw new Error(`${path} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return answer.text ? JSON.parse(answer.text) : null;
}

/**
 * A new session of a demo customer, from an address of its own: each fuzzed endpoint gets one, so
 * fuzzing logout cannot sign out the next endpoint's bodies. (Accounts are signed into rather than
 * registered: registration is confirmed by mail, and a fresh address is exempt from the lockout that
 * fuzzing the login endpoint itself runs into.)
 */
export async function signIn(client: FuzzClient, email: string): Promise<Shopper> {
  const shopper: Shopper = { email, cookie: '' };
  await call(client, shopper, '/api/auth/login', { username: email, password: DEMO_FIXTURES.password });
  return shopper;
}

/** Gives the shopper an address, a confirmed invoice order and a filled cart; returns their ids. */
export async function prepareShopper(client: FuzzClient, shopper: Shopper): Promise<ShopperData> {
  const uuids: string[] = [];
  const { available, accessories } = DEMO_FIXTURES.products;
  const saved = (await call(client, shopper, '/api/account/addresses', { address: TEST_ADDRESS })) as {
    addresses: { id: string }[];
  };
  uuids.push(...saved.addresses.map((a) => a.id));
  let { cart } = (await call(client, shopper, '/api/cart/add', { sku: available, quantity: 1 })) as CartBody;
  for (const change of [
    { shippingAddress: TEST_ADDRESS },
    { shippingMethod: { methodCode: 'standard' } },
    { billingAddress: { ...TEST_ADDRESS, email: shopper.email } },
  ]) {
    ({ cart } = (await call(client, shopper, '/api/checkout/update', {
      version: cart.version,
      ...change,
    })) as CartBody);
  }
  const { order } = (await call(client, shopper, '/api/orders/create', {
    idempotencyKey: crypto.randomUUID(),
    cartId: cart.id,
    cart: { version: cart.version, pricesHash: cart.pricesHash },
    paymentMethodCode: 'invoice',
  })) as { order: { id: string } };
  await call(client, shopper, '/api/orders/confirm', { id: order.id });
  uuids.push(order.id);
  ({ cart } = (await call(client, shopper, '/api/cart/add', { sku: accessories[0], quantity: 2 })) as CartBody);
  uuids.push(cart.id, ...cart.cartItems.map((l) => l.id));
  return { uuids, cartVersion: cart.version };
}
