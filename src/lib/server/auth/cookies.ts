// The session cookies. vsf-token (user token) and vsf-refresh are HttpOnly; vsf-auth is a readable
// marker for islands on static pages and holds no secret (src/lib/auth/session-store.ts).
import type { AstroCookies, AstroCookieSetOptions } from 'astro';
import { SESSION_MARKER_COOKIE } from '#lib/auth/session-store.ts';
import { ON_BEHALF_COOKIE } from '#lib/auth/on-behalf-marker.ts';
import { env } from '../env.ts';
import type { IssuedRefresh } from './refresh-tokens.ts';
import { USER_TOKEN_TTL_SECONDS } from './user-token.ts';

export const USER_TOKEN_COOKIE = 'vsf-token';
export const REFRESH_COOKIE = 'vsf-refresh';
/** The cookies that may stand for a signed-in customer (an expired token is renewed from the refresh one). */
export const SESSION_COOKIES = [USER_TOKEN_COOKIE, REFRESH_COOKIE] as const;

export type CookieJar = Pick<AstroCookies, 'get' | 'set' | 'delete'>;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Browsers refuse Secure cookies over plain http, which is how a shop on localhost is reached. */
function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname) || hostname.endsWith('.localhost');
}

function base(url: URL | undefined): AstroCookieSetOptions {
  const host = (url ?? new URL(env().SITE_URL)).hostname;
  return { path: '/', sameSite: 'lax', secure: !isLocalHost(host) };
}

export function setSessionCookies(
  cookies: CookieJar,
  session: { userToken: string; refresh: IssuedRefresh },
  url?: URL,
  now = new Date(),
): void {
  const options = base(url);
  cookies.set(USER_TOKEN_COOKIE, session.userToken, { ...options, httpOnly: true, maxAge: USER_TOKEN_TTL_SECONDS });
  // Without remember-me both stay session cookies; the server expires the token after a day anyway.
  const lifetime = session.refresh.remember
    ? { maxAge: Math.max(1, Math.round((session.refresh.expiresAt.getTime() - now.getTime()) / 1000)) }
    : {};
  cookies.set(REFRESH_COOKIE, session.refresh.token, { ...options, httpOnly: true, ...lifetime });
  cookies.set(SESSION_MARKER_COOKIE, '1', { ...options, httpOnly: false, ...lifetime });
}

/** The on-behalf banner's marker: a session cookie, ended with the session (clearSessionCookies). */
export function setOnBehalfMarker(cookies: CookieJar, label: string, url?: URL): void {
  cookies.set(ON_BEHALF_COOKIE, label, { ...base(url), httpOnly: false });
}

export function clearSessionCookies(cookies: CookieJar, url?: URL): void {
  const attributes = base(url);
  for (const name of [USER_TOKEN_COOKIE, REFRESH_COOKIE, SESSION_MARKER_COOKIE, ON_BEHALF_COOKIE])
    cookies.delete(name, attributes);
}
