// Recently viewed products: lists the others viewed in this session, newest first. Session storage is
// per browser tab, so nothing is prerendered; the page's own script records the view
// (src/lib/catalog/record-view.ts) and this island loads only when its place scrolls into view.
import { $recentlyViewed, type RecentProduct } from '#lib/catalog/recently-viewed-store.ts';
import { PICTURE_BOXES } from '#lib/site/images.ts';
import { useClientStore } from '../shared/useClientStore.ts';
import { ProductPicture } from '../shared/ProductPicture.tsx';

export interface RecentlyViewedProps {
  current: RecentProduct;
  showItemnum: boolean;
  strings: { title: string; itemNo: string };
}

export function RecentlyViewed({ current, showItemnum, strings }: RecentlyViewedProps) {
  // Entries keep the language they were viewed in: a link or a name in another language would be
  // a surprise, so only this locale's views are listed. No prices: they are not in this page's batch.
  // The list exists only in the browser tab: the first render matches the server's empty one.
  const others = useClientStore($recentlyViewed, []).filter(
    (p) => p.sku !== current.sku && p.locale === current.locale,
  );
  // An empty mark while there is nothing to list: the island needs an element to watch for visibility.
  if (others.length === 0) return <div className="recently-viewed-mark" />;
  return (
    <section className="recently-viewed" aria-labelledby="recently-viewed-title">
      <h2 id="recently-viewed-title">{strings.title}</h2>
      <ul className="recently-viewed-list">
        {others.map((p) => (
          <li key={p.sku}>
            <a href={p.href} className="recent-product">
              {p.image && (
                <ProductPicture src={p.image} alt="" {...PICTURE_BOXES.thumbnail} loading="lazy" decoding="async" />
              )}
              <span className="recent-product-name">{p.name}</span>
              {showItemnum && (
                <span className="recent-product-itemnum">
                  {strings.itemNo} {p.itemnum}
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
