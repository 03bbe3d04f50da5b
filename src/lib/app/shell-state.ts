// The shell's live state without a framework: header and bottom-navigation counts, the signed-in
// state, and the controls that open the cart, the wishlist, the login modal and the mobile menu.
// The drawers and the modal are islands that hydrate on intent (`client:intent="<name>"`): a control
// sets its open store, the island reads it once it is live, so the click that woke it is not lost.
//
// The cart's code loads only when there is a cart to show: the marker cookie, a signed-in shopper,
// or a product page asking to add to it.
import type { ReadableAtom, WritableAtom } from 'nanostores';
import { $loggedIn } from '../auth/session-store.ts';
import { hasCartMarker } from '../cart/rules.ts';
import { isPublicShopper, PRICES_INTENT, readPagePrices } from '../catalog/page-prices.ts';
import { $pendingAddToCart } from '../cart/requests.ts';
import { plural, type PluralForms } from '../i18n/format.ts';
import { $wishlist, $wishlistCount } from '../wishlist/store.ts';
import { isInWishlist, type Wishlist } from '../wishlist/rules.ts';
import { $cartSidebarOpen, $loginModalOpen, $mobileMenuOpen, $wishlistSidebarOpen } from '../shell/ui-store.ts';

const OPENERS: Record<string, WritableAtom<boolean>> = {
  cart: $cartSidebarOpen,
  wishlist: $wishlistSidebarOpen,
  login: $loginModalOpen,
  menu: $mobileMenuOpen,
};

/** Tells the island of that name to hydrate (src/lib/shell/intent-directive.ts). */
function wakeIsland(name: string): void {
  document.dispatchEvent(new CustomEvent('intent', { detail: name }));
}

/** Wakes the islands of that name for good: those already set up and any still to come. */
function wakeForPage(name: string): void {
  const html = document.documentElement;
  html.dataset.wake = `${html.dataset.wake ?? ''} ${name}`.trim();
  wakeIsland(name);
}

function showCount(name: string, count: ReadableAtom<number>, label: (text: string, n: number) => string): void {
  count.subscribe((n) => {
    for (const control of document.querySelectorAll<HTMLElement>(`[data-count="${name}"]`)) {
      const badge = control.querySelector<HTMLElement>('.badge');
      if (badge) {
        badge.hidden = n === 0;
        badge.textContent = n === 0 ? '' : String(n);
      }
      if (control.dataset.label) control.setAttribute('aria-label', label(control.dataset.label, n));
    }
  });
}

/** Wishlist hearts the server rendered empty: filled for what the stored wishlist holds. */
function showWished(list: Wishlist): void {
  for (const heart of document.querySelectorAll<HTMLElement>('[data-wish-sku]')) {
    const wished = isInWishlist(list, heart.dataset.wishSku ?? '');
    heart.classList.toggle('is-active', wished);
    const label = wished ? heart.dataset.labelRemove : heart.dataset.labelAdd;
    if (label) heart.setAttribute('aria-label', label);
  }
}

function showShopper(signedIn: boolean): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-shopper]')) {
    el.hidden = el.dataset.shopper !== (signedIn ? 'signed-in' : 'guest');
  }
}

export function startShellState(): void {
  const counts = document.querySelector<HTMLElement>('[data-count-labels]');
  const forms = JSON.parse(counts?.dataset.countLabels ?? '{"one":"","other":""}') as PluralForms;
  const intlLocale = counts?.dataset.intl ?? document.documentElement.lang;
  const label = (text: string, n: number) => `${text}, ${plural(intlLocale, n, forms)}`;

  document.addEventListener('click', (event) => {
    const control = (event.target as Element).closest<HTMLElement>('[data-opens]');
    const store = control && OPENERS[control.dataset.opens ?? ''];
    if (store) store.set(true);
  });
  for (const [name, store] of Object.entries(OPENERS)) store.subscribe((open) => open && wakeIsland(name));
  if (location.hash === '#login') wakeIsland('login');
  // Back or forward within the page (entries an island pushed before a reload): the islands that
  // show what the URL says wake and read it (`client:intent="… history"`).
  window.addEventListener('popstate', () => wakeForPage('history'));
  // Back from the product page's plain form (/cart/add): show the cart that was just added to.
  if (location.hash === '#cart') {
    history.replaceState(history.state, '', `${location.pathname}${location.search}`);
    $cartSidebarOpen.set(true);
  }

  $loggedIn.subscribe(showShopper);
  $wishlist.subscribe(showWished);
  // The page shows the public prices it was rendered with; for anybody else (signed in now or later,
  // another currency) the islands showing prices wake at once and fetch the shopper's own.
  const { currency: shown } = readPagePrices(document);
  if (shown) {
    $loggedIn.subscribe((signedIn) => {
      if (!isPublicShopper(shown, signedIn)) wakeForPage(PRICES_INTENT);
    });
  }
  showCount('wishlist', $wishlistCount, label);

  let cartStarted = false;
  const startCart = () => {
    if (cartStarted) return;
    cartStarted = true;
    void import('../cart/store.ts').then(({ $cartCount }) => showCount('cart', $cartCount, label));
  };
  if (hasCartMarker(document.cookie)) startCart();
  $pendingAddToCart.subscribe((request) => request && startCart());
  // A signed-in shopper's session (user, currency, account wishlist) follows the marker cookie.
  $loggedIn.subscribe((signedIn) => {
    if (!signedIn) return;
    startCart();
    void import('../auth/user-store.ts').then(({ $user }) => $user.listen(() => {}));
  });
}
