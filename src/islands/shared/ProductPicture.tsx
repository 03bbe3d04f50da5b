// A product or category picture as <picture>, wherever one is shown (gallery, cards, cart, wishlist,
// search, checkout; the boxes: PICTURE_BOXES in src/lib/site/images.ts): WebP renditions at several widths with a JPEG fallback (the formats:
// src/lib/site/images.ts), and the box's width and height so nothing shifts while it loads. A picture the
// image route cannot rasterise (an external URL) stays a plain <img>.
import type { ImgHTMLAttributes } from 'react';
import { pictureSources, type PictureBox, type RasterWidth } from '#lib/site/images.ts';

export interface ProductPictureProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'width' | 'height'
> {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The widths offered, smallest first: about the box's width at 1x and 2x. */
  widths: readonly RasterWidth[];
  sizes: string;
}

export function ProductPicture({ src, widths, sizes, alt, width, height, ...img }: ProductPictureProps) {
  const picture = pictureSources(src, widths);
  if (!picture) return <img src={src} alt={alt} width={width} height={height} {...img} />;
  return (
    <picture>
      {picture.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      <img src={picture.src} srcSet={picture.srcSet} sizes={sizes} alt={alt} width={width} height={height} {...img} />
    </picture>
  );
}

/**
 * A line's picture (cart, wishlist, checkout summary), below the fold or in a sidebar, so loaded lazily;
 * a product without one gets an empty box of the same class, so the lines stay aligned.
 */
export function LinePicture({ src, className, box }: { src: string | null; className: string; box: PictureBox }) {
  if (!src) return <span className={className} aria-hidden="true" />;
  return <ProductPicture className={className} src={src} alt="" {...box} loading="lazy" />;
}
