import { describe, expect, test } from 'vitest';
import { mediumIdOf, mediumIds, missingAlt } from '#lib/media/rules.ts';
import { pictureSources, rasterUrl } from '#lib/site/images.ts';

describe('mediumIds', () => {
  test('finds each medium a config or HTML names, once, and nothing that only looks like one', () => {
    const text = '{"image":"/images/lib/12"} <img src="/images/lib/7?v=abcdefgh"> <img src="/images/lib/12">';
    expect(mediumIds(text)).toEqual([12, 7]);
    expect(mediumIds('/images/lib/12.w300.webp /images/m/abc.png /images/library/3')).toEqual([]);
  });
});

describe('mediumIdOf', () => {
  test('reads a field that is a medium, with or without its version', () => {
    expect(mediumIdOf('/images/lib/5')).toBe(5);
    expect(mediumIdOf('/images/lib/5?v=Ab_-1234')).toBe(5);
    expect(mediumIdOf('/images/lib/5/x')).toBeNull();
    expect(mediumIdOf('/brand/logo.svg')).toBeNull();
  });
});

describe('missingAlt', () => {
  test('names the shop languages without an alternative text; blank counts as none', () => {
    expect(missingAlt({ de: 'Bohrer', en: ' ', fr: 'Perceuse' })).toEqual(['en', 'es', 'it']);
    expect(missingAlt({ de: 'a', en: 'b', fr: 'c', es: 'd', it: 'e' })).toEqual([]);
  });
});

describe('library pictures in <picture>', () => {
  test('renditions keep the version; AVIF is offered before WebP', () => {
    expect(rasterUrl('/images/lib/5?v=abcdefgh', 600, 'avif')).toBe('/images/lib/5.w600.avif?v=abcdefgh');
    const sources = pictureSources('/images/lib/5?v=abcdefgh', [300, 600]);
    expect(sources?.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(sources?.src).toBe('/images/lib/5.w600.jpg?v=abcdefgh');
    // A catalogue picture keeps WebP only.
    expect(pictureSources('/images/p/BMA-1.svg', [300])?.sources.map((s) => s.type)).toEqual(['image/webp']);
  });
});
