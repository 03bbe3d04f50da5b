// The wishlist sidebar: a drawer from the right with the total, per item a
// 120×120 image, the name, 'View Details' and 'Remove', a 'Start shopping' button that closes it,
// and 'Your wishlist is empty' when there is nothing in it.
import { useId } from 'react';
import { useStore } from '@nanostores/react';
import { $wishlist, removeFromWishlist } from '#lib/wishlist/store.ts';
import { $wishlistSidebarOpen } from '#lib/shell/ui-store.ts';
import { wishlistProductPath, type WishlistProduct } from '#lib/wishlist/rules.ts';
import { localePath } from '#lib/site/paths.ts';
import { plural } from '#lib/i18n/format.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { useDialog } from '../shared/useDialog.ts';
import { useBackdrop } from '../shared/useBackdrop.ts';
import { Icon } from '../shell/Icon.tsx';
import type { WishlistSidebarStrings } from './strings.ts';
import '#styles/session.css';

export interface WishlistSidebarProps {
  locale: Locale;
  intlLocale: string;
  strings: WishlistSidebarStrings;
}

const close = () => $wishlistSidebarOpen.set(false);

function Item({ product, locale, strings, onRemove }: {
  product: WishlistProduct; locale: Locale; strings: WishlistSidebarStrings; onRemove: (sku: string) => void;
}) {
  const nameId = useId();
  return (
    <li className="wishlist-item">
      {product.image
        ? <img className="wishlist-image" src={product.image} alt="" width={120} height={120} loading="lazy" />
        : <span className="wishlist-image" aria-hidden="true" />}
      <div className="wishlist-item-body">
        <p id={nameId} className="wishlist-name">{product.name}</p>
        <div className="wishlist-item-actions">
          <a href={localePath(locale, wishlistProductPath(product))} aria-describedby={nameId}>{strings.viewDetails}</a>
          <button type="button" className="text-button wishlist-remove" aria-describedby={nameId}
            onClick={() => onRemove(product.sku)}>
            {strings.remove}
          </button>
        </div>
      </div>
    </li>
  );
}

export function WishlistSidebar({ locale, intlLocale, strings }: WishlistSidebarProps) {
  const open = useStore($wishlistSidebarOpen);
  const { items } = useStore($wishlist);
  const ref = useDialog<HTMLDivElement>(open, close);
  const backdrop = useBackdrop(close);
  const titleId = useId();
  if (!open) return null;

  // The pressed button goes away with its item; focus moves on rather than falling out of the dialog.
  const onRemove = (sku: string) => {
    removeFromWishlist(sku);
    requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>('.wishlist-remove, .sidebar-footer button')?.focus());
  };
  return (
    <div className="drawer-backdrop" {...backdrop}>
      <div ref={ref} className="drawer drawer-right session-sidebar" role="dialog" aria-modal="true"
        aria-labelledby={titleId} tabIndex={-1}>
        <div className="sidebar-header">
          <h2 id={titleId} className="sidebar-title">{strings.title}</h2>
          <p className="sidebar-count">{plural(intlLocale, items.length, strings.totalItems)}</p>
          <button type="button" className="icon-button" aria-label={strings.close} onClick={close}><Icon name="close" /></button>
        </div>
        <div className="sidebar-body">
          {items.length === 0
            ? <p className="sidebar-empty">{strings.empty}</p>
            : (
              <ul className="wishlist-items" aria-labelledby={titleId}>
                {items.map(({ product }) => (
                  <Item key={product.sku} product={product} locale={locale} strings={strings} onRemove={onRemove} />
                ))}
              </ul>
            )}
        </div>
        <div className="sidebar-footer">
          <button type="button" className="button primary" onClick={close}>{strings.startShopping}</button>
        </div>
      </div>
    </div>
  );
}
