// One wishlist entry: image, name, its live price and availability, 'Add to cart', 'View Details' and 'Remove'.
// Prices come from the page's price store like everywhere else; a product without a price (hidden
// for guests, or a variant parent that is not sold itself) offers no add-to-cart.
import { useId } from 'react';
import { priceDisplayState } from '#lib/catalog/price.ts';
import { refusesOrder } from '#lib/catalog/availability.ts';
import { $prices } from '#lib/catalog/prices-store.ts';
import { wishlistProductPath, type WishlistProduct } from '#lib/wishlist/rules.ts';
import { localePath } from '#lib/site/paths.ts';
import { PICTURE_BOXES } from '#lib/site/images.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { Price } from '../catalog/Price.tsx';
import { AvailabilityText } from '../catalog/AvailabilityText.tsx';
import { LinePicture } from '../shared/ProductPicture.tsx';
import { useClientStore } from '../shared/useClientStore.ts';
import type { WishlistSidebarStrings } from './strings.ts';

export interface WishlistItemProps {
  product: WishlistProduct;
  locale: Locale;
  intlLocale: string;
  strings: WishlistSidebarStrings;
  onRemove: (sku: string) => void;
  onAddToCart: (sku: string) => void;
}

export function WishlistItem({ product, locale, intlLocale, strings, onRemove, onAddToCart }: WishlistItemProps) {
  const nameId = useId();
  const entry = useClientStore($prices, {})[product.sku];
  // One piece: what 'Add to cart' here would order. Not offered for what cannot be ordered now (it
  // ended in a refusal); the availability says why.
  const orderable = priceDisplayState(entry) === 'loaded' && !refusesOrder(entry, 1);
  return (
    <li className="wishlist-item">
      <LinePicture className="wishlist-image" src={product.image} box={PICTURE_BOXES.wishlist} />
      <div className="wishlist-item-body">
        <p id={nameId} className="wishlist-name">
          {product.name}
        </p>
        <Price sku={product.sku} intlLocale={intlLocale} strings={strings.price} />
        <AvailabilityText sku={product.sku} qty={1} strings={strings.availability} />
        {orderable && (
          <button
            type="button"
            className="button primary wishlist-add-to-cart"
            aria-describedby={nameId}
            onClick={() => onAddToCart(product.sku)}
          >
            {strings.addToCart}
          </button>
        )}
        <div className="wishlist-item-actions">
          <a href={localePath(locale, wishlistProductPath(product))} aria-describedby={nameId}>
            {strings.viewDetails}
          </a>
          <button
            type="button"
            className="text-button wishlist-remove"
            aria-describedby={nameId}
            onClick={() => onRemove(product.sku)}
          >
            {strings.remove}
          </button>
        </div>
      </div>
    </li>
  );
}
