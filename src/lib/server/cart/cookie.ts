// The guest cart cookie. HttpOnly: scripts never see the id; the server resolves the cart from it.
// A readable marker travels with it (CART_MARKER_COOKIE), so a page knows whether there is a cart to read.
import type { AstroCookies } from 'astro';
import { isUuid } from '../db/index.ts';
import { CART_MARKER_COOKIE } from '#lib/cart/rules.ts';

const CART_COOKIE = 'vsf-cart';
const CART_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The guest cart id from the cookie, or null when missing or not a cart id at all. */
export function readCartCookie(cookies: AstroCookies): string | null {
  const value = cookies.get(CART_COOKIE)?.value;
  return isUuid(value) ? value : null;
}

/** Sets (and so renews for 30 days) the guest cart cookie. Secure everywhere but on plain-http localhost. */
export function setCartCookie(cookies: AstroCookies, cartId: string, url: URL): void {
  const options = {
    path: '/',
    sameSite: 'lax',
    secure: !(LOOPBACK.has(url.hostname) && url.protocol === 'http:'),
    maxAge: CART_COOKIE_MAX_AGE,
  } as const;
  cookies.set(CART_COOKIE, cartId, { ...options, httpOnly: true });
  cookies.set(CART_MARKER_COOKIE, '1', { ...options, httpOnly: false });
}

/** Forgets the guest cart in this browser (after login merged it, after logout, after an order). */
export function clearCartCookie(cookies: AstroCookies): void {
  cookies.delete(CART_COOKIE, { path: '/' });
  cookies.delete(CART_MARKER_COOKIE, { path: '/' });
}
