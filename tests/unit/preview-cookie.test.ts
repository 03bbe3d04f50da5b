// The editor's preview cookie (src/lib/server/preview.ts): what startPreview sets is accepted for the
// staff member it names, for 30 minutes; a changed signature, another staff id or expiry under the old
// signature, an expired cookie and garbage are not. Only a valid cookie makes a request render drafts.
import { describe, expect, test } from 'vitest';
import { AstroCookies } from '../../node_modules/astro/dist/core/cookies/index.js';
import { parseSetCookie, type SetCookie } from '../helpers/auth-harness.ts';
import { endPreview, previewingStaff, startPreview } from '#lib/server/preview.ts';

process.env.AUTH_SECRET = 'unit-test-secret-unit-test-secret-0123456789';

/** The cookie's name is what the server front passes on; renaming it would end every open preview. */
const COOKIE = 'vsf-preview';
const MINUTES = 30;
const SHOP = new URL('http://localhost:4321/');

/** The Set-Cookie startPreview (or endPreview) writes. */
function written(write: (cookies: AstroCookies) => void): SetCookie {
  const cookies = new AstroCookies(new Request(SHOP), { warn() {} });
  write(cookies);
  const set = [...cookies.headers()].map(parseSetCookie).find((c) => c.name === COOKIE);
  if (!set) throw new Error('no preview cookie was set');
  return set;
}

const requestWith = (value: string, others = '') => new Request(SHOP, { headers: { cookie: `${others}${COOKIE}=${value}` } });

describe('startPreview', () => {
  test('sets an HttpOnly, SameSite=Lax cookie for 30 minutes naming the staff member', () => {
    const cookie = written((c) => startPreview(c, 42, SHOP));
    expect(cookie.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/', 'max-age': String(MINUTES * 60) });
    expect(cookie.attributes.secure).toBeUndefined();
    expect(cookie.value).toMatch(/^42\.\d{13}\.[\w-]{43}$/);
    expect(written((c) => startPreview(c, 42, new URL('https://shop.example/'))).attributes.secure).toBe(true);
  });

  test('endPreview deletes the cookie', () => {
    const cookie = written((c) => endPreview(c, SHOP));
    const expires = Date.parse(String(cookie.attributes.expires));
    expect(cookie.attributes['max-age'] === '0' || expires < Date.now()).toBe(true);
  });
});

describe('previewingStaff', () => {
  const now = Date.now();
  const value = written((c) => startPreview(c, 7, SHOP, now)).value;
  const [id, expires, signature] = value.split('.') as [string, string, string];

  test('accepts the cookie startPreview set, among other cookies, until it expires', () => {
    expect(previewingStaff(requestWith(value), now)).toBe(7);
    expect(previewingStaff(requestWith(value, 'vsf-locale=en; other=1; '), now + MINUTES * 60_000 - 1)).toBe(7);
    expect(previewingStaff(requestWith(value), now + MINUTES * 60_000 + 1)).toBeNull();
  });

  test('refuses a tampered signature', () => {
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [flipped, signature.slice(1), `${signature}A`, signature.toUpperCase(), '']) {
      expect(previewingStaff(requestWith(`${id}.${expires}.${bad}`), now)).toBeNull();
    }
  });

  test('refuses another staff id or a later expiry under the old signature', () => {
    expect(previewingStaff(requestWith(`8.${expires}.${signature}`), now)).toBeNull();
    expect(previewingStaff(requestWith(`07.${expires}.${signature}`), now)).toBeNull();
    expect(previewingStaff(requestWith(`${id}.${Number(expires) + 3_600_000}.${signature}`), now)).toBeNull();
  });

  test('refuses a cookie that has expired', () => {
    const old = written((c) => startPreview(c, 7, SHOP, now - (MINUTES + 1) * 60_000)).value;
    expect(previewingStaff(requestWith(old), now)).toBeNull();
    expect(previewingStaff(requestWith(old))).toBeNull();
  });

  test('refuses garbage and a missing cookie', () => {
    const garbage = [
      '', 'x', '7', '7.', `7.${expires}`, `7.${expires}.`, '..', '...', `-7.${expires}.${signature}`, `7.5e12.${signature}`,
      `1.2.3.4`, 'a'.repeat(300), `${'9'.repeat(11)}.${expires}.${signature}`, '%00', '\u00e9.1.x',
    ];
    for (const bad of garbage) expect(previewingStaff(requestWith(bad), now), bad).toBeNull();
    expect(previewingStaff(new Request(SHOP), now)).toBeNull();
    // A cookie whose name only ends in the preview cookie's is another cookie.
    expect(previewingStaff(new Request(SHOP, { headers: { cookie: `x${COOKIE}=${value}` } }), now)).toBeNull();
  });
});
