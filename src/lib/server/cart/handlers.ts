// The cart endpoints' logic, behind src/pages/api/cart/*.ts. Dependencies come in through CartDeps,
// so tests run the real handlers against any database and any shopper.
//
// Which requests carry the cart version:
//   create, get            no (they change nothing a client has seen)
//   add                    optional: with it optimistic (stale → 409), without it the serialised
//                          product-page add that never loses quantity
//   remove, quantity,
//   coupon, delete         required (stale → 409 CART_OUTDATED_ERROR, nothing changed)
import type { APIContext, AstroCookies } from 'astro';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { json, parseInput, readBody } from '../http.ts';
import { DEFAULT_LOCALE, LOCALE_COOKIE, isLocale, type Locale } from '#lib/i18n/locales.ts';
import {
  addToCartRequestSchema, couponRequestSchema, createCartRequestSchema, deleteCartRequestSchema,
  getCartRequestSchema, removeFromCartRequestSchema, updateQuantityRequestSchema,
} from '#lib/cart/contract.ts';
import { clearCartCookie, readCartCookie, setCartCookie } from './cookie.ts';
import { cartNotFound, invalidQuantity } from './errors.ts';
import { mergeGuestCartIntoCustomer } from './merge.ts';
import { addToCart, deleteCart, removeLine, setCoupon, updateQuantity, type CartTarget } from './mutations.ts';
import { customerTerms } from './pricing.ts';
import { resolveLine } from './products.ts';
import { ensureCart, findOwnedCart, findOwnedCartId, readSnapshot, type CartOwner, type CartSnapshot } from './store.ts';
import { cartView } from './view.ts';

export type CartRequest = Pick<APIContext, 'request' | 'cookies' | 'url'>;

export interface CartShopper {
  customerId: string | null;
  currency: string;
  loggedIn: boolean;
}

export interface CartDeps {
  db(): Promise<Db>;
  shopper(cookies: AstroCookies): Promise<CartShopper>;
  /** Whether this shopper may see prices (spec section 5). */
  pricesVisible(shopper: CartShopper): Promise<boolean>;
  /** The currency coupon and shipping amounts are in. */
  shopCurrency(): string;
  now?(): Date;
}

/** Locale of names in the response: body, then ?locale=, then the x-locale header, then the locale cookie. */
export function requestLocale(req: CartRequest, bodyLocale: Locale | undefined): Locale {
  const candidates = [
    bodyLocale, req.url.searchParams.get('locale'), req.request.headers.get('x-locale'), req.cookies.get(LOCALE_COOKIE)?.value,
  ];
  return candidates.find(isLocale) ?? DEFAULT_LOCALE;
}

/**
 * Strict parse. A body whose only problem is `quantity` gets the coded INVALID_QUANTITY the UI shows as
 * a notification (spec section 8: BadRequest on quantity update); anything else is VALIDATION_FAILED.
 */
export async function readCartBody<S extends z.ZodType>(req: CartRequest, schema: S, allowZero = false): Promise<z.infer<S>> {
  const raw: unknown = await readBody(req.request, z.unknown());
  const result = schema.safeParse(raw);
  if (!result.success && result.error.issues.every((i) => i.path[0] === 'quantity')) throw invalidQuantity(allowZero);
  return parseInput(raw, schema);
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
    if (shopper.customerId && guestCartId) {
      // Normally login merges; this catches a login path that did not, so no guest cart is stranded.
      await mergeGuestCartIntoCustomer(db, guestCartId, shopper.customerId);
      clearCartCookie(req.cookies);
    }
    return { db, shopper, owner: { customerId: shopper.customerId, guestCartId: shopper.customerId ? null : guestCartId } };
  }

  async function respond(req: CartRequest, s: CartSession, snapshot: CartSnapshot, locale: Locale): Promise<Response> {
    if (!s.owner.customerId) setCartCookie(req.cookies, snapshot.cart.id, req.url);
    const cart = await cartView(s.db, snapshot, {
      locale, pricesVisible: await deps.pricesVisible(s.shopper), shopCurrency: deps.shopCurrency(), now: deps.now?.(),
    });
    return json({ cart });
  }

  return { session, respond };
}

export function cartHandlers(deps: CartDeps) {
  type Session = CartSession;
  const { session, respond } = cartSessions(deps);

  const target = (s: Session, cartId: string | undefined): CartTarget => ({ owner: s.owner, expectedCartId: cartId });

  /** The owner's cart, created when missing; a guest's new cart becomes theirs through the cookie. */
  async function ensure(s: Session): Promise<string> {
    const { cartId } = await ensureCart(s.db, s.owner, s.shopper.currency);
    if (!s.owner.customerId) s.owner = { customerId: null, guestCartId: cartId };
    return cartId;
  }

  return {
    /** Create cart: the shopper's active cart, created when there is none. Idempotent. */
    async create(req: CartRequest): Promise<Response> {
      const body = await readCartBody(req, createCartRequestSchema);
      const s = await session(req);
      const cartId = await ensure(s);
      const snapshot = await readSnapshot(s.db, cartId);
      if (!snapshot) throw cartNotFound();
      return respond(req, s, snapshot, requestLocale(req, body.locale));
    },

    /**
     * Get cart: { cart: null } when the shopper has none (a guest gets one on the first add).
     * `input` replaces the body for GET requests (locale then comes from the query or header).
     */
    async get(req: CartRequest, input?: unknown): Promise<Response> {
      const body = input === undefined ? await readCartBody(req, getCartRequestSchema) : parseInput(input, getCartRequestSchema);
      const s = await session(req);
      const cartId = await findOwnedCartId(s.db, s.owner);
      if (body.cartId !== undefined && body.cartId !== cartId) throw cartNotFound();
      const snapshot = cartId ? await readSnapshot(s.db, cartId) : null;
      if (!snapshot) {
        if (!s.owner.customerId && s.owner.guestCartId) clearCartCookie(req.cookies);
        return json({ cart: null });
      }
      return respond(req, s, snapshot, requestLocale(req, body.locale));
    },

    async add(req: CartRequest): Promise<Response> {
      const body = await readCartBody(req, addToCartRequestSchema);
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
    },

    async remove(req: CartRequest): Promise<Response> {
      const body = await readCartBody(req, removeFromCartRequestSchema);
      const s = await session(req);
      return respond(req, s, await removeLine(s.db, target(s, body.cartId), body), requestLocale(req, body.locale));
    },

    async quantity(req: CartRequest): Promise<Response> {
      const body = await readCartBody(req, updateQuantityRequestSchema, true);
      const s = await session(req);
      return respond(req, s, await updateQuantity(s.db, target(s, body.cartId), body), requestLocale(req, body.locale));
    },

    async coupon(req: CartRequest): Promise<Response> {
      const body = await readCartBody(req, couponRequestSchema);
      const s = await session(req);
      const snapshot = await setCoupon(s.db, target(s, body.cartId), body, { shopCurrency: deps.shopCurrency(), now: deps.now?.() });
      return respond(req, s, snapshot, requestLocale(req, body.locale));
    },

    async delete(req: CartRequest): Promise<Response> {
      const body = await readCartBody(req, deleteCartRequestSchema);
      const s = await session(req);
      await deleteCart(s.db, target(s, body.cartId), body);
      if (!s.owner.customerId) clearCartCookie(req.cookies);
      return json({ cart: null });
    },
  };
}

export type CartHandlers = ReturnType<typeof cartHandlers>;
