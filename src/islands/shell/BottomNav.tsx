// Mobile bottom navigation: Home, Menu, Wishlist, Account, Basket.
import { $cartCount } from '#lib/cart/store.ts';
import { $loggedIn } from '#lib/auth/session-store.ts';
import { $cartSidebarOpen, $loginModalOpen, $wishlistSidebarOpen, openMobileMenu } from '#lib/shell/ui-store.ts';
import { $wishlistCount } from '#lib/wishlist/store.ts';
import { Icon } from './Icon.tsx';
import { useClientStore } from '../shared/useClientStore.ts';

export interface BottomNavProps {
  homeHref: string;
  accountHref: string;
  strings: { label: string; home: string; menu: string; wishlist: string; account: string; basket: string };
}

export function BottomNav({ homeHref, accountHref, strings }: BottomNavProps) {
  // Both come from the browser (cookie, localStorage); the static HTML shows a guest with none.
  const loggedIn = useClientStore($loggedIn, false);
  const cartCount = useClientStore($cartCount, 0);
  const wishlistCount = useClientStore($wishlistCount, 0);
  return (
    <nav className="bottom-nav" aria-label={strings.label}>
      <a href={homeHref}><Icon name="home" /><span>{strings.home}</span></a>
      <button type="button" aria-haspopup="dialog" onClick={openMobileMenu}><Icon name="menu" /><span>{strings.menu}</span></button>
      <button type="button" aria-haspopup="dialog" onClick={() => $wishlistSidebarOpen.set(true)}>
        <Icon name="heart" /><span>{strings.wishlist}</span>
        {wishlistCount > 0 && <span className="badge">{wishlistCount}</span>}
      </button>
      {loggedIn
        ? <a href={accountHref}><Icon name="userFilled" /><span>{strings.account}</span></a>
        : <button type="button" aria-haspopup="dialog" onClick={() => $loginModalOpen.set(true)}><Icon name="user" /><span>{strings.account}</span></button>}
      <button type="button" aria-haspopup="dialog" onClick={() => $cartSidebarOpen.set(true)}>
        <Icon name="cart" /><span>{strings.basket}</span>
        {cartCount > 0 && <span className="badge">{cartCount}</span>}
      </button>
    </nav>
  );
}
