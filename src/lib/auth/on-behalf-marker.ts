// The readable marker of a session a staff member opened on a customer's behalf: whom it is for, as
// the banner names them (src/lib/app/on-behalf-bar.ts). Like vsf-auth it holds no secret and decides
// nothing: the server knows the session's staff member from its own table (on_behalf_sessions).
export const ON_BEHALF_COOKIE = 'vsf-behalf';

/** The person and company the banner names, from the marker's value ('' when there is none). */
export function onBehalfLabel(cookieHeader: string): string {
  for (const cookie of cookieHeader.split(/;\s*/)) {
    if (!cookie.startsWith(`${ON_BEHALF_COOKIE}=`)) continue;
    try {
      return decodeURIComponent(cookie.slice(ON_BEHALF_COOKIE.length + 1));
    } catch {
      return '';
    }
  }
  return '';
}
