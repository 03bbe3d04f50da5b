// Product gallery: a stage of at most 600×744, 150×150 thumbnails, and a
// full-screen viewer. Server-rendered, so the cover and thumbnails show before any script runs.
import { useState } from 'react';
import { fill } from '#lib/i18n/format.ts';
import { ProductPicture } from '../shared/ProductPicture.tsx';
import { GalleryViewer, type GalleryViewerStrings } from './GalleryViewer.tsx';

interface GalleryStrings extends GalleryViewerStrings {
  productImages: string;
  enlargeImage: string;
}

export interface GalleryProps {
  images: string[];
  /** The product name: what every image shows. */
  alt: string;
  strings: GalleryStrings;
}

export function Gallery({ images, alt, strings }: GalleryProps) {
  const [index, setIndex] = useState(0);
  const [viewerOpen, setViewerOpen] = useState(false);
  const current = images[index];
  if (!current) return null;
  return (
    <section className="gallery" aria-label={strings.productImages}>
      <button
        type="button"
        className="gallery-stage"
        aria-label={strings.enlargeImage}
        aria-haspopup="dialog"
        onClick={() => setViewerOpen(true)}
      >
        <ProductPicture
          src={current}
          alt={alt}
          width={600}
          height={744}
          fetchPriority="high"
          widths={[300, 600, 1200]}
          sizes="(max-width: 640px) 100vw, 600px"
        />
      </button>
      {images.length > 1 && (
        <ul className="gallery-thumbs">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                className="gallery-thumb"
                aria-current={i === index ? 'true' : undefined}
                aria-label={fill(strings.imageOf, { index: i + 1, count: images.length })}
                onClick={() => setIndex(i)}
              >
                <ProductPicture
                  src={src}
                  alt=""
                  width={150}
                  height={150}
                  loading="lazy"
                  decoding="async"
                  widths={[150, 300]}
                  sizes="(min-width: 768px) 150px, 96px"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewerOpen && (
        <GalleryViewer
          images={images}
          index={index}
          alt={alt}
          strings={strings}
          onIndex={setIndex}
          onClose={() => setViewerOpen(false)}
        />
      )}
    </section>
  );
}
