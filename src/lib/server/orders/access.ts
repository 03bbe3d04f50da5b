// Who may see or change an order. An order id alone grants nothing:
//
//   - a registered customer's order (customer_id set): the signed-in users of that company, and of them
//     only the one who placed it unless their role may see all of the company's orders (orderScope);
//   - a guest order: whoever holds its access secret, 32 random bytes handed out once as an HttpOnly
//     cookie when the order is placed, or the token its confirmation mail's link carries. The database
//     keeps only the secret's SHA-256 (orders.access_secret_hash), so a leaked table or backup opens no
//     order; the mail token is derived from that hash under the shop's key (mailAccessToken).
//
// Everyone else gets the very 404 of a made-up id, so an id is never confirmed to exist. Webhooks do not
// come through here: the provider's signature is their proof, and they never answer order data.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AstroCookies } from 'astro';
import { ORDER_ACCESS_PARAM } from '#lib/orders/access.ts';
import type { Db } from '../db/client.ts';
import { isUuid } from '../db/index.ts';
import { findOrder, type OrderRow } from './queries.ts';
import { derivedKey, hmac, isSignedIn, may, safeEqual, type SignedIn } from '../auth/index.ts';
import type { Shopper } from '../shopper.ts';

/** One cookie for all of a browser's guest orders: `id.secret` entries joined by `~`, newest first. */
const ACCESS_COOKIE = 'vsf-order-access';
/** Newest orders kept in the cookie: ~80 bytes each, far below the 4 KB a cookie may hold. */
const MAX_ORDERS_PER_BROWSER = 10;
/** The mail link gives the cookie again, so it need not outlive a usual payment or delivery by much. */
const ACCESS_COOKIE_MAX_AGE = 90 * 24 * 60 * 60;
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Which of a company's orders a signed-in user reaches: all of them (userId null) when their role may
 * see all of the company's orders, else the ones they placed.
 */
export interface OrderScope {
  customerId: string;
  userId: string | null;
}

export function orderScope(shopper: SignedIn<Pick<Shopper, 'customerId' | 'user'>>): OrderScope {
  return { customerId: shopper.customerId, userId: may(shopper, 'seeAllOrders') ? null : shopper.user.id };
}

/** Who is asking: the signed-in user's scope (null for guests) and the guest order secrets they hold. */
export interface OrderActor {
  scope: OrderScope | null;
  secrets: ReadonlyMap<string, string>;
}

type AccessFields = Pick<OrderRow, 'id' | 'customerId' | 'userId' | 'accessSecretHash'>;

/** Whether a company's order lies in a user's scope. */
export function inScope(order: Pick<OrderRow, 'customerId' | 'userId'>, scope: OrderScope | null): boolean {
  if (!scope || order.customerId !== scope.customerId) return false;
  return scope.userId === null || order.userId === scope.userId;
}

const sha256 = (value: string): Buffer => createHash('sha256').update(value).digest();

/** A new access secret and what the database keeps of it. */
export function newAccessSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: sha256(secret).toString('hex') };
}

/** Compares the secret's hash with the stored one without an early exit (both are 32 bytes). */
function secretMatches(storedHash: string, secret: string): boolean {
  const stored = Buffer.from(storedHash, 'hex');
  const given = sha256(secret);
  return stored.length === given.length && timingSafeEqual(stored, given);
}

/**
 * The secret a guest's confirmation mail carries: derived from the order's id and secret hash under
 * the shop's key, never stored. So a mail sent when no browser is there to hand the secret to (a
 * provider's webhook or the recovery job confirmed the order) still opens the order on any device.
 * A retried order creation hands it to the browser too (the same value every time). Null for an
 * order no secret opens.
 */
export function mailAccessToken(order: AccessFields): string | null {
  if (order.customerId !== null || !order.accessSecretHash) return null;
  return hmac(derivedKey('order-mail'), `${order.id}:${order.accessSecretHash}`).toString('base64url');
}

export function mayAccess(order: AccessFields, actor: OrderActor): boolean {
  if (order.customerId !== null) return inScope(order, actor.scope);
  // A guest order placed before secrets existed has no hash: nobody reaches it through the shop, only
  // staff tooling reading the database (its id alone used to be the key, and ids travel in URLs and logs).
  if (!order.accessSecretHash) return false;
  const secret = actor.secrets.get(order.id);
  if (secret === undefined) return false;
  // Both compared whole, so the time taken says nothing about which one (or how much of it) matched.
  const bySecret = secretMatches(order.accessSecretHash, secret);
  const byMail = safeEqual(mailAccessToken(order)!, secret);
  return bySecret || byMail;
}

/** The order when the actor may reach it; null for a made-up id and for somebody else's order alike. */
export async function findAccessibleOrder(
  db: Db,
  id: string,
  actor: OrderActor,
  options: { lock?: boolean } = {},
): Promise<OrderRow | null> {
  const row = await findOrder(db, id, options);
  return row && mayAccess(row, actor) ? row : null;
}

function parseCookie(value: string | undefined): Map<string, string> {
  const secrets = new Map<string, string>();
  for (const entry of (value ?? '').split('~').slice(0, MAX_ORDERS_PER_BROWSER)) {
    const [id, secret] = entry.split('.');
    if (isUuid(id) && secret !== undefined && SECRET_PATTERN.test(secret) && !secrets.has(id)) secrets.set(id, secret);
  }
  return secrets;
}

export function orderActor(
  cookies: Pick<AstroCookies, 'get'>,
  shopper: Pick<Shopper, 'customerId' | 'user'> | null,
): OrderActor {
  return {
    scope: shopper && isSignedIn(shopper) ? orderScope(shopper) : null,
    secrets: parseCookie(cookies.get(ACCESS_COOKIE)?.value),
  };
}

/**
 * Puts an order's secret into the browser's cookie (first, replacing an older one of the same order;
 * the oldest falls out past the limit). HttpOnly: no script ever sees a secret. Lax: it travels on the
 * providers' redirects back to the shop. Path /: the order pages of every locale and the API read it.
 */
export function grantAccess(
  cookies: Pick<AstroCookies, 'get' | 'set'>,
  url: URL,
  orderId: string,
  secret: string,
): void {
  const held = [...parseCookie(cookies.get(ACCESS_COOKIE)?.value)].filter(([id]) => id !== orderId);
  const entries = [[orderId, secret] as const, ...held].slice(0, MAX_ORDERS_PER_BROWSER);
  cookies.set(ACCESS_COOKIE, entries.map(([id, s]) => `${id}.${s}`).join('~'), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: ACCESS_COOKIE_MAX_AGE,
    secure: !(LOOPBACK.has(url.hostname) && url.protocol === 'http:'),
  });
}

/**
 * A mailed link was opened: when its secret is the order's, the browser gets the cookie. Either way the
 * caller redirects to the address without the secret, so it stays out of history and Referer headers
 * and a wrong secret looks no different from a right one until the page answers.
 */
export async function acceptMailedSecret(
  db: Db,
  cookies: Pick<AstroCookies, 'get' | 'set'>,
  url: URL,
  orderId: string | null,
): Promise<{ cleanUrl: string } | null> {
  const secret = url.searchParams.get(ORDER_ACCESS_PARAM);
  if (secret === null) return null;
  const row = orderId && SECRET_PATTERN.test(secret) ? await findOrder(db, orderId) : null;
  if (row && mayAccess(row, { scope: null, secrets: new Map([[row.id, secret]]) }))
    grantAccess(cookies, url, row.id, secret);
  const clean = new URL(url);
  clean.searchParams.delete(ORDER_ACCESS_PARAM);
  return { cleanUrl: `${clean.pathname}${clean.search}` };
}
