// The glue every on-demand account page shares, the account area's own page frame: the locale from
// the route (404 for an unknown or unoffered one, as the checkout pages do), 404 for a page the shop's settings switch off, the
// sign-in prompt for guests at the page's own address (a refresh cookie renews the session on the
// way), and then the page's own data, loaded for the signed-in customer only.
import type { AstroCookies } from 'astro';
import type { Locale } from '#lib/i18n/locales.ts';
import { localePath } from '#lib/site/paths.ts';
import { statusText } from '#lib/site/error-pages.ts';
import { currentShopper, type Shopper } from '../shopper.ts';
import { isSignedIn, may, type CompanyUser, type SignedIn } from '../auth/index.ts';
import { shellForParam, type Shell } from '../shell.ts';
import {
  accountPageReachable,
  canonicalPageName,
  enabledAccountPages,
  isAccountPage,
  type AccountPageName,
} from './pages.ts';

/** The page's Astro global; its client address counts a form's posts against the client's budget. */
type AccountRequest = {
  params: Record<string, string | undefined>;
  cookies: AstroCookies;
  url: URL;
  request: Request;
  readonly clientAddress: string;
};

/** What a page's loader gets: the request, and a shopper who is certainly signed in. */
export interface AccountContext {
  request: AccountRequest;
  locale: Locale;
  shell: Shell;
  shopper: SignedIn<Shopper>;
}

export type AccountMiss =
  | { kind: 'not-found' }
  | { kind: 'redirect'; to: string; permanent?: true }
  /** A guest: the page asks them to sign in and shows itself once they have. */
  | { kind: 'sign-in'; locale: Locale; shell: Shell; path: string };

/** A page to show: `user` is who is signed in, whose role decides what the navigation links. */
export type AccountPageResult<V> =
  AccountMiss | { kind: 'page'; locale: Locale; shell: Shell; user: CompanyUser; view: V };

/** What a page's loader answers: its view, a 404 (another customer's order), or a redirect (a page past the end). */
export type AccountLoad<V> = V | { notFound: true } | { redirectTo: string };

/** The frame of every account page: the route's locale and its shell, or a 404 when the shop does not offer it. */
async function accountFrame(
  request: AccountRequest,
): Promise<{ kind: 'not-found' } | { kind: 'frame'; locale: Locale; shell: Shell }> {
  const shell = await shellForParam(request.params.lang);
  return shell ? { kind: 'frame', locale: shell.locale, shell } : { kind: 'not-found' };
}

/**
 * The signed-in customer's account context at `path` (an unprefixed path), or why there is none.
 * `page` is the navigation entry the address belongs to; a page switched off is a 404.
 */
async function accountContext(
  request: AccountRequest,
  page: AccountPageName,
  path: string,
): Promise<AccountMiss | { kind: 'context'; context: AccountContext }> {
  const frame = await accountFrame(request);
  if (frame.kind !== 'frame') return frame;
  const { locale, shell } = frame;
  const shopper = await currentShopper(request.cookies, request.url);
  if (!isSignedIn(shopper)) return { kind: 'sign-in', locale, shell, path };
  if (!accountPageReachable(page, shell.features, (permission) => may(shopper, permission)))
    return { kind: 'not-found' };
  return { kind: 'context', context: { request, locale, shell, shopper } };
}

/** An account page at /my-account/{page}{subpath}: the context, then the page's own loader. */
export async function loadAccountPage<V>(
  request: AccountRequest,
  page: AccountPageName,
  load: (context: AccountContext) => Promise<AccountLoad<V>>,
  subpath = '',
): Promise<AccountPageResult<V>> {
  const found = await accountContext(request, page, `/my-account/${page}${subpath}`);
  if (found.kind !== 'context') return found;
  const { locale, shell, shopper } = found.context;
  const view = await load(found.context);
  if (typeof view === 'object' && view !== null && 'notFound' in view) return { kind: 'not-found' };
  if (typeof view === 'object' && view !== null && 'redirectTo' in view)
    return { kind: 'redirect', to: localePath(locale, view.redirectTo) };
  return { kind: 'page', locale, shell, user: shopper.user, view: view as V };
}

/**
 * /my-account/{pageName} for a name no page file answers, and /my-account itself (pageName null):
 * the spec's PascalCase names redirect (301) to their page, /my-account opens the first page the
 * settings switch on, anything else is a 404.
 */
export async function resolveAccountName(request: AccountRequest, pageName: string | null): Promise<AccountMiss> {
  const canonical = pageName === null ? null : canonicalPageName(pageName);
  if (pageName !== null && !canonical && !isAccountPage(pageName)) return { kind: 'not-found' };
  const frame = await accountFrame(request);
  if (frame.kind !== 'frame') return frame;
  const { locale, shell } = frame;
  if (canonical)
    return {
      kind: 'redirect',
      to: `${localePath(locale, `/my-account/${canonical}`)}${request.url.search}`,
      permanent: true,
    };
  if (pageName !== null) return { kind: 'not-found' };
  const shopper = await currentShopper(request.cookies, request.url);
  if (!shopper.customerId) return { kind: 'sign-in', locale, shell, path: '/my-account' };
  const [first] = enabledAccountPages(shell.features, (permission) => may(shopper, permission));
  return first ? { kind: 'redirect', to: localePath(locale, `/my-account/${first}`) } : { kind: 'not-found' };
}

/** The part of Astro's page global an account page's answer needs. */
interface PageGlobal {
  redirect(to: string, status?: 301 | 302 | 303): Response;
  response: { status?: number; statusText?: string };
}

/** A redirect answers at once; a 404 sets the status, and the page then renders its error view. */
export function earlyAnswer(astro: PageGlobal, result: AccountPageResult<unknown> | AccountMiss): Response | null {
  if (result.kind === 'redirect') return astro.redirect(result.to, result.permanent ? 301 : 302);
  if (result.kind === 'not-found') {
    astro.response.status = 404;
    astro.response.statusText = statusText(404);
  }
  return null;
}

/** What an account page of plain forms loads: the page to render with its status, or where a change sends the browser. */
type FormPageView = { kind: 'see-other'; to: string } | { kind: 'view'; status: number };

/**
 * The answer of an account page whose forms post to it: a redirect or 404 as earlyAnswer gives it, the
 * 303 after a change (post/redirect/get), or null with the view's status set for the page to render.
 */
export function formPageAnswer(astro: PageGlobal, result: AccountPageResult<FormPageView>): Response | null {
  const early = earlyAnswer(astro, result);
  if (early) return early;
  if (result.kind !== 'page') return null;
  if (result.view.kind === 'see-other') return astro.redirect(localePath(result.locale, result.view.to), 303);
  astro.response.status = result.view.status;
  return null;
}
