// Auth building blocks without a database: password policy, user tokens, rate-limit subjects,
// cookie security, account mail texts, secret configuration and the local mail outbox.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import { describe, expect, test, vi } from 'vitest';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from '#lib/server/auth/passwords.ts';
import { clearSessionCookies } from '#lib/server/auth/cookies.ts';
import { passwordLinkMail, welcomeMail } from '#lib/server/mail/templates.ts';
import { MAIL_TEXTS } from '#lib/server/mail/texts.ts';
import { LOCALES } from '#lib/i18n/locales.ts';

process.env.AUTH_SECRET = 'unit-test-secret-unit-test-secret-0123456789';

describe('passwords', () => {
  test('hashes with argon2id at the OWASP parameters and verifies', async () => {
    const stored = await hashPassword('Correct-Horse-1');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Correct-Horse-1')).toBe(true);
    expect(await verifyPassword(stored, 'correct-horse-1')).toBe(false);
  });

  test('an account without a hash never verifies, and a broken hash lets nobody in', async () => {
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });

  test('flags hashes made with weaker parameters for an upgrade; the dummy hash matches the policy', async () => {
    expect(needsRehash(await hash('x', { memoryCost: 4096, timeCost: 3 }))).toBe(true);
    expect(needsRehash(await hashPassword('x'))).toBe(false);
    expect(needsRehash(DUMMY_HASH)).toBe(false);
  });
});

describe('user token', () => {
  test('verifies its own tokens until they expire and refuses tampering', async () => {
    const { signUserToken, verifyUserToken, USER_TOKEN_TTL_SECONDS } = await import('#lib/server/auth/user-token.ts');
    const customer = '6f1c1f0e-4b59-4a8e-9d64-6f5cf1b8a001';
    const family = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';
    const now = new Date('2026-01-01T12:00:00Z');
    const token = signUserToken(customer, family, now);
    expect(verifyUserToken(token, now)).toMatchObject({ sub: customer, fam: family });
    expect(verifyUserToken(token, new Date(now.getTime() + (USER_TOKEN_TTL_SECONDS - 1) * 1000))).not.toBeNull();
    expect(verifyUserToken(token, new Date(now.getTime() + USER_TOKEN_TTL_SECONDS * 1000))).toBeNull();
    const [payload, signature] = token.split('.');
    const other = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: family }),
    ).toString('base64url');
    expect(verifyUserToken(`${other}.${signature}`, now)).toBeNull();
    expect(verifyUserToken(`${payload}.${signature}x`, now)).toBeNull();
    expect(verifyUserToken(`${payload}.${signature}.x`, now)).toBeNull();
    expect(verifyUserToken('', now)).toBeNull();
  });
});

test('cookies are Secure except on localhost', () => {
  const secure = (host: string) => {
    const flags: (boolean | undefined)[] = [];
    const jar = {
      get: () => undefined,
      set: () => {},
      delete: (_name: string, options?: { secure?: boolean }) => {
        flags.push(options?.secure);
      },
    };
    clearSessionCookies(jar, new URL(`http://${host}/`));
    return flags;
  };
  for (const host of ['localhost', '127.0.0.1', '[::1]', 'shop.localhost'])
    expect(secure(host)).toEqual([false, false, false, false]);
  for (const host of ['shop.example', '127.0.0.1.nip.io', 'localhost.example'])
    expect(secure(host)).toEqual([true, true, true, true]);
});

describe('account mails', () => {
  const to = { email: 'a@example.com', firstName: 'Zoë <b>', lastName: "O'Neil", locale: 'de', customernum: '10042' };

  test.each(LOCALES)('%s: every placeholder filled, link in text and HTML, names escaped in HTML', (locale) => {
    const link = 'https://shop.example/reset-password?token=abc&x=1';
    for (const mail of [
      passwordLinkMail('reset', { ...to, locale }, link, 'Acme Shop'),
      passwordLinkMail('create', { ...to, locale }, link, 'Acme Shop'),
      welcomeMail({ ...to, locale }, 'https://shop.example/', 'Acme Shop'),
    ]) {
      expect(mail.subject).toContain('Acme Shop');
      expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/\{\w+\}/);
      expect(mail.html).not.toContain('<b>');
      expect(mail.html).toContain('Zoë &#60;b&#62;');
    }
    expect(passwordLinkMail('reset', { ...to, locale }, link, 'S').text).toContain(link);
    expect(passwordLinkMail('reset', { ...to, locale }, link, 'S').html).toContain('token=abc&#38;x=1');
    expect(welcomeMail({ ...to, locale }, 'https://shop.example/', 'S').text).toContain('10042');
  });

  test('the five languages really differ', () => {
    const subjects = new Set(LOCALES.map((l) => MAIL_TEXTS[l].reset.subject));
    expect(subjects.size).toBe(LOCALES.length);
  });
});

describe('configuration', () => {
  test('refuses to run auth with DATABASE_URL but without AUTH_SECRET', async () => {
    const saved = { ...process.env };
    vi.resetModules();
    process.env.DATABASE_URL = 'postgres://shop@127.0.0.1:5432/shop';
    delete process.env.AUTH_SECRET;
    try {
      const { checkAuthConfiguration } = await import('#lib/server/auth/secret.ts');
      expect(() => checkAuthConfiguration()).toThrow(expect.objectContaining({ name: 'AuthConfigError' }));
      expect(() => checkAuthConfiguration()).toThrow(/AUTH_SECRET must be set when DATABASE_URL is used/);
    } finally {
      process.env = saved;
      vi.resetModules();
    }
  });

  test('without SMTP_URL, mail lands as an .eml file in DATA_DIR/outbox', async () => {
    const saved = { ...process.env };
    vi.resetModules();
    const dataDir = mkdtempSync(join(tmpdir(), 'storefront-outbox-'));
    process.env.DATA_DIR = dataDir;
    delete process.env.SMTP_URL;
    // The fresh module graph's logger: the one transport.ts writes to after resetModules.
    const { logger } = await import('#lib/server/log.ts');
    const info = vi.spyOn(logger, 'info').mockImplementation(() => {});
    try {
      const { sendMail, describeMailDelivery } = await import('#lib/server/mail/transport.ts');
      expect(describeMailDelivery()).toContain(join(dataDir, 'outbox'));
      const sent = await sendMail({ to: 'b@example.com', subject: 'Grüße', text: 'Hallo', html: '<p>Hallo</p>' });
      expect(sent.path?.startsWith(join(dataDir, 'outbox'))).toBe(true);
      const files = readdirSync(join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      const raw = readFileSync(join(dataDir, 'outbox', files[0]!), 'utf8');
      expect(raw).toMatch(/^To: b@example.com$/m);
      expect(raw).toContain('Subject: =?UTF-8?');
      expect(info).toHaveBeenCalledWith(expect.objectContaining({ path: sent.path }), expect.any(String));
    } finally {
      info.mockRestore();
      process.env = saved;
      vi.resetModules();
    }
  });
});
