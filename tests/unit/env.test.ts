import { describe, expect, test } from 'vitest';
import { EnvError, envSchema, parseEnv } from '#lib/server/env.ts';

/** The issues parseEnv reports for a source, or a failure if it accepts it. */
function issuesOf(source: Record<string, string | undefined>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).issues;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(source)}`);
}

describe('parseEnv', () => {
  test('starts a shop with defaults when nothing is configured', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      DATABASE_URL: undefined,
      DATA_DIR: '.data',
      HOST: 'localhost',
      PORT: 4321,
      SITE_URL: 'http://localhost:4321',
      DEFAULT_LOCALE: 'de',
      DEFAULT_CURRENCY: 'EUR',
      DEFAULT_COUNTRY: 'DE',
      COOKIE_CONSENT: true,
      SMTP_URL: undefined,
      PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com',
      LOG_LEVEL: 'info',
    });
  });

  test('ignores variables that are not shop settings', () => {
    expect(() => parseEnv({ PATH: '/usr/bin', HOME: '/root', NODE_ENV: 'test' })).not.toThrow();
  });

  test('reads configured values with their types', () => {
    const env = parseEnv({
      DATABASE_URL: 'postgres://shop:secret@db.internal:5432/shop',
      PORT: '8080',
      DEFAULT_CURRENCY: 'GBP',
      DEFAULT_COUNTRY: 'AT',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
    });
    expect(env.DATABASE_URL).toBe('postgres://shop:secret@db.internal:5432/shop');
    expect(env.PORT).toBe(8080);
    expect(env.DEFAULT_CURRENCY).toBe('GBP');
    expect(env.DEFAULT_COUNTRY).toBe('AT');
    expect(env.SMTP_URL).toBe('smtps://user:pass@mail.example.com:465');
  });

  test('accepts postgresql: as well as postgres: connection strings', () => {
    expect(parseEnv({ DATABASE_URL: 'postgresql://localhost/shop' }).DATABASE_URL).toBe('postgresql://localhost/shop');
  });

  test('treats empty strings as unset, so FOO= in a .env file means the default', () => {
    const env = parseEnv({ PORT: '', DATABASE_URL: '', DEFAULT_LOCALE: '', COOKIE_CONSENT: '', SMTP_URL: '' });
    expect(env.PORT).toBe(4321);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DEFAULT_LOCALE).toBe('de');
    expect(env.COOKIE_CONSENT).toBe(true);
    expect(env.SMTP_URL).toBeUndefined();
  });

  test('lower-cases DEFAULT_LOCALE', () => {
    expect(parseEnv({ DEFAULT_LOCALE: 'EN' }).DEFAULT_LOCALE).toBe('en');
    expect(parseEnv({ DEFAULT_LOCALE: 'Fr' }).DEFAULT_LOCALE).toBe('fr');
  });

  test.each([
    ['false', false],
    ['0', false],
    ['no', false],
    ['off', false],
    ['true', true],
    ['1', true],
    ['yes', true],
    ['on', true],
  ])('parses the flag COOKIE_CONSENT=%s as %s', (raw, expected) => {
    expect(parseEnv({ COOKIE_CONSENT: raw }).COOKIE_CONSENT).toBe(expected);
  });

  test.each([
    ['PORT', 'abc'],
    ['PORT', '0'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'],
    ['DEFAULT_CURRENCY', 'JPY'],
    ['DEFAULT_LOCALE', 'xx'],
    ['DEFAULT_COUNTRY', 'Germany'],
    ['SMTP_URL', 'http://x'],
    ['SITE_URL', 'ftp://shop.example.com'],
    ['COOKIE_CONSENT', 'maybe'],
    ['TAG_MANAGER_ID', 'UA-1234'],
    ['AUTH_SECRET', 'short'],
    ['MAIL_FROM', 'not-an-address'],
    ['LOG_LEVEL', 'verbose'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    const issues = issuesOf({ [name]: value });
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) {
      expect(issue.startsWith(`${name}: `)).toBe(true);
      // Something after the name that a person can act on, not an empty or structural dump.
      expect(issue.slice(name.length + 2).trim().length).toBeGreaterThan(5);
      expect(issue).not.toMatch(/\[object|\{"/);
    }
  });

  test('tells what a bad value should look like', () => {
    expect(issuesOf({ DATABASE_URL: 'mysql://x' }).join('\n')).toMatch(/postgres(ql)?:/);
    expect(issuesOf({ DEFAULT_CURRENCY: 'JPY' }).join('\n')).toContain('EUR');
    expect(issuesOf({ DEFAULT_LOCALE: 'xx' }).join('\n')).toContain('de');
    expect(issuesOf({ DEFAULT_COUNTRY: 'Germany' }).join('\n')).toMatch(/two-letter|ISO/i);
    expect(issuesOf({ SMTP_URL: 'http://x' }).join('\n')).toMatch(/smtps?:/);
  });

  test('reports every bad variable at once in one readable error', () => {
    let error: unknown;
    try {
      parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', DEFAULT_CURRENCY: 'JPY' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const { issues, message } = error as EnvError;
    expect(issues.map((i) => i.split(':')[0]).sort()).toEqual(['DATABASE_URL', 'DEFAULT_CURRENCY', 'PORT']);
    expect(message).toMatch(/^Invalid configuration:/);
    for (const name of ['PORT', 'DATABASE_URL', 'DEFAULT_CURRENCY']) expect(message).toContain(name);
  });

  test('every variable in the schema has a default or is optional, so an empty env is valid', () => {
    const parsed = envSchema.safeParse({});
    expect(parsed.success).toBe(true);
  });
});
