// Image-valued product properties (certificates, symbols): 75px thumbnails that open the picture at
// 600px in a modal. The thumbnails are the modal's triggers, so they live here too.
import { useState } from 'react';
import { useDialog } from '../shared/useDialog.ts';
import { fill } from '#lib/i18n/format.ts';
import { Icon } from '../shell/Icon.tsx';

export interface PropertyImage {
  src: string;
  label: string;
}

export interface ImagePropertyStrings {
  /** 'Enlarge image: {{name}}'. */
  enlargeImageOf: string;
  closeImage: string;
}

export function ImagePropertyModal({ images, strings }: { images: PropertyImage[]; strings: ImagePropertyStrings }) {
  const [open, setOpen] = useState<PropertyImage | null>(null);
  return (
    <>
      <ul className="property-images">
        {images.map((image) => (
          <li key={image.src}>
            <button
              type="button"
              className="property-image"
              aria-haspopup="dialog"
              aria-label={fill(strings.enlargeImageOf, { name: image.label })}
              onClick={() => setOpen(image)}
            >
              <img src={image.src} alt="" width={75} height={75} loading="lazy" decoding="async" />
            </button>
            <span className="property-image-label">{image.label}</span>
          </li>
        ))}
      </ul>
      {open && <ImageDialog image={open} closeLabel={strings.closeImage} onClose={() => setOpen(null)} />}
    </>
  );
}

function ImageDialog({
  image,
  closeLabel,
  onClose,
}: {
  image: PropertyImage;
  closeLabel: string;
  onClose: () => void;
}) {
  const ref = useDialog<HTMLDivElement>(true, onClose);
  return (
    // A click on the backdrop (outside the picture) closes, as shoppers expect of a lightbox.
    <div
      className="product-dialog-backdrop"
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={ref}
        className="property-image-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={image.label}
        tabIndex={-1}
      >
        <button type="button" className="icon-button product-dialog-close" aria-label={closeLabel} onClick={onClose}>
          <Icon name="close" />
        </button>
        <figure>
          <img src={image.src} alt={image.label} width={600} height={600} />
          <figcaption>{image.label}</figcaption>
        </figure>
      </div>
    </div>
  );
}
