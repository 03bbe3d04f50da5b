// The wishlist sidebar: a drawer from the right with the total, per item a 120×120 image, the name,
// its live price, 'Add to cart', 'View Details' and 'Remove', a 'Start shopping' button that closes
// it, and 'Your wishlist is empty' when there is nothing in it.
import { useEffect, useId } from 'react';
import { $wishlist, removeFromWishlist } from '#lib/wishlist/store.ts';
import { emptyWishlist } from '#lib/wishlist/rules.ts';
import { $wishlistSidebarOpen } from '#lib/shell/ui-store.ts';
import { requestAddToCart } from '#lib/cart/requests.ts';
import { requestPrices } from '#lib/catalog/prices-store.ts';
import { plural } from '#lib/i18n/format.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { useDialog } from '../shared/useDialog.ts';
import { useBackdrop } from '../shared/useBackdrop.ts';
import { Icon } from '../shell/Icon.tsx';
import { WishlistItem } from './WishlistItem.tsx';
import type { WishlistSidebarStrings } from './strings.ts';
import { useClientStore } from '../shared/useClientStore.ts';

export interface WishlistSidebarProps {
  locale: Locale;
  intlLocale: string;
  strings: WishlistSidebarStrings;
}

const close = () => $wishlistSidebarOpen.set(false);

const EMPTY = emptyWishlist();

export function WishlistSidebar({ locale, intlLocale, strings }: WishlistSidebarProps) {
  // The server's values until hydrated (the list lives in localStorage, the drawer may open first).
  const open = useClientStore($wishlistSidebarOpen, false);
  const { items } = useClientStore($wishlist, EMPTY);
  const ref = useDialog<HTMLDivElement>(open, close);
  const backdrop = useBackdrop(close);
  const titleId = useId();
  // The listed products are rarely on the page: their prices join the page's next price batch.
  const skus = items.map((i) => i.product.sku).join('\n');
  useEffect(() => {
    if (open && skus) requestPrices(skus.split('\n'));
  }, [open, skus]);
  if (!open) return null;

  // The pressed button goes away with its item; focus moves on rather than falling out of the dialog.
  const onRemove = (sku: string) => {
    removeFromWishlist(sku);
    requestAnimationFrame(() =>
      ref.current?.querySelector<HTMLElement>('.wishlist-remove, .sidebar-footer button')?.focus(),
    );
  };
  // The cart opens with the new line; two drawers at once would fight over focus.
  const onAddToCart = (sku: string) => {
    requestAddToCart({ sku, quantity: 1, accessories: [] });
    close();
  };
  return (
    <div className="drawer-backdrop" {...backdrop}>
      <div
        ref={ref}
        className="drawer drawer-right session-sidebar"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="sidebar-header">
          <h2 id={titleId} className="sidebar-title">
            {strings.title}
          </h2>
          <p className="sidebar-count">{plural(intlLocale, items.length, strings.totalItems)}</p>
          <button type="button" className="icon-button" aria-label={strings.close} onClick={close}>
            <Icon name="close" />
          </button>
        </div>
        <div className="sidebar-body">
          {items.length === 0 ? (
            <p className="sidebar-empty">{strings.empty}</p>
          ) : (
            <ul className="wishlist-items" aria-labelledby={titleId}>
              {items.map(({ product }) => (
                <WishlistItem
                  key={product.sku}
                  product={product}
                  locale={locale}
                  intlLocale={intlLocale}
                  strings={strings}
                  onRemove={onRemove}
                  onAddToCart={onAddToCart}
                />
              ))}
            </ul>
          )}
        </div>
        <div className="sidebar-footer">
          <button type="button" className="button primary" onClick={close}>
            {strings.startShopping}
          </button>
        </div>
      </div>
    </div>
  );
}
