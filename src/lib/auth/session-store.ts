// Whether the shopper is signed in, as far as islands on a static page can tell. The user token
// itself is an HttpOnly cookie; the server also sets the readable marker below, which holds no secret.
import { atom } from 'nanostores';

export const SESSION_MARKER_COOKIE = 'vsf-auth';

export const $loggedIn = atom(false);

export function readSessionMarker(cookieHeader: string): boolean {
  return cookieHeader.split(/;\s*/).some((c) => c === `${SESSION_MARKER_COOKIE}=1`);
}

if (typeof document !== 'undefined') $loggedIn.set(readSessionMarker(document.cookie));
