// The heart on a product page: adds the product to the wishlist, or removes it when already there.
// The wishlist lives in localStorage, which the static HTML cannot know: until this island hydrates
// (on intent), the shell marks the button from the same store (data-wish-sku, shell-state.ts).
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { isInWishlist, type WishlistProduct } from '#lib/wishlist/rules.ts';
import { $wishlist, toggleWishlist } from '#lib/wishlist/store.ts';
import { Icon } from '../shell/Icon.tsx';

export function WishlistButton({
  product,
  strings,
}: {
  product: WishlistProduct;
  strings: { add: string; removeFrom: string };
}) {
  const list = useStore($wishlist);
  // The server rendered "not in the wishlist"; showing the stored state only after mounting keeps hydration clean.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const inList = mounted && isInWishlist(list, product.sku);
  return (
    <button
      type="button"
      className={`icon-button wishlist-toggle${inList ? ' is-active' : ''}`}
      aria-label={inList ? strings.removeFrom : strings.add}
      onClick={() => toggleWishlist(product)}
      data-wish-sku={product.sku}
      data-label-add={strings.add}
      data-label-remove={strings.removeFrom}
    >
      <Icon name="heart" />
    </button>
  );
}
