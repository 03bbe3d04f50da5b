import { describe, expect, test } from 'vitest';
import {
  logoCardUrl,
  logoRasterUrl,
  parseRasterFile,
  pictureSources,
  rasterUrl,
  shareImageUrl,
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
