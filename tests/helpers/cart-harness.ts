// Drives the real cart handlers (src/lib/server/cart/handlers.ts) without an HTTP server: a cookie jar
// per simulated browser, requests built like the browser's, the database of the test suite injected.
import { randomUUID } from 'node:crypto';
import type { APIRoute, AstroCookies } from 'astro';
import { eq, sql } from 'drizzle-orm';
import { customerUsers } from '#lib/server/db/schema.ts';
import { isRole, type Role } from '#lib/account/roles.ts';
import type { Db } from '#lib/server/db/client.ts';
import { cartRoutes, type CartDeps } from '#lib/server/cart/handlers.ts';
import { seedDemoData } from '#lib/server/demo/index.ts';
import { DEMO_FIXTURES, FIXTURE_PRODUCT_ROWS } from '#lib/server/demo/fixtures.ts';
import type { Cart } from '#lib/cart/contract.ts';

export { DEMO_FIXTURES };

/** Seeds the demo fixtures only: every well-known sku, coupon and customer, in a few hundred ms. */
export async function seedFixtures(db: Db): Promise<void> {
  await seedDemoData(db, { products: FIXTURE_PRODUCT_ROWS });
}

export interface CookieOptions {
  maxAge?: number;
  httpOnly?: boolean;
  sameSite?: unknown;
  secure?: boolean;
  path?: string;
}

/** The AstroCookies surface the handlers use, backed by a plain map that outlives one request. */
export class CookieJar {
  readonly values = new Map<string, string>();
  readonly lastSet = new Map<string, CookieOptions>();

  forRequest(): AstroCookies {
    const { values, lastSet } = this;
    return {
      get(name: string) {
        const value = values.get(name);
        return value === undefined ? undefined : { value };
      },
      has: (name: string) => values.has(name),
      set(name: string, value: string, options: CookieOptions = {}) {
        values.set(name, value);
        lastSet.set(name, options);
      },
      delete(name: string) {
        values.delete(name);
      },
    } as unknown as AstroCookies;
  }
}

export interface Harness {
  handlers: ReturnType<typeof cartRoutes>;
  /** Guests see prices unless this is set to false (isPriceForGuestEnabled off). */
  settings: { guestPrices: boolean; now: Date | undefined };
}

export const CUSTOMER_COOKIE = 'test-customer';
/** The guest cart cookie as browsers hold it; renaming it would drop every guest cart, so tests pin it. */
export const CART_COOKIE = 'vsf-cart';

/**
 * The company user the jar's test-customer cookie names (a customer's id names its primary user, an
 * admin), with their company and role as the database holds them; a guest without the cookie.
 */
export async function testShopper(
  db: Db,
  cookies: AstroCookies,
): Promise<{
  customerId: string | null;
  user: { id: string; role: Role } | null;
  currency: string;
  loggedIn: boolean;
}> {
  const currency = cookies.get('vsf-currency')?.value ?? 'EUR';
  const userId = cookies.get(CUSTOMER_COOKIE)?.value;
  const [user] = userId
    ? await db
        .select({ id: customerUsers.id, customerId: customerUsers.customerId, role: customerUsers.role })
        .from(customerUsers)
        .where(eq(customerUsers.id, userId))
    : [];
  if (!userId) return { customerId: null, user: null, currency, loggedIn: false };
  // No such user: a session resolved just before its company was deleted (the cart's ownership tests
  // race that), named by the primary user's id, which is the customer's.
  if (!user || !isRole(user.role))
    return { customerId: userId, user: { id: userId, role: 'admin' }, currency, loggedIn: true };
  return { customerId: user.customerId, user: { id: user.id, role: user.role }, currency, loggedIn: true };
}

/** Cart deps whose shopper is whoever the jar's test-customer cookie names (a guest without it). */
export function testCartDeps(db: () => Db, settings: Harness['settings']): CartDeps {
  return {
    db: async () => db(),
    shopper: async (cookies) => testShopper(db(), cookies),
    pricesVisible: async (shopper) => shopper.loggedIn || settings.guestPrices,
    shopCurrency: () => 'EUR',
    now: () => settings.now ?? new Date(),
  };
}

/** Handlers whose shopper is whoever the jar's test-customer cookie names (a guest without it). */
export function harness(db: () => Db): Harness {
  const settings: Harness['settings'] = { guestPrices: true, now: undefined };
  return { handlers: cartRoutes(testCartDeps(db, settings)), settings };
}

export type Operation = 'create' | 'get' | 'add' | 'remove' | 'quantity' | 'coupon' | 'delete';

export interface CallResult {
  status: number;
  body: { cart?: Cart | null; code?: string; message?: string; status?: number };
}

export interface CallInit {
  raw?: string;
  headers?: Record<string, string>;
  query?: string;
  /** The socket address Astro reports (APIContext.clientAddress); without it the shop sees 'unknown'. */
  clientAddress?: string;
}

/** Calls one endpoint the way Astro does; coded errors come back as their JSON response. */
export async function callHandler<B = CallResult['body']>(
  route: APIRoute,
  jar: CookieJar,
  path: string,
  body: unknown,
  init: CallInit = {},
): Promise<{ status: number; body: B }> {
  const url = new URL(`http://localhost${path}${init.query ?? ''}`);
  const request = new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.raw ?? JSON.stringify(body),
  });
  const context = {
    request,
    url,
    cookies: jar.forRequest(),
    ...(init.clientAddress ? { clientAddress: init.clientAddress } : {}),
  };
  const response = await route(context as never);
  return { status: response.status, body: (await response.json()) as B };
}

export async function call(
  h: Harness,
  jar: CookieJar,
  op: Operation,
  body: unknown,
  init: CallInit = {},
): Promise<CallResult> {
  return callHandler(h.handlers[op], jar, `/api/cart/${op}`, body, init);
}

export async function customerId(db: Db, email: string): Promise<string> {
  const result = (await db.execute(sql`SELECT id FROM customers WHERE email = ${email}`)) as unknown as {
    rows: { id: string }[];
  };
  return result.rows[0]!.id;
}

/** A new user with this role in the company whose primary user has `companyEmail`, and a browser signed in as them. */
export async function newCompanyUser(
  db: Db,
  companyEmail: string,
  role: Role,
): Promise<{ id: string; jar: CookieJar }> {
  const result = (await db.execute(sql`INSERT INTO customer_users (customer_id, email, name, role)
    SELECT customer_id, ${`${role}-${randomUUID().slice(0, 8)}@${companyEmail.split('@')[1]}`}, ${role}, ${role}
    FROM customer_users WHERE email = ${companyEmail} RETURNING id`)) as unknown as { rows: { id: string }[] };
  const jar = new CookieJar();
  jar.values.set(CUSTOMER_COOKIE, result.rows[0]!.id);
  return { id: result.rows[0]!.id, jar };
}

/** A browser signed in as the given customer. */
export async function customerJar(db: Db, email: string): Promise<CookieJar> {
  const jar = new CookieJar();
  jar.values.set(CUSTOMER_COOKIE, await customerId(db, email));
  return jar;
}
