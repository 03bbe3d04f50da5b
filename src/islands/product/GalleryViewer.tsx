// The full-screen image viewer of the product gallery: previous/next (buttons and arrow keys),
// Escape or the close button closes it, focus stays inside while it is open (useDialog).
import type { KeyboardEvent } from 'react';
import { useDialog } from '../shared/useDialog.ts';
import { fill } from '#lib/i18n/format.ts';
import { ProductPicture } from '../shared/ProductPicture.tsx';
import { Icon } from '../shell/Icon.tsx';

export interface GalleryViewerStrings {
  closeImage: string;
  previousImage: string;
  nextImage: string;
  /** 'Image {{index}} of {{count}}'. */
  imageOf: string;
}

interface GalleryViewerProps {
  images: string[];
  index: number;
  alt: string;
  strings: GalleryViewerStrings;
  onIndex: (index: number) => void;
  onClose: () => void;
}

export function GalleryViewer({ images, index, alt, strings, onIndex, onClose }: GalleryViewerProps) {
  const ref = useDialog<HTMLDivElement>(true, onClose);
  const count = images.length;
  // Wrapping round: at the last image "next" starting over is what a photo viewer does.
  const go = (step: number) => onIndex((index + step + count) % count);
  const onKeyDown = (e: KeyboardEvent) => {
    if (count < 2 || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
    e.preventDefault();
    go(e.key === 'ArrowLeft' ? -1 : 1);
  };
  const counter = fill(strings.imageOf, { index: index + 1, count });
  return (
    <div className="product-dialog-backdrop gallery-viewer-backdrop">
      <div
        ref={ref}
        className="gallery-viewer"
        role="dialog"
        aria-modal="true"
        aria-label={alt}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <button
          type="button"
          className="icon-button product-dialog-close"
          aria-label={strings.closeImage}
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
        <figure className="gallery-viewer-figure">
          <ProductPicture
            src={images[index] ?? ''}
            alt={alt}
            width={600}
            height={744}
            widths={[600, 1200]}
            sizes="(max-width: 640px) 100vw, 600px"
          />
          <figcaption aria-live="polite">{counter}</figcaption>
        </figure>
        {count > 1 && (
          <div className="gallery-viewer-nav">
            <button type="button" className="icon-button" aria-label={strings.previousImage} onClick={() => go(-1)}>
              <Icon name="chevronLeft" />
            </button>
            <button type="button" className="icon-button" aria-label={strings.nextImage} onClick={() => go(1)}>
              <Icon name="chevronRight" />
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
