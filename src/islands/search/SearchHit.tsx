// One product or variant in the search overlay: image, name, item number and the live price.
import type { SearchItem } from '#lib/search/store.ts';
import { PICTURE_BOXES } from '#lib/site/images.ts';
import { Price } from '../catalog/Price.tsx';
import { ProductPicture } from '../shared/ProductPicture.tsx';
import type { SearchOverlayStrings } from './strings.ts';

export interface SearchHitProps {
  item: SearchItem;
  href: string;
  intlLocale: string;
  showItemnum: boolean;
  /** The 'small-list' popup view: one dense line per item with a thumbnail. */
  compact: boolean;
  strings: Pick<SearchOverlayStrings, 'itemNo' | 'variant' | 'price'>;
}

export function SearchHit({ item, href, intlLocale, showItemnum, compact, strings }: SearchHitProps) {
  const box = compact ? PICTURE_BOXES.searchLine : PICTURE_BOXES.searchHit;
  return (
    <li className="search-hit">
      <a className="search-hit-link" href={href}>
        <span className="search-hit-image">
          {item.image && <ProductPicture src={item.image} alt="" {...box} loading="lazy" decoding="async" />}
        </span>
        <span className="search-hit-name">{item.name}</span>
        {showItemnum && (
          <span className="search-hit-itemnum">
            {strings.itemNo} {item.itemnum}
          </span>
        )}
        {item.isVariant && <span className="search-hit-badge">{strings.variant}</span>}
      </a>
      <div className="search-hit-price">
        <Price sku={item.sku} intlLocale={intlLocale} strings={strings.price} />
      </div>
    </li>
  );
}
