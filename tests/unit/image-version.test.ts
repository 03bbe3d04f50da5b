import { describe, expect, test } from 'vitest';
import { contentVersion, versionedImage, versionState } from '#lib/server/images/version.ts';
import { drawnImage } from '#lib/server/images/drawn.ts';

describe('contentVersion', () => {
  test('changes when the bytes do, and is safe in a query', () => {
    const before = contentVersion('<svg>a</svg>');
    expect(before).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(contentVersion('<svg>a</svg>')).toBe(before);
    expect(contentVersion('<svg>b</svg>')).not.toBe(before);
  });
});

describe('versionedImage', () => {
  test('gives a drawn picture the digest of what it draws', () => {
    const svg = drawnImage('p', 'BMA-10042_2.svg')!;
    expect(versionedImage('/images/p/BMA-10042_2.svg')).toBe(`/images/p/BMA-10042_2.svg?v=${contentVersion(svg)}`);
    expect(versionedImage('/images/c/drills.svg')).toMatch(/^\/images\/c\/drills\.svg\?v=[A-Za-z0-9_-]{8}$/);
  });

  test('replaces a version from before', () => {
    const current = versionedImage('/images/attr/ce.svg');
    expect(versionedImage('/images/attr/ce.svg?v=OLDOLDOL')).toBe(current);
  });

  test('leaves imported pictures (named by their digest), unknown names and other hosts alone', () => {
    const imported = '/images/m/0123456789abcdef0123456789abcdef.jpg';
    expect(versionedImage(imported)).toBe(imported);
    expect(versionedImage('/images/q/x.svg')).toBe('/images/q/x.svg');
    expect(versionedImage('https://cdn.example/x.svg')).toBe('https://cdn.example/x.svg');
    expect(versionedImage(null)).toBeNull();
  });
});

describe('versionState', () => {
  test('tells the current version from an older one and from none', () => {
    expect(versionState('AAAAAAAA', 'AAAAAAAA')).toBe('current');
    expect(versionState('BBBBBBBB', 'AAAAAAAA')).toBe('outdated');
    expect(versionState(null, 'AAAAAAAA')).toBe('unversioned');
  });
});
