// A product tile for grids, lists and carousels. Rendered on the server at build time and again on
// the client when a listing changes; the price comes live from the price store.
import { useId } from 'react';
import type { ProductCard as Card } from '#lib/catalog/contract.ts';
import { PICTURE_BOXES, type PictureBox } from '#lib/site/images.ts';
import { ProductPicture } from '../shared/ProductPicture.tsx';
import { Price, type PriceStrings } from './Price.tsx';
import { CardPurchase, type CardPurchaseProps } from './listing/CardPurchase.tsx';

export interface ProductCardProps {
  product: Card;
  href: string;
  intlLocale: string;
  view: 'grid' | 'list';
  showItemnum: boolean;
  startingPrice: boolean;
  strings: PriceStrings & { itemNo: string };
  /** Listings offer quantity and add-to-cart on each card; carousels leave it out. */
  purchase?: Pick<CardPurchaseProps, 'strings' | 'form'> | undefined;
  /** The picture's box when the card sits elsewhere than a listing grid (a carousel). */
  box?: PictureBox;
}

export function ProductCard({
  product,
  href,
  intlLocale,
  view,
  showItemnum,
  startingPrice,
  strings,
  purchase,
  box = view === 'list' ? PICTURE_BOXES.listCard : PICTURE_BOXES.card,
}: ProductCardProps) {
  const nameId = useId();
  const listAttributes = product.attributes.filter((a) => a.location === 'list' && !a.html);
  return (
    <article className={`product-card product-card-${view}`} data-sku={product.sku}>
      <a href={href} className="product-card-image" tabIndex={-1} aria-hidden="true">
        {product.image && <ProductPicture src={product.image} alt="" {...box} loading="lazy" decoding="async" />}
      </a>
      <div className="product-card-body">
        <h3 id={nameId} className="product-card-name">
          <a href={href}>{product.name}</a>
        </h3>
        {showItemnum && (
          <p className="product-card-itemnum">
            {strings.itemNo} {product.itemnum}
          </p>
        )}
        {view === 'list' && listAttributes.length > 0 && (
          <dl className="product-card-attributes">
            {listAttributes.map((a) => (
              <div key={a.attribute_code}>
                <dt>{a.label}</dt>
                <dd>{a.valueLabel}</dd>
              </div>
            ))}
          </dl>
        )}
        <Price
          sku={product.sku}
          intlLocale={intlLocale}
          strings={strings}
          startingAt={startingPrice && product.variantSkus.length > 0}
        />
        {purchase && (
          <CardPurchase
            sku={product.sku}
            hasVariants={product.variantSkus.length > 0}
            href={href}
            nameId={nameId}
            strings={purchase.strings}
            form={purchase.form}
          />
        )}
      </div>
    </article>
  );
}
