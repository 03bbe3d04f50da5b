// Whether the shopper is signed in, as far as islands on a static page can tell. The user token
// itself is an HttpOnly cookie; the server also sets the readable marker below, which holds no secret.
import { atom, onMount } from 'nanostores';

export const SESSION_MARKER_COOKIE = 'vsf-auth';

export const $loggedIn = atom(false);

function readSessionMarker(cookieHeader: string): boolean {
  return cookieHeader.split(/;\s*/).some((c) => c === `${SESSION_MARKER_COOKIE}=1`);
}

/** The one writer of $loggedIn: the auth store after a login, logout or session check. */
export function setLoggedIn(loggedIn: boolean): void {
  $loggedIn.set(loggedIn);
}

// Read when the first island looks, not at import: the server sets and clears the marker with the
// session, so the cookie is the truth whenever the store starts again.
onMount($loggedIn, () => {
  if (typeof document !== 'undefined') setLoggedIn(readSessionMarker(document.cookie));
});
