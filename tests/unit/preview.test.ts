// The editor's preview cookie (src/lib/server/preview.ts) is `<token>.<signature>`: a random token and
// its HMAC under the shop's content-preview key. Whether a signed token is a live preview is the
// database's answer (tests/integration/hardening-low.test.ts); here, that nothing else ever reaches the
// database: a changed signature, a signature moved to another token, garbage and a missing cookie are
// refused without a query, so made-up cookies cost nothing.
import { describe, expect, test } from 'vitest';
import { randomToken, derivedKey, hmac } from '#lib/server/auth/index.ts';
import type { Db } from '#lib/server/db/client.ts';
import { previewingStaff } from '#lib/server/preview.ts';

process.env.AUTH_SECRET = 'unit-test-secret-unit-test-secret-0123456789';

/** The cookie's name is what the server front and the Varnish configuration pass on. */
const COOKIE = 'vsf-preview';
const SHOP = new URL('http://localhost:4321/');

/** A database that fails the test if a query is tried. */
const untouchable = new Proxy(
  {},
  {
    get: () => {
      throw new Error('the database was queried');
    },
  },
) as Db;
const sign = (token: string) => hmac(derivedKey('content-preview'), token).toString('base64url');
const requestWith = (value: string, others = '') =>
  new Request(SHOP, { headers: { cookie: `${others}${COOKIE}=${value}` } });

describe('previewingStaff', () => {
  const token = randomToken();
  const signature = sign(token);

  test('refuses a tampered signature without a query', async () => {
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [flipped, signature.slice(1), `${signature}A`, signature.toUpperCase(), '']) {
      expect(await previewingStaff(requestWith(`${token}.${bad}`), untouchable), bad).toBeNull();
    }
  });

  test('refuses a signature moved to another token without a query', async () => {
    expect(await previewingStaff(requestWith(`${randomToken()}.${signature}`), untouchable)).toBeNull();
  });

  test('refuses garbage, the old staff-id format and a missing cookie without a query', async () => {
    const garbage = [
      '',
      'x',
      token,
      `${token}.`,
      `.${signature}`,
      '..',
      `${token}.${signature}.x`,
      `7.1790000000000.${signature}`,
      'a'.repeat(300),
      '%00',
      '\u00e9.1.x',
      `${token}%00.${signature}`,
    ];
    for (const bad of garbage) expect(await previewingStaff(requestWith(bad), untouchable), bad).toBeNull();
    expect(await previewingStaff(new Request(SHOP), untouchable)).toBeNull();
    // A cookie whose name only ends in the preview cookie's is another cookie.
    expect(
      await previewingStaff(
        new Request(SHOP, { headers: { cookie: `x${COOKIE}=${token}.${signature}` } }),
        untouchable,
      ),
    ).toBeNull();
  });
});
