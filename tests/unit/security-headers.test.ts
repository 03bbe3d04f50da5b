// The security headers every answer carries and the Content-Security-Policy of pages and other answers.
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { astroCsp, astroScriptHashes, contentSecurityPolicy, scriptHash, securityHeaders } from '#lib/server/security-headers.ts';
import { INLINE_SCRIPTS } from '#lib/site/inline-scripts.ts';

/** A policy as a map of directive name to its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name, ...sources] = d.split(/\s+/);
    return [name!, sources];
  }));
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

  test('carries the default policy unless given a page\'s own', () => {
    expect(new Map(securityHeaders('http://localhost:4321')).get('content-security-policy')).toBe(contentSecurityPolicy());
    expect(new Map(securityHeaders('http://localhost:4321', 'default-src \'none\'')).get('content-security-policy')).toBe('default-src \'none\'');
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

  test('allows Stripe\'s hosts only on a page given the Stripe.js URL', () => {
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
    expect(directives(contentSecurityPolicy({ tagManager: true })).get('script-src')).toContain('https://www.googletagmanager.com');
    expect(directives(contentSecurityPolicy({ tagManager: true })).get('connect-src')).toContain('https://*.google-analytics.com');
    expect(contentSecurityPolicy()).not.toContain('google');
  });
});

describe('astroCsp', () => {
  test('gives Astro the policy\'s other directives, the inline scripts\' hashes and inline styles', () => {
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
