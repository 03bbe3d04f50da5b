// One address per page: the spellings that would each become a page-cache entry of their own.
import { describe, expect, test } from 'vitest';
import { canonicalTarget } from '#lib/site/canonical-path.ts';

describe('canonicalTarget', () => {
  test('a canonical path (with any query) stays as it is', () => {
    for (const target of ['/', '/en/c/tools', '/c/werkzeuge?page=2', '/p/a%20b/X-1', '/api/catalog/search']) {
      expect(canonicalTarget(target), target).toBeNull();
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
