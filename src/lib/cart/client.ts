// Typed client for the cart endpoints (src/pages/api/cart). The guest cart id travels in the HttpOnly
// cookie vsf-cart, never in script; requests carry the cart version the UI last saw.
//
// Outdated carts: a stale version answers 409 CART_OUTDATED_ERROR and changes nothing. The client then
// re-reads the cart. With { retry: true } it repeats the request once on the fresh version when it
// still makes sense (the line still exists); otherwise it throws CartOutdatedError carrying the fresh
// cart, so the UI can show it together with the 'Cart info or prices are outdated' message.
import { ApiClientError, call, endpoints, type Endpoint } from '../http/client.ts';
import type { cartApi as cartContract, Cart } from './contract.ts';
import { cartRoutes } from './routes.ts';
import type { Locale } from '../i18n/locales.ts';

export type { Cart } from './contract.ts';

export const CART_OUTDATED_ERROR = 'CART_OUTDATED_ERROR';

export class CartOutdatedError extends ApiClientError<typeof CART_OUTDATED_ERROR> {
  /** The cart as it is now on the server (null when it is gone). */
  readonly cart: Cart | null;
  constructor(message: string, cart: Cart | null) {
    super(CART_OUTDATED_ERROR, message, 409);
    this.cart = cart;
  }
}

export interface CartCallOptions {
  locale?: Locale | undefined;
  signal?: AbortSignal | undefined;
  /** On CART_OUTDATED_ERROR, repeat once against the fresh cart when the request still applies. */
  retry?: boolean;
}

const cartApi = endpoints<typeof cartContract>(cartRoutes);

const isOutdated = (error: unknown): error is ApiClientError =>
  error instanceof ApiClientError && error.code === CART_OUTDATED_ERROR;

export async function getCart(options: Pick<CartCallOptions, 'locale' | 'signal'> = {}): Promise<Cart | null> {
  return (await call(cartApi.get, { locale: options.locale }, options)).cart;
}

/** The cart changes that carry the version the shopper last saw. */
type VersionedOperation =
  typeof cartContract.add | typeof cartContract.remove | typeof cartContract.quantity | typeof cartContract.coupon;

async function versioned<O extends VersionedOperation>(
  op: Endpoint<O>,
  body: (version: number) => Parameters<typeof call<O>>[1],
  version: number,
  options: CartCallOptions,
  stillApplies: (fresh: Cart) => boolean,
): Promise<Cart> {
  const send = async (v: number) => (await call(op, { ...body(v), locale: options.locale }, options)).cart;
  try {
    return await send(version);
  } catch (error) {
    if (!isOutdated(error)) throw error;
    const fresh = await getCart(options);
    if (options.retry && fresh && stillApplies(fresh)) {
      try {
        return await send(fresh.version);
      } catch (again) {
        if (!isOutdated(again)) throw again;
        throw new CartOutdatedError(again.message, await getCart(options));
      }
    }
    throw new CartOutdatedError(error.message, fresh);
  }
}

export interface AddToCartInput {
  sku: string;
  quantity: number;
  /** Skus of the selected optional accessories (a set: order does not matter). */
  accessories?: string[] | undefined;
  /**
   * The version the UI last saw (optimistic). Leave it out for the product page's 'Add to cart':
   * the server then serialises parallel adds and never answers CART_OUTDATED_ERROR.
   */
  version?: number | undefined;
}

export async function addToCart(input: AddToCartInput, options: CartCallOptions = {}): Promise<Cart> {
  const { version, ...rest } = input;
  if (version === undefined) return (await call(cartApi.add, { ...rest, locale: options.locale }, options)).cart;
  return versioned(
    cartApi.add,
    (v) => ({ ...rest, version: v }),
    version,
    options,
    () => true,
  );
}

const hasLine = (lineId: string) => (cart: Cart) => cart.cartItems.some((item) => item.id === lineId);

export function removeFromCart(
  input: { lineId: string; version: number },
  options: CartCallOptions = {},
): Promise<Cart> {
  return versioned(
    cartApi.remove,
    (v) => ({ lineId: input.lineId, version: v }),
    input.version,
    options,
    hasLine(input.lineId),
  );
}

/** Quantity 0 removes the line; a quantity outside 0..9999 answers 400 INVALID_QUANTITY. */
export function updateCartQuantity(
  input: { lineId: string; quantity: number; version: number },
  options: CartCallOptions = {},
): Promise<Cart> {
  return versioned(
    cartApi.quantity,
    (v) => ({ lineId: input.lineId, quantity: input.quantity, version: v }),
    input.version,
    options,
    hasLine(input.lineId),
  );
}

/** An empty code removes the coupon. Errors: COUPON_NOT_FOUND, COUPON_EXPIRED, COUPON_MIN_SUBTOTAL, COUPON_EXHAUSTED, COUPON_CURRENCY. */
export function updateCoupon(input: { code: string; version: number }, options: CartCallOptions = {}): Promise<Cart> {
  return versioned(
    cartApi.coupon,
    (v) => ({ code: input.code, version: v }),
    input.version,
    options,
    () => true,
  );
}
