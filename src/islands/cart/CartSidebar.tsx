// The cart sidebar: a drawer from the right with 'My Cart' and the item count,
// the shop's cart-header block, the lines, the coupon, the totals with their tax note, and 'Go to
// checkout' ('Go back shopping' when empty). Mounted on every page with a header; it hands the cart
// store the translated error texts, so a failed 'Add to cart' is explained while the drawer is closed.
import { useEffect, useId } from 'react';
import { $cart, $cartLoading } from '#lib/cart/store.ts';
import { $cartSidebarOpen } from '#lib/shell/ui-store.ts';
import { plural } from '#lib/i18n/format.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { useDialog } from '../shared/useDialog.ts';
import { useBackdrop } from '../shared/useBackdrop.ts';
import { Icon } from '../shell/Icon.tsx';
import { CartItem } from './CartItem.tsx';
import { CartTotals } from './CartTotals.tsx';
import { CouponForm } from './CouponForm.tsx';
import type { CartSidebarStrings } from './strings.ts';
import { useClientStore } from '../shared/useClientStore.ts';

export interface CartSidebarProps {
  locale: Locale;
  intlLocale: string;
  checkoutHref: string;
  /** The cart-header content block, sanitized on the server. */
  headerHtml: string | null;
  strings: CartSidebarStrings;
}

const close = () => $cartSidebarOpen.set(false);

export function CartSidebar({ locale, intlLocale, checkoutHref, headerHtml, strings }: CartSidebarProps) {
  // The server's values until hydrated: a click before hydration (opening the drawer) must not make
  // the first render differ from the HTML.
  const open = useClientStore($cartSidebarOpen, false);
  const cart = useClientStore($cart, null);
  const loading = useClientStore($cartLoading, false);
  const ref = useDialog<HTMLDivElement>(open, close);
  const backdrop = useBackdrop(close);
  const titleId = useId();
  const items = cart?.cartItems ?? [];
  // A removed line takes its focused button with it; focus stays in the dialog rather than falling out.
  useEffect(() => {
    if (open && document.activeElement === document.body) ref.current?.focus();
  }, [open, items.length, ref]);
  if (!open) return null;

  const pricesVisible = cart?.pricesVisible ?? true;
  return (
    <div className="drawer-backdrop" {...backdrop}>
      <div
        ref={ref}
        className="drawer drawer-right cart-sidebar"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={loading}
        tabIndex={-1}
      >
        <div className="cart-sidebar-header">
          <h2 id={titleId} className="cart-sidebar-title">
            {strings.title}
          </h2>
          <p className="cart-sidebar-count">{plural(intlLocale, cart?.items_qty ?? 0, strings.totalItems)}</p>
          <button type="button" className="icon-button" aria-label={strings.close} onClick={close}>
            <Icon name="close" />
          </button>
        </div>
        <div className="cart-sidebar-body">
          {headerHtml && <div className="cart-sidebar-block" dangerouslySetInnerHTML={{ __html: headerHtml }} />}
          {!pricesVisible && <p className="cart-sidebar-note">{strings.loginToSee}</p>}
          {items.length === 0 ? (
            !loading && <p className="cart-sidebar-empty">{strings.empty}</p>
          ) : (
            <ul className="cart-items" aria-labelledby={titleId}>
              {items.map((item) => (
                <CartItem
                  key={item.id}
                  item={item}
                  currency={cart!.currency}
                  locale={locale}
                  intlLocale={intlLocale}
                  pricesVisible={pricesVisible}
                  strings={strings.item}
                />
              ))}
            </ul>
          )}
          {cart && items.length > 0 && pricesVisible && (
            <CouponForm cart={cart} strings={strings.coupon} errors={strings.errors} />
          )}
        </div>
        <div className="cart-sidebar-footer">
          {cart && items.length > 0 && <CartTotals cart={cart} intlLocale={intlLocale} strings={strings.totals} />}
          {items.length > 0 ? (
            <a className="button primary" href={checkoutHref}>
              {strings.goToCheckout}
            </a>
          ) : (
            <button type="button" className="button primary" onClick={close}>
              {strings.goBackShopping}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
