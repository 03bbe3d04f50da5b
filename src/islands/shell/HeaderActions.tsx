// Header icons: My Items link, account, wishlist and cart with live count badges.
import { $cartCount } from '#lib/cart/store.ts';
import { $loggedIn } from '#lib/auth/session-store.ts';
import { $cartSidebarOpen, $loginModalOpen, $wishlistSidebarOpen } from '#lib/shell/ui-store.ts';
import { $wishlistCount } from '#lib/wishlist/store.ts';
import { plural, type PluralForms } from '#lib/i18n/format.ts';
import { showMyItemsLink, type MyItemsFlags } from '#lib/content/features.ts';
import { Icon } from './Icon.tsx';
import { useClientStore } from '../shared/useClientStore.ts';

export interface HeaderActionsProps {
  /** BCP 47 tag for the counts' plural rules and number format. */
  intlLocale: string;
  accountHref: string;
  myItemsHref: string;
  /** The My Items settings; the link additionally needs a signed-in user. */
  myItems: MyItemsFlags;
  strings: {
    myItems: string; account: string; login: string; wishlist: string; cart: string;
    itemCount: PluralForms;
  };
}

export function HeaderActions({ intlLocale, accountHref, myItemsHref, myItems, strings }: HeaderActionsProps) {
  const countLabel = (label: string, count: number) => `${label}, ${plural(intlLocale, count, strings.itemCount)}`;
  // Both come from the browser (cookie, localStorage); the static HTML shows a guest with none.
  const loggedIn = useClientStore($loggedIn, false);
  const cartCount = useClientStore($cartCount, 0);
  const wishlistCount = useClientStore($wishlistCount, 0);
  return (
    <div className="header-actions">
      {showMyItemsLink(myItems, loggedIn) && <a className="header-link" href={myItemsHref}>{strings.myItems}</a>}
      {loggedIn ? (
        <a className="icon-button" href={accountHref} aria-label={strings.account}>
          <Icon name="userFilled" />
        </a>
      ) : (
        <button type="button" className="icon-button" aria-label={strings.login} aria-haspopup="dialog"
          onClick={() => $loginModalOpen.set(true)}>
          <Icon name="user" />
        </button>
      )}
      <button type="button" className="icon-button" aria-haspopup="dialog"
        aria-label={countLabel(strings.wishlist, wishlistCount)}
        onClick={() => $wishlistSidebarOpen.set(true)}>
        <Icon name="heart" />
        {wishlistCount > 0 && <span className="badge" aria-hidden="true">{wishlistCount}</span>}
      </button>
      <button type="button" className="icon-button" aria-haspopup="dialog"
        aria-label={countLabel(strings.cart, cartCount)}
        onClick={() => $cartSidebarOpen.set(true)}>
        <Icon name="cart" />
        {cartCount > 0 && <span className="badge" aria-hidden="true">{cartCount}</span>}
      </button>
    </div>
  );
}
