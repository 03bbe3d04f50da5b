import { describe, expect, test } from 'vitest';
import { externalRegisterHref } from '#lib/auth/register-url.ts';

describe('externalRegisterHref', () => {
  test('appends the locale to an https URL', () => {
    expect(externalRegisterHref('https://accounts.example.com/signup', 'en')).toBe(
      'https://accounts.example.com/signup?locale=en',
    );
  });

  test('keeps existing query parameters and the fragment, replacing a stale locale', () => {
    expect(externalRegisterHref('https://example.com/r?src=shop&locale=de#form', 'fr')).toBe(
      'https://example.com/r?src=shop&locale=fr#form',
    );
  });

  test('links a same-site path starting with a single slash', () => {
    expect(externalRegisterHref('/i/register', 'it')).toBe('/i/register?locale=it');
    expect(externalRegisterHref('  /register?x=1  ', 'es')).toBe('/register?x=1&locale=es');
  });

  test('rejects protocol-relative and backslash tricks that would leave the site', () => {
    for (const url of [
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
    ]) {
      expect(externalRegisterHref(url, 'de'), url).toBeNull();
    }
  });

  test('rejects script and data URLs and every scheme but https', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,x',
      'http://example.com/r',
      'ftp://example.com',
      'mailto:a@b.c',
    ]) {
      expect(externalRegisterHref(url, 'de'), url).toBeNull();
    }
  });

  test('rejects https URLs without a host or with credentials', () => {
    for (const url of ['https:///path', 'https:/example.com', 'https://user:pw@example.com/r']) {
      expect(externalRegisterHref(url, 'de'), url).toBeNull();
    }
  });

  test('treats an address without https as a path on this site, as the spec says', () => {
    expect(externalRegisterHref('register', 'de')).toBe('/register?locale=de');
    expect(externalRegisterHref('i/register?src=shop', 'en')).toBe('/i/register?src=shop&locale=en');
    expect(externalRegisterHref('accounts.example.com/signup', 'fr')).toBe('/accounts.example.com/signup?locale=fr');
  });

  test('gives no link when nothing is configured', () => {
    expect(externalRegisterHref(undefined, 'de')).toBeNull();
    expect(externalRegisterHref(null, 'de')).toBeNull();
    expect(externalRegisterHref('   ', 'de')).toBeNull();
  });

  test('encodes the locale as a query value', () => {
    expect(externalRegisterHref('https://example.com', 'de')).toBe('https://example.com/?locale=de');
  });
});
