// The shop's inline scripts (`<script is:inline set:html={…}>`), kept here as fixed text so the
// Content-Security-Policy can allow exactly these by their hashes (src/lib/server/security-headers.ts)
// and no other inline script: pages are cached and shared, so a per-request nonce cannot work, and
// hashing whatever a page happens to contain would allow an injected script too. A script's text
// therefore never varies per page: what a page must tell it travels in the script element's data-*
// attributes (read through document.currentScript). They are inline because they must run before the
// first paint or before the shell starts; everything else belongs in bundled modules.
import { CONSENT_STORAGE_KEY } from '../shell/consent.ts';
import { NOTIFICATION_BAR_KEY } from '../shell/notification-bar.ts';
import { CATEGORY_VIEW_KEY } from '../catalog/listing-store.ts';
import { PENDING_CLASS, ROBOTS_MARK } from '#islands/catalog/listing/document.ts';

const json = JSON.stringify;

/** Every layout, in <head>: hides what this session or browser already dismissed, so nothing flashes. */
export const HEAD_STATE_SCRIPT = `try {
  if (sessionStorage.getItem(${json(NOTIFICATION_BAR_KEY)}) === 'closed') document.documentElement.classList.add('notification-bar-closed');
  if (localStorage.getItem(${json(CONSENT_STORAGE_KEY)})) document.documentElement.classList.add('consent-decided');
} catch (e) {}`;

/**
 * A category page, before the listing paints (data-page: the rendered page number, data-view: the
 * shop's default view): a filtered or sorted URL (or, on a static export, another page number) still
 * shows the rendered page until the island has loaded the right one, so it is marked pending and kept
 * from crawlers' indexes, and the island wakes at once (it waits for the shopper otherwise), as it does
 * for a shopper who chose the other view in this tab.
 */
export const CATEGORY_PENDING_SCRIPT = `(function () {
  var data = document.currentScript.dataset;
  var wanted = new URLSearchParams(location.search).get('page');
  var wake = false;
  if (/[?&](sort|f\\.[^=&]*)=/.test(location.search) || (wanted !== null && Number(wanted) !== Number(data.page))) {
    document.documentElement.classList.add(${json(PENDING_CLASS)});
    var robots = document.createElement('meta');
    robots.name = 'robots';
    robots.content = 'noindex, follow';
    robots.setAttribute(${json(ROBOTS_MARK)}, '');
    document.head.appendChild(robots);
    wake = true;
  }
  try {
    var view = sessionStorage.getItem(${json(CATEGORY_VIEW_KEY)});
    if ((view === 'grid' || view === 'list') && view !== data.view) wake = true;
  } catch (e) {}
  if (wake) document.documentElement.dataset.wake = 'listing';
})();`;

/**
 * The search page (data-search: the query string it was rendered for): HTML rendered for another
 * query (a static export serves one page for every term) wakes the island now.
 */
export const SEARCH_WAKE_SCRIPT = `if (location.search !== document.currentScript.dataset.search) document.documentElement.dataset.wake = 'search-page';`;

/** An account page opened by a guest: the #login address, set before the shell starts, opens the login modal. */
export const SIGN_IN_HASH_SCRIPT = `if (location.hash !== '#login') history.replaceState(history.state, '', location.pathname + location.search + '#login');`;

/** The error page's 'Back' button (inline: Astro does not bundle scripts inside template expressions). */
export const HISTORY_BACK_SCRIPT = `for (const button of document.querySelectorAll('[data-history-back]')) {
  button.addEventListener('click', () => history.back());
}`;

/** Every inline script a page of this shop may run; the CSP allows these and no others. */
export const INLINE_SCRIPTS: readonly string[] = [
  HEAD_STATE_SCRIPT,
  CATEGORY_PENDING_SCRIPT,
  SEARCH_WAKE_SCRIPT,
  SIGN_IN_HASH_SCRIPT,
  HISTORY_BACK_SCRIPT,
];
