// 'Recommended products': a horizontally scrolling row of product cards, two per
// view below 1024px with 16px of the next card peeking in (CSS), previous/next buttons, arrow keys.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ProductCard as Card } from '#lib/catalog/contract.ts';
import { PICTURE_BOXES } from '#lib/site/images.ts';
import type { PublicPrices } from '#lib/catalog/page-prices.ts';
import { CAROUSEL } from '#lib/catalog/recommendations.ts';
import { ProductCard, type ProductCardProps } from '../catalog/ProductCard.tsx';
import { PublicPricesContext, useSeedPublicPrices } from '../catalog/usePriceEntry.ts';
import { Icon } from '../shell/Icon.tsx';

export interface RecommendedCarouselProps {
  items: { product: Card; href: string }[];
  intlLocale: string;
  showItemnum: boolean;
  startingPrice: boolean;
  strings: { title: string; previous: string; next: string; card: ProductCardProps['strings'] };
  /** The public prices of the cards, shown until the live ones arrive. */
  prices?: PublicPrices | undefined;
}

export function RecommendedCarousel({
  items,
  intlLocale,
  showItemnum,
  startingPrice,
  strings,
  prices,
}: RecommendedCarouselProps) {
  const titleId = useId();
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });
  useSeedPublicPrices(prices);

  const update = () => {
    const el = track.current;
    if (!el) return;
    // 1px of slack: fractional scroll positions at some zoom levels never quite reach the end.
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  };
  useEffect(() => {
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);

  // One page at a time, minus the peek, so the card that peeked in becomes the first one shown.
  const scroll = (direction: -1 | 1) => {
    const el = track.current;
    el?.scrollBy({ left: direction * Math.max(el.clientWidth - CAROUSEL.peek, 1), behavior: 'smooth' });
  };
  // Arrow keys move between cards; focusing a card scrolls it into view, so the row follows the focus.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const cards = Array.from(track.current?.children ?? []);
    const at = cards.findIndex((li) => li.contains(document.activeElement));
    const target = cards[at + (e.key === 'ArrowLeft' ? -1 : 1)];
    if (at < 0 || !target) return;
    e.preventDefault();
    target.querySelector<HTMLElement>('a[href]:not([tabindex="-1"])')?.focus();
  };

  if (items.length === 0) return null;
  return (
    <PublicPricesContext.Provider value={prices}>
      <section className="carousel" aria-labelledby={titleId}>
        <div className="carousel-head">
          <h2 id={titleId}>{strings.title}</h2>
          <div className="carousel-controls">
            <button
              type="button"
              className="icon-button"
              aria-label={strings.previous}
              disabled={edges.start}
              onClick={() => scroll(-1)}
            >
              <Icon name="chevronLeft" />
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={strings.next}
              disabled={edges.end}
              onClick={() => scroll(1)}
            >
              <Icon name="chevronRight" />
            </button>
          </div>
        </div>
        <ul ref={track} className="carousel-track" onScroll={update} onKeyDown={onKeyDown}>
          {items.map(({ product, href }) => (
            <li key={product.sku} className="carousel-item">
              <ProductCard
                product={product}
                href={href}
                intlLocale={intlLocale}
                view="grid"
                showItemnum={showItemnum}
                startingPrice={startingPrice}
                strings={strings.card}
                box={PICTURE_BOXES.carouselCard}
              />
            </li>
          ))}
        </ul>
      </section>
    </PublicPricesContext.Provider>
  );
}
