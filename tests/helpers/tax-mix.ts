// The cart of the tax tests (issue 31): a 19 % product, three of a 7 % product, the WELCOME10 coupon and
// paid standard shipping, checked out to `country` with an optional VAT id on the billing address.
import { sql } from 'drizzle-orm';
import type { Cart } from '#lib/cart/contract.ts';
import type { Db } from '#lib/server/db/client.ts';
import { DEMO_FIXTURES } from './cart-harness.ts';
import { billingAddress, ok, setStock, shippingAddress, type Send } from './order-harness.ts';

/** 188.99 net; no rate in the catalogue, so the shop's standard 19 %. */
export const STANDARD_RATED = DEMO_FIXTURES.products.available;
/** 4.99 net, given 7 % in the catalogue by `prepareTaxMix`. */
export const REDUCED_RATED = DEMO_FIXTURES.products.accessories[1]!;

export async function prepareTaxMix(db: Db): Promise<void> {
  await db.execute(sql`UPDATE products SET tax_percent = 7 WHERE sku = ${REDUCED_RATED}`);
  await db.execute(sql`UPDATE products SET tax_percent = NULL WHERE sku = ${STANDARD_RATED}`);
  await setStock(db, STANDARD_RATED, 100_000, 0);
  await setStock(db, REDUCED_RATED, 100_000, 0);
}

export async function taxMixCart(send: Send, country: 'DE' | 'AT' | 'CH' | 'US', vatId?: string): Promise<Cart> {
  const call = async (domain: 'cart' | 'checkout', op: string, body: unknown) =>
    (await ok(send(domain, op, body))).cart!;
  await call('cart', 'add', { sku: STANDARD_RATED, quantity: 1 });
  let cart = await call('cart', 'add', { sku: REDUCED_RATED, quantity: 3 });
  cart = await call('cart', 'coupon', { version: cart.version, code: 'WELCOME10' });
  const address = shippingAddress({ country, postalCode: country === 'US' ? '10001' : '70173' });
  cart = await call('checkout', 'update', { version: cart.version, shippingAddress: address });
  cart = await call('checkout', 'update', { version: cart.version, shippingMethod: { methodCode: 'standard' } });
  const billing = billingAddress({ ...address, ...(vatId ? { vatId } : {}) });
  return call('checkout', 'update', { version: cart.version, billingAddress: billing });
}
