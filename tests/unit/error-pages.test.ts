import { describe, expect, test } from 'vitest';
import { classifyMiss, errorStatus } from '#lib/site/error-pages.ts';

describe('classifyMiss', () => {
  test('reads the locale from the prefix', () => {
    expect(classifyMiss('/en/p/1/x')).toEqual({ locale: 'en', kind: 'not-found' });
    expect(classifyMiss('/it/c/utensili')).toEqual({ locale: 'it', kind: 'not-found' });
  });

  test('defaults to German without a prefix', () => {
    expect(classifyMiss('/p/1/x')).toEqual({ locale: 'de', kind: 'not-found' });
  });

  test('does not take a slug starting with locale letters for a prefix', () => {
    expect(classifyMiss('/entdecken').locale).toBe('de');
  });

  test.each([
    '/',
    '/c/werkzeuge',
    '/c/a/b/c/d/e',
    '/p/4711/akku-bohrer',
    '/i/agb',
    '/agb',
    '/my-account',
    '/my-account/OrderHistory',
    '/checkout',
    '/checkout/billing',
    '/checkout/thank-you/1001',
    '/pay/1001',
    '/pay/1001/success',
    '/order-payment/1001/failed',
  ])('treats a miss on the route shape %s as page not found', (path) => {
    expect(classifyMiss(path).kind).toBe('not-found');
    expect(classifyMiss(`/fr${path === '/' ? '' : path}`)).toEqual({ locale: 'fr', kind: 'not-found' });
  });

  test.each(['/foo/bar/baz', '/c/a/b/c/d/e/f', '/p/1', '/p/1/x/y', '/i/a/b', '/order-payment/1'])(
    'gives the router not-found for %s, which matches no route',
    (path) => {
      expect(classifyMiss(path)).toEqual({ locale: 'de', kind: 'router-not-found' });
    },
  );

  test('keeps the locale for a router not-found', () => {
    expect(classifyMiss('/es/foo/bar/baz')).toEqual({ locale: 'es', kind: 'router-not-found' });
  });

  test('ignores trailing slashes', () => {
    expect(classifyMiss('/en/p/1/x/')).toEqual({ locale: 'en', kind: 'not-found' });
    expect(classifyMiss('/en/')).toEqual({ locale: 'en', kind: 'not-found' });
    expect(classifyMiss('/foo/bar/baz/')).toEqual({ locale: 'de', kind: 'router-not-found' });
  });
});

describe('errorStatus', () => {
  test.each([400, 401, 403, 404, 410, 500, 502, 503, 599])('keeps the error status %i', (status) => {
    expect(errorStatus(status)).toBe(status);
  });

  test.each([200, 204, 301, 399, 600, 404.5, Number.NaN, Number.POSITIVE_INFINITY, -404, undefined, null, {}])(
    'turns %s into 500',
    (value) => {
      expect(errorStatus(value)).toBe(500);
    },
  );
});
