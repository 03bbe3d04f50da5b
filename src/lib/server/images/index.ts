// Raster renditions of the shop's SVG pictures (see raster.ts) and the brand pictures they are made from.
export { RASTER_CONTENT_TYPES, rasterise } from './raster.ts';
export { brandCardSvg, brandSvg } from './brand.ts';
export {
  digest,
  inspectPicture,
  keepPicture,
  readImageByDigest,
  readMedia,
  storeDocument,
  storeImage,
  MediaRefused,
  type Picture,
} from './media.ts';
export { drawnImage } from './drawn.ts';
export { drawnImageVersion, versionedImage, versionState } from './version.ts';
export { mediumSrc, shownLogo, shownMedia, shownPicture, withMediaPictures } from './library.ts';
