// Raster renditions of the shop's SVG pictures (see raster.ts) and the brand pictures they are made from.
export { RASTER_CONTENT_TYPES, rasterise } from './raster.ts';
export { brandCardSvg, brandSvg } from './brand.ts';
export { readImageByDigest, readMedia, storeDocument, storeImage, MediaRefused } from './media.ts';
export { drawnImage } from './drawn.ts';
export { drawnImageVersion, versionedImage, versionState } from './version.ts';
