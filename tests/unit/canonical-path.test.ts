// One address per page: the spellings that would each become a page-cache entry of their own.
import { describe, expect, test } from 'vitest';
import { canonicalTarget } from '#lib/site/canonical-path.ts';

describe('canonicalTarget', () => {
  test('a canonical path (with any query) stays as it is', () => {
    for (const target of ['/', '/en/c/tools', '/c/werkzeuge?page=2', '/p/a%20b/X-1', '/api/catalog/search']) {
      expect(canonicalTarget(target), target).toBeNull();
    }
  });

  test('every path the parser leaves as it is, and only such a path, stays (the shortcut agrees with the parser)', () => {
    const parsed = (path: string) => {
      let canonical = new URL(path.replace(/[/\\]{2,}/g, '/'), 'http://x.invalid').pathname.replace(/\/{2,}/g, '/');
      if (canonical.length > 1 && canonical.endsWith('/')) canonical = canonical.slice(0, -1);
      return canonical === path ? null : canonical;
    };
    const characters = [...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)), 'ä', '\t', '%41', '%2e'];
    for (const c of characters)
      for (const path of [`/a${c}b`, `/${c}b`, `/a/${c}`, `/a${c}`, `/${c}${c}/p`]) {
        if (path.includes('?') || path.includes('#')) continue;
        expect(canonicalTarget(path), JSON.stringify(path)).toBe(parsed(path));
      }
  });

  test('repeated slashes, dot segments (also percent-encoded), backslashes and a trailing slash go', () => {
    const cases: Record<string, string> = {
      '//en/c/tools': '/en/c/tools',
      '/en//c/tools': '/en/c/tools',
      '/en///c//tools?page=2': '/en/c/tools?page=2',
      '/en/./c/tools': '/en/c/tools',
      '/en/c/x/../tools': '/en/c/tools',
      '/en/%2e/c/tools': '/en/c/tools',
      '/en/c/x/%2E%2E/tools': '/en/c/tools',
      '/en/c/tools/': '/en/c/tools',
      '/en\\c\\tools': '/en/c/tools',
      '//': '/',
    };
    for (const [target, canonical] of Object.entries(cases)) expect(canonicalTarget(target), target).toBe(canonical);
  });

  test('never a target another host could be read from', () => {
    for (const target of [
      '///evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '/\\/evil.example',
      '/..//evil.example',
    ]) {
      const canonical = canonicalTarget(target);
      expect(canonical, target).not.toBeNull();
      expect(canonical!.startsWith('//'), target).toBe(false);
      expect(canonical!.startsWith('/\\'), target).toBe(false);
      expect(new URL(canonical!, 'https://shop.example').host, target).toBe('shop.example');
    }
  });
});
