// The cart endpoints' logic, behind src/pages/api/cart/*.ts. Dependencies come in through CartDeps,
// so tests run the real handlers against any database and any shopper.
//
// Which requests carry the cart version:
//   create, get            no (they change nothing a client has seen)
//   add                    optional: with it optimistic (stale → 409), without it the serialised
//                          product-page add that never loses quantity
//   remove, quantity,
//   coupon, delete         required (stale → 409 CART_OUTDATED_ERROR, nothing changed)
import type { CompanyUser } from '../shopper.ts';
import type { APIContext, AstroCookies } from 'astro';
import type { Db } from '../db/client.ts';
import { endpoint, stateChange, validationFailed, type EndpointOptions } from '../http.ts';
import type { ParsedRequestOf } from '#lib/http/contract.ts';
import { requestLocale } from '../request-locale.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { cartApi, type Cart } from '#lib/cart/contract.ts';
import { clearCartCookie, readCartCookie, setCartCookie } from './cookie.ts';
import { cartNotFound, invalidQuantity } from './errors.ts';
import { mergeGuestCartIntoAccount } from './merge.ts';
import { addToCart, deleteCart, removeLine, setCoupon, updateQuantity, type CartTarget } from './mutations.ts';
import { customerTerms } from './pricing.ts';
import { resolveLine } from './products.ts';
import {
  cartOwner,
  ensureCart,
  findOwnedCart,
  findOwnedCartId,
  readSnapshot,
  type CartOwner,
  type CartSnapshot,
} from './queries.ts';
import { toCartResponse } from './response.ts';
import { priceCart } from './view.ts';

export type CartRequest = Pick<APIContext, 'request' | 'cookies' | 'url'>;

interface CartShopper {
  customerId: string | null;
  /** The signed-in company user (their role decides what they may order); null for guests. */
  user: CompanyUser | null;
  currency: string;
  loggedIn: boolean;
}

export interface CartDeps {
  db(): Promise<Db>;
  shopper(cookies: AstroCookies): Promise<CartShopper>;
  /** Whether this shopper may see prices (see docs/prices.md). */
  pricesVisible(shopper: CartShopper): Promise<boolean>;
  /** The currency coupon and shipping amounts are in. */
  shopCurrency(): string;
  now?(): Date;
}

/**
 * A cart request whose only problem is `quantity` gets the coded INVALID_QUANTITY the UI shows as a
 * notification; anything else is VALIDATION_FAILED.
 */
function quantityOrValidation(allowZero = false): Pick<EndpointOptions, 'invalid'> {
  return {
    invalid: (issues) =>
      issues.every((i) => i.path.split('.')[0] === 'quantity') ? invalidQuantity(allowZero) : validationFailed(issues),
  };
}

export interface CartSession {
  db: Db;
  shopper: CartShopper;
  owner: CartOwner;
}

/**
 * Who is asking and how to answer with their cart; shared by the cart and the checkout endpoints so
 * both resolve the owner and render the cart the same way.
 */
export function cartSessions(deps: CartDeps) {
  async function session(req: CartRequest): Promise<CartSession> {
    const db = await deps.db();
    const shopper = await deps.shopper(req.cookies);
    const guestCartId = readCartCookie(req.cookies);
    const owner = cartOwner(shopper, guestCartId);
    if (owner.customerId && owner.userId && guestCartId) {
      // Normally login merges; this catches a login path that did not, so no guest cart is stranded.
      await mergeGuestCartIntoAccount(db, guestCartId, { customerId: owner.customerId, userId: owner.userId });
      clearCartCookie(req.cookies);
    }
    return { db, shopper, owner };
  }

  /** The answer with the cart as it is now; a guest's cart id goes (back) into their cookie. */
  async function respond(
    req: CartRequest,
    s: CartSession,
    snapshot: CartSnapshot,
    locale: Locale,
  ): Promise<{ cart: Cart }> {
    if (!s.owner.customerId) setCartCookie(req.cookies, snapshot.cart.id, req.url);
    const priced = await priceCart(s.db, snapshot, {
      locale,
      pricesVisible: await deps.pricesVisible(s.shopper),
      shopCurrency: deps.shopCurrency(),
      now: deps.now?.(),
    });
    return { cart: toCartResponse(priced) };
  }

  return { session, respond };
}

export const target = (s: CartSession, cartId: string | undefined): CartTarget => ({
  owner: s.owner,
  expectedCartId: cartId,
});

/** The owner's cart, created when missing; a guest's new cart becomes theirs through the cookie. */
export async function ensure(s: CartSession): Promise<string> {
  const { cartId } = await ensureCart(s.db, s.owner, s.shopper.currency);
  if (!s.owner.customerId) s.owner = { customerId: null, userId: null, guestCartId: cartId };
  return cartId;
}

/** Adds one line (creating the cart when missing): the JSON endpoint and the product page's plain form. */
export function cartAdder(deps: CartDeps) {
  const { session, respond } = cartSessions(deps);
  return async function addLine(body: ParsedRequestOf<typeof cartApi.add>, req: CartRequest): Promise<{ cart: Cart }> {
    const s = await session(req);
    const known = await findOwnedCart(s.db, s.owner);
    if (!known) {
      if (body.cartId !== undefined) throw cartNotFound();
      // Validate before creating, so junk requests do not leave empty carts behind.
      const terms = await customerTerms(s.db, s.owner.customerId);
      await resolveLine(s.db, body, { currency: terms.currency ?? s.shopper.currency, priceListId: terms.priceListId });
      await ensure(s);
    }
    const snapshot = await addToCart(s.db, { ...target(s, body.cartId), known: known ?? undefined }, body);
    return respond(req, s, snapshot, requestLocale(req, body.locale));
  };
}

/** Add to cart, defined once: POST /api/cart/add and the product page's plain form (/cart/add). */
export const cartAddition = (deps: CartDeps) => stateChange(cartApi.add, cartAdder(deps), quantityOrValidation());

/** The cart's endpoints, one per operation of cartApi. */
export function cartRoutes(deps: CartDeps) {
  const { session, respond } = cartSessions(deps);

  async function get(body: { cartId?: string | undefined; locale?: Locale | undefined }, req: CartRequest) {
    const s = await session(req);
    const cartId = await findOwnedCartId(s.db, s.owner);
    if (body.cartId !== undefined && body.cartId !== cartId) throw cartNotFound();
    const snapshot = cartId ? await readSnapshot(s.db, cartId) : null;
    if (!snapshot) {
      if (!s.owner.customerId && s.owner.guestCartId) clearCartCookie(req.cookies);
      return { cart: null };
    }
    return respond(req, s, snapshot, requestLocale(req, body.locale));
  }

  return {
    create: endpoint(cartApi.create, async (body, req) => {
      const s = await session(req);
      const cartId = await ensure(s);
      const snapshot = await readSnapshot(s.db, cartId);
      if (!snapshot) throw cartNotFound();
      return respond(req, s, snapshot, requestLocale(req, body.locale));
    }),

    get: endpoint(cartApi.get, get),
    /** The same read for a plain GET (?locale=). */
    getByQuery: endpoint(cartApi.getByQuery, get),

    add: endpoint(cartAddition(deps)),

    remove: endpoint(cartApi.remove, async (body, req) => {
      const s = await session(req);
      return respond(req, s, await removeLine(s.db, target(s, body.cartId), body), requestLocale(req, body.locale));
    }),

    quantity: endpoint(
      cartApi.quantity,
      async (body, req) => {
        const s = await session(req);
        return respond(
          req,
          s,
          await updateQuantity(s.db, target(s, body.cartId), body),
          requestLocale(req, body.locale),
        );
      },
      quantityOrValidation(true),
    ),

    coupon: endpoint(cartApi.coupon, async (body, req) => {
      const s = await session(req);
      const snapshot = await setCoupon(s.db, target(s, body.cartId), body, {
        shopCurrency: deps.shopCurrency(),
        now: deps.now?.(),
      });
      return respond(req, s, snapshot, requestLocale(req, body.locale));
    }),

    delete: endpoint(cartApi.delete, async (body, req) => {
      const s = await session(req);
      await deleteCart(s.db, target(s, body.cartId), body);
      if (!s.owner.customerId) clearCartCookie(req.cookies);
      return { cart: null };
    }),
  };
}
