// The preview cookie: an editor who opens "Preview" gets `vsf-preview`, a random token signed with a key
// of its own, valid for 30 minutes. The token's hash is kept on the editor's workspace session
// (admin/sessions.ts), and every previewed request looks it up there: the preview works only while that
// session is live, the account is not disabled and the editor has not left the preview. So signing out,
// leaving preview and disabling the account end it on the server, for every copy of the cookie, not only
// in the browser that deletes it. The signature lets a made-up cookie be refused without a query.
// A request carrying a live one is rendered in the preview scope (renderPreview: the content service
// reads drafts over the published entries, and no shared memo hands the render published data or keeps
// draft data for shoppers), bypasses the page cache and leaves private, no-store and noindex, so neither
// the shop's cache, a CDN nor a crawler ever keeps a draft. It grants reading drafts only, never writing.
import type { AstroCookies } from 'astro';
import { derivedKey, hmac, safeEqual } from './auth/index.ts';
import { endSessionPreview, previewingSession, startSessionPreview } from './admin/index.ts';
import type { Db } from './db/client.ts';
import { getDb } from './db/index.ts';
import { PREVIEW_COOKIE } from '#lib/admin/preview-cookie.ts';

const PREVIEW_MINUTES = 30;

const sign = (token: string) => hmac(derivedKey('content-preview'), token).toString('base64url');

/** The token of a cookie value the shop signed, or null (none, malformed or forged). */
function signedToken(value: string | undefined): string | null {
  const match = value ? /^([\w-]{43})\.([\w-]{43})$/.exec(value) : null;
  return match && safeEqual(match[2]!, sign(match[1]!)) ? match[1]! : null;
}

/**
 * Starts a preview on the browser's live workspace session and sets its cookie. False when the
 * browser has no live session (then nothing is set).
 */
export async function startPreview(db: Db, cookies: Pick<AstroCookies, 'get' | 'set'>, url: URL): Promise<boolean> {
  const token = await startSessionPreview(db, cookies, PREVIEW_MINUTES);
  if (token === null) return false;
  cookies.set(PREVIEW_COOKIE, `${token}.${sign(token)}`, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: url.protocol === 'https:',
    maxAge: PREVIEW_MINUTES * 60,
  });
  return true;
}

/** Ends the preview on the server (every copy of the cookie with it) and deletes the browser's cookie. */
export async function endPreview(db: Db, cookies: Pick<AstroCookies, 'get' | 'delete'>, url: URL): Promise<void> {
  const token = signedToken(cookies.get(PREVIEW_COOKIE)?.value);
  if (token !== null) await endSessionPreview(db, token);
  cookies.delete(PREVIEW_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: url.protocol === 'https:' });
}

const COOKIE = new RegExp(`(?:^|;\\s*)${PREVIEW_COOKIE}=([^;]{1,200})`);

/** The cache provider and the middleware both ask about one request: it is looked up once. */
const answered = new WeakMap<Request, Promise<number | null>>();

/** The staff member a request's preview cookie names while the preview is live, or null. */
export function previewingStaff(request: Request, db?: Db): Promise<number | null> {
  const token = signedToken(COOKIE.exec(request.headers.get('cookie') ?? '')?.[1]);
  if (token === null) return Promise.resolve(null);
  let answer = answered.get(request);
  if (!answer) {
    answer = (async () => previewingSession(db ?? (await getDb()), token))();
    answered.set(request, answer);
  }
  return answer;
}

export { renderPreview } from './preview-scope.ts';
