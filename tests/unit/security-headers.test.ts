// The security headers every answer carries and the Content-Security-Policy of pages and other answers.
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  astroCsp,
  astroScriptHashes,
  contentSecurityPolicy,
  referrerPolicy,
  scriptHash,
  securityHeaders,
  tokenPageRoutes,
} from '#lib/server/security-headers.ts';
import { INLINE_SCRIPTS } from '#lib/site/inline-scripts.ts';

/** A policy as a map of directive name to its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...sources] = d.split(/\s+/);
        return [name!, sources];
      }),
  );
}

describe('securityHeaders', () => {
  test('sends HSTS only for a shop served over https', () => {
    const https = new Map(securityHeaders('https://shop.example.com'));
    expect(https.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expect(new Map(securityHeaders('http://localhost:4321')).has('strict-transport-security')).toBe(false);
  });

  test('forbids sniffing, framing and an opener, and sends the origin only to other sites', () => {
    const headers = new Map(securityHeaders('http://localhost:4321'));
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(headers.get('permissions-policy')).toContain('camera=()');
    expect(headers.get('permissions-policy')).toContain('payment=(self "https://js.stripe.com")');
  });

  test("carries the default policy unless given a page's own", () => {
    expect(new Map(securityHeaders('http://localhost:4321')).get('content-security-policy')).toBe(
      contentSecurityPolicy(),
    );
    expect(new Map(securityHeaders('http://localhost:4321', "default-src 'none'")).get('content-security-policy')).toBe(
      "default-src 'none'",
    );
  });
});

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The routes of the pages that a mailed link opens with a one-time token: every `…?token=` link the
 * mail modules build, by the page path it names (in the line, or a few lines above when the path is
 * picked first: reset or create password).
 */
function mailedTokenRoutes(): string[] {
  const dir = join(ROOT, 'src/lib/server/mail');
  const routes = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (!line.includes('?token=') || line.trimStart().startsWith('*') || line.trimStart().startsWith('//')) return;
      const near = lines.slice(Math.max(0, i - 3), i + 1).join('\n');
      const paths = [...near.matchAll(/'(\/[a-z][a-z/-]*)'|(\/admin\/[a-z/-]+)\?token=/g)].map((m) => m[1] ?? m[2]!);
      expect(paths.length, `${file}:${i + 1} names the page of its token link`).toBeGreaterThan(0);
      for (const path of paths) routes.add(path.startsWith('/admin/') ? path : `/[...lang]${path}`);
    });
  }
  return [...routes].sort();
}

/** Policies that never send a page's path or query anywhere (the origin at most). */
const KEEPS_THE_ADDRESS = ['no-referrer', 'origin', 'strict-origin'];

describe('referrerPolicy', () => {
  test('every page a mailed token link opens keeps its address, token and all, out of every Referer', () => {
    const mailed = mailedTokenRoutes();
    expect(mailed).toEqual(
      expect.arrayContaining([
        '/[...lang]/reset-password',
        '/[...lang]/create-password',
        '/[...lang]/activate-account',
        '/[...lang]/accept-invitation',
        '/[...lang]/confirm-email',
        '/[...lang]/newsletter/confirm',
        '/admin/set-password',
      ]),
    );
    expect(tokenPageRoutes()).toEqual(expect.arrayContaining(mailed));
    for (const route of mailed) {
      expect(KEEPS_THE_ADDRESS, route).toContain(referrerPolicy(route));
      expect(new Map(securityHeaders('https://shop.example.com', undefined, route)).get('referrer-policy'), route).toBe(
        referrerPolicy(route),
      );
    }
  });

  test('the password pages, whose forms are sent by script, send no referrer at all', () => {
    for (const route of ['/[...lang]/reset-password', '/[...lang]/create-password', '/admin/set-password']) {
      expect(referrerPolicy(route), route).toBe('no-referrer');
    }
  });

  test('names token pages that exist', () => {
    for (const route of tokenPageRoutes())
      expect(existsSync(join(ROOT, 'src/pages', `${route}.astro`)), route).toBe(true);
  });

  test('other pages and answers send the full address within the shop, the origin only to other sites', () => {
    for (const route of [
      undefined,
      '/[...lang]/i/[identifier]',
      '/[...lang]/checkout/payment',
      '/api/admin/content/[type]/[identifier]',
    ]) {
      expect(referrerPolicy(route), String(route)).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('contentSecurityPolicy', () => {
  test('allows scripts from the shop and the listed hashes only: nothing inline, no eval', () => {
    const policy = directives(contentSecurityPolicy({ scriptHashes: ['sha256-abc=', 'sha256-abc='] }));
    expect(policy.get('script-src')).toEqual(["'self'", "'sha256-abc='"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.has('frame-src')).toBe(false);
    for (const sources of policy.values()) expect(sources).not.toContain("'unsafe-eval'");
  });

  test("allows Stripe's hosts only on a page given the Stripe.js URL", () => {
    const policy = directives(contentSecurityPolicy({ stripeJsUrl: 'https://js.stripe.com/v3/' }));
    expect(policy.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(policy.get('frame-src')).toContain('https://hooks.stripe.com');
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(contentSecurityPolicy()).not.toContain('stripe');
  });

  test('allows a Stripe.js stand-in by its origin', () => {
    const policy = directives(contentSecurityPolicy({ stripeJsUrl: 'http://127.0.0.1:4471/v3/' }));
    expect(policy.get('script-src')).toEqual(["'self'", 'http://127.0.0.1:4471']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:4471']);
    expect(policy.get('frame-src')).toEqual(["'self'", 'http://127.0.0.1:4471']);
  });

  test('allows the tag manager only when the shop has one', () => {
    expect(directives(contentSecurityPolicy({ tagManager: true })).get('script-src')).toContain(
      'https://www.googletagmanager.com',
    );
    expect(directives(contentSecurityPolicy({ tagManager: true })).get('connect-src')).toContain(
      'https://*.google-analytics.com',
    );
    expect(contentSecurityPolicy()).not.toContain('google');
  });
});

describe('astroCsp', () => {
  test("gives Astro the policy's other directives, the inline scripts' hashes and inline styles", () => {
    const csp = astroCsp(['alert(1)']);
    expect(csp.scriptDirective?.hashes).toEqual([scriptHash('alert(1)')]);
    expect(csp.scriptDirective?.resources).toEqual(["'self'"]);
    expect(csp.styleDirective?.resources).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.directives).toContain("frame-ancestors 'none'");
    expect(csp.directives).toContain("object-src 'none'");
    // Astro writes script-src and style-src itself and refuses them among the directives.
    expect(csp.directives?.some((d) => /^(script|style)-src/.test(d))).toBe(false);
  });
});

describe('scriptHash', () => {
  test('is the CSP hash source of the script text', () => {
    expect(scriptHash('')).toBe('sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
    expect(scriptHash('alert(1)')).toBe(`sha256-${createHash('sha256').update('alert(1)').digest('base64')}`);
  });
});

describe('astroScriptHashes', () => {
  test('takes the script hashes out of the policy Astro rendered, not its style hashes', () => {
    const rendered = "script-src 'self' 'sha256-AAA+/=' 'sha384-BBB'; style-src 'self' 'sha256-CCC';";
    expect(astroScriptHashes(rendered)).toEqual(['sha256-AAA+/=', 'sha384-BBB']);
    expect(astroScriptHashes("style-src 'self';")).toEqual([]);
  });
});

describe('INLINE_SCRIPTS', () => {
  test('are scripts that parse and cannot end their element early', () => {
    for (const source of INLINE_SCRIPTS) {
      expect(() => new Function(source)).not.toThrow();
      expect(source).not.toMatch(/<\/script|<!--/i);
    }
  });
});
