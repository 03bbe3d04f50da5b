import { describe, expect, test } from 'vitest';
import {
  logoCardUrl,
  PICTURE_BOXES,
  logoRasterUrl,
  parseRasterFile,
  pictureSources,
  rasterUrl,
  shareImageUrl,
  withImageVersion,
} from '#lib/site/images.ts';

describe('rasterUrl', () => {
  test('names a rendition of a shop picture by width and format', () => {
    expect(rasterUrl('/images/p/BMA-10042_2.svg', 600, 'webp')).toBe('/images/p/BMA-10042_2.w600.webp');
  });

  test('gives null for a picture the shop cannot rasterise', () => {
    expect(rasterUrl('https://cdn.example/a.svg', 600, 'jpg')).toBeNull();
    expect(rasterUrl('/images/p/a.png', 600, 'jpg')).toBeNull();
  });
});

describe('parseRasterFile', () => {
  test('reads back what rasterUrl wrote', () => {
    expect(parseRasterFile('BMA-10042_2.w600.webp')).toEqual({
      svgFile: 'BMA-10042_2.svg',
      width: 600,
      format: 'webp',
    });
  });

  test('refuses widths outside the fixed set and unknown formats', () => {
    expect(parseRasterFile('BMA-10042.w601.jpg')).toBeNull();
    expect(parseRasterFile('BMA-10042.w600.gif')).toBeNull();
    expect(parseRasterFile('../x.w600.jpg')).toBeNull();
  });
});

describe('pictureSources', () => {
  test('offers WebP, with a JPEG fallback at every width and the largest as src', () => {
    const p = pictureSources('/images/p/HSH-10007.svg', [300, 600]);
    expect(p?.sources.map((s) => s.type)).toEqual(['image/webp']);
    expect(p?.sources[0]?.srcSet).toBe('/images/p/HSH-10007.w300.webp 300w, /images/p/HSH-10007.w600.webp 600w');
    expect(p?.srcSet).toBe('/images/p/HSH-10007.w300.jpg 300w, /images/p/HSH-10007.w600.jpg 600w');
    expect(p?.src).toBe('/images/p/HSH-10007.w600.jpg');
  });

  test('is null for an external picture', () => {
    expect(pictureSources('https://cdn.example/x.jpg', [300])).toBeNull();
  });
});

describe('shareImageUrl and logoRasterUrl', () => {
  test('give crawlers JPEG and PNG instead of SVG', () => {
    expect(shareImageUrl('/images/p/HSH-10007.svg')).toBe('/images/p/HSH-10007.w1200.jpg');
    expect(logoRasterUrl('/brand/logo.svg')).toBe('/images/brand/logo.w600.png');
    expect(logoCardUrl('/brand/logo.svg')).toBe('/images/brand/logo-card.w1200.jpg');
  });

  test('leave other URLs alone', () => {
    expect(shareImageUrl('https://cdn.example/x.jpg')).toBe('https://cdn.example/x.jpg');
    expect(logoRasterUrl('https://cdn.example/logo.png')).toBe('https://cdn.example/logo.png');
    expect(logoCardUrl('https://cdn.example/logo.png')).toBeNull();
  });
});

describe('versioned picture URLs', () => {
  test('a rendition keeps the version of the picture it is made from', () => {
    expect(rasterUrl('/images/p/BMA-10042.svg?v=Ab3_-x9Z', 300, 'webp')).toBe(
      '/images/p/BMA-10042.w300.webp?v=Ab3_-x9Z',
    );
    const p = pictureSources('/images/c/drills.svg?v=Ab3_-x9Z', [150, 300]);
    expect(p?.src).toBe('/images/c/drills.w300.jpg?v=Ab3_-x9Z');
    expect(p?.sources[0]?.srcSet).toBe(
      '/images/c/drills.w150.webp?v=Ab3_-x9Z 150w, /images/c/drills.w300.webp?v=Ab3_-x9Z 300w',
    );
  });

  test('withImageVersion replaces a version the URL had', () => {
    expect(withImageVersion('/images/p/A-1.w300.webp', 'AAAAAAAA')).toBe('/images/p/A-1.w300.webp?v=AAAAAAAA');
    expect(withImageVersion('/images/p/A-1.svg?v=AAAAAAAA', 'BBBBBBBB')).toBe('/images/p/A-1.svg?v=BBBBBBBB');
  });

  test('a malformed version is not a picture the route rasterises', () => {
    expect(rasterUrl('/images/p/A-1.svg?v=../../x', 300, 'jpg')).toBeNull();
  });
});

describe('PICTURE_BOXES', () => {
  test('every box lists its widths smallest first (the last is the JPEG fallback)', () => {
    for (const [name, box] of Object.entries(PICTURE_BOXES))
      expect(
        [...box.widths].sort((a, b) => a - b),
        name,
      ).toEqual([...box.widths]);
  });

  test('a listing card offers the 300 px file a two-column phone and a desktop grid take at 1x to 2x', () => {
    expect(PICTURE_BOXES.card.widths).toContain(300);
    expect(PICTURE_BOXES.card.sizes).toBe('(max-width: 599px) 50vw, 300px');
    expect(PICTURE_BOXES.card).toMatchObject({ width: 310, height: 300 });
    expect(PICTURE_BOXES.cart).toMatchObject({ width: 140, height: 200 });
    expect(PICTURE_BOXES.wishlist).toMatchObject({ width: 120, height: 120 });
    expect(PICTURE_BOXES.thumbnail).toMatchObject({ width: 150, height: 150 });
  });
});
