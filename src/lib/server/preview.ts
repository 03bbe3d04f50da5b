// The preview cookie: an editor who opens "Preview" gets `vsf-preview`, signed with a key of its own and
// valid for 30 minutes, naming the staff member. A request carrying a valid one is rendered in the
// preview scope (renderPreview: the content service reads drafts over the published entries, and no
// shared memo hands the render published data or keeps draft data for shoppers), bypasses the page
// cache and leaves private, no-store and noindex, so neither the shop's cache, a CDN nor a crawler ever
// keeps a draft. Anyone can send the cookie; without the signature it is ignored, and it grants
// reading drafts only, never writing.
import type { AstroCookies } from 'astro';
import { derivedKey, hmac, safeEqual } from './auth/index.ts';

import { PREVIEW_COOKIE } from '#lib/admin/preview-cookie.ts';
const PREVIEW_MINUTES = 30;

const sign = (payload: string) => hmac(derivedKey('content-preview'), payload).toString('base64url');

export function startPreview(cookies: Pick<AstroCookies, 'set'>, staffId: number, url: URL, now = Date.now()): void {
  const expires = now + PREVIEW_MINUTES * 60_000;
  const payload = `${staffId}.${expires}`;
  cookies.set(PREVIEW_COOKIE, `${payload}.${sign(payload)}`, {
    path: '/', httpOnly: true, sameSite: 'lax', secure: url.protocol === 'https:', maxAge: PREVIEW_MINUTES * 60,
  });
}

export function endPreview(cookies: Pick<AstroCookies, 'delete'>, url: URL): void {
  cookies.delete(PREVIEW_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: url.protocol === 'https:' });
}

const COOKIE = new RegExp(`(?:^|;\\s*)${PREVIEW_COOKIE}=([^;]{1,200})`);

/** The staff member a request's valid preview cookie names, or null (none, forged, or expired). */
export function previewingStaff(request: Request, now = Date.now()): number | null {
  const value = COOKIE.exec(request.headers.get('cookie') ?? '')?.[1];
  if (!value) return null;
  const [id, expires, signature] = value.split('.');
  if (!id || !expires || !signature || !/^\d{1,10}$/.test(id) || !/^\d{1,15}$/.test(expires)) return null;
  if (Number(expires) < now || !safeEqual(signature, sign(`${id}.${expires}`))) return null;
  return Number(id);
}

export { renderPreview } from './preview-scope.ts';
