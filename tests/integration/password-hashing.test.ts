// What a password costs the server: argon2 (hash and verify, counted here by wrapping the real
// library) runs only for requests that passed every cheaper check (schema, password rules, rate
// limit, token), and never more than two at once in the process; beyond a bounded queue the answer is
// 503 SERVER_BUSY with Retry-After at once. Through the real endpoints on a seeded embedded database.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type * as Argon2 from '@node-rs/argon2';
import { Browser, prepareDataDir, type ApiResult } from '../helpers/auth-harness.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { closeDatabase, getDb } from '#lib/server/db/index.ts';
import { backgroundSettled } from '#lib/server/mail/background.ts';
import { issuePasswordToken } from '#lib/server/auth/password-tokens.ts';
import { customers } from '#lib/server/db/schema.ts';
import { eq } from 'drizzle-orm';
import * as loginRoute from '../../src/pages/api/auth/login.ts';
import * as registerRoute from '../../src/pages/api/auth/register.ts';
import * as changePasswordRoute from '../../src/pages/api/auth/change-password.ts';
import * as resetPasswordRoute from '../../src/pages/api/auth/reset-password.ts';

const argon = vi.hoisted(() => ({
  hashes: 0,
  verifies: 0,
  running: 0,
  maxRunning: 0,
  hold: null as Promise<void> | null,
}));

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  const counted =
    <A extends unknown[], R>(kind: 'hashes' | 'verifies', run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      argon[kind]++;
      argon.running++;
      argon.maxRunning = Math.max(argon.maxRunning, argon.running);
      try {
        if (argon.hold) await argon.hold;
        return await run(...args);
      } finally {
        argon.running--;
      }
    };
  return { ...real, hash: counted('hashes', real.hash), verify: counted('verifies', real.verify) };
});

const { normal } = DEMO_FIXTURES.customers;
const PASSWORD = DEMO_FIXTURES.password;

beforeAll(async () => {
  await prepareDataDir({ SITE_URL: 'http://shop.test' });
});

afterAll(async () => {
  await backgroundSettled();
  await closeDatabase();
});

const register = (b: Browser, body: unknown) => b.call(registerRoute.POST, '/api/auth/register', { body });
const login = (b: Browser, body: unknown) => b.call(loginRoute.POST, '/api/auth/login', { body });
const newcomer = (n: number | string, password = 'Str0ng-pass') => ({
  email: `newcomer-${n}@example.com`,
  password,
  firstName: 'N',
  lastName: 'C',
});

/** The argon2 runs (hash + verify) a piece of work caused. */
async function argonRuns(work: () => Promise<unknown>): Promise<{ hashes: number; verifies: number }> {
  const before = { hashes: argon.hashes, verifies: argon.verifies };
  await work();
  return { hashes: argon.hashes - before.hashes, verifies: argon.verifies - before.verifies };
}

const codeOf = (r: ApiResult) => [r.status, r.body.code];

describe('argon2 runs only after every cheaper check', () => {
  test('registration: refused by the schema, the password rules or the rate limit, it never hashes', async () => {
    const b = new Browser('10.60.0.1');
    const refused = await argonRuns(async () => {
      expect(codeOf(await register(b, { ...newcomer(1), password: 'x'.repeat(300) }))).toEqual([
        400,
        'VALIDATION_FAILED',
      ]);
      expect(codeOf(await register(b, { ...newcomer(1), firstName: '' }))).toEqual([400, 'VALIDATION_FAILED']);
      expect(codeOf(await register(b, newcomer(1, 'password')))).toEqual([400, 'VALIDATION_FAILED']);
      expect(codeOf(await register(b, newcomer(1, 'newcomer-1@example.com')))).toEqual([400, 'VALIDATION_FAILED']);
    });
    expect(refused).toEqual({ hashes: 0, verifies: 0 });
    // Ten accepted registrations from one address hash once each; the eleventh is refused unhashed.
    const accepted = await argonRuns(async () => {
      for (let i = 0; i < 10; i++) expect((await register(b, newcomer(`a${i}`))).status).toBe(202);
    });
    expect(accepted.hashes).toBe(10);
    const limited = await argonRuns(async () => {
      expect(codeOf(await register(b, newcomer('a10')))).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    });
    expect(limited).toEqual({ hashes: 0, verifies: 0 });
  });

  test('a known address costs exactly what a new one costs: one hash', async () => {
    expect(
      (await argonRuns(() => register(new Browser('10.60.1.1'), { ...newcomer(2), email: normal.email }))).hashes,
    ).toBe(1);
    expect((await argonRuns(() => register(new Browser('10.60.1.2'), newcomer(3)))).hashes).toBe(1);
  });

  test('login: a rate-limited attempt is refused before its password is verified', async () => {
    const b = new Browser('10.60.2.1');
    const failures = await argonRuns(async () => {
      for (let i = 0; i < 5; i++)
        expect((await login(b, { username: normal.email, password: `wrong-${i}` })).status).toBe(401);
    });
    expect(failures.verifies).toBe(5);
    const limited = await argonRuns(async () => {
      expect(codeOf(await login(b, { username: normal.email, password: PASSWORD }))).toEqual([
        429,
        'TOO_MANY_ATTEMPTS',
      ]);
    });
    expect(limited).toEqual({ hashes: 0, verifies: 0 });
  });

  test('change password: a new password that breaks a rule costs neither a verify nor a hash', async () => {
    const b = new Browser('10.60.3.1');
    expect((await login(b, { username: normal.email, password: PASSWORD })).status).toBe(200);
    const refused = await argonRuns(async () => {
      for (const newPassword of ['letmein123', normal.email, 'short']) {
        const r = await b.call(changePasswordRoute.POST, '/api/auth/change-password', {
          body: { currentPassword: 'anything-at-all', newPassword },
        });
        expect(codeOf(r)).toEqual([400, 'VALIDATION_FAILED']);
      }
    });
    expect(refused).toEqual({ hashes: 0, verifies: 0 });
  });

  test('reset password: an unknown token or a refused password never hashes', async () => {
    const db = await getDb();
    const [row] = await db.select().from(customers).where(eq(customers.email, normal.email));
    const token = await issuePasswordToken(db, row!.id, 'reset');
    const b = new Browser('10.60.4.1');
    const reset = (body: unknown) => b.call(resetPasswordRoute.POST, '/api/auth/reset-password', { body });
    const refused = await argonRuns(async () => {
      expect(codeOf(await reset({ token: 'made-up', password: 'Brand-new-Passw0rd' }))).toEqual([400, 'INVALID_TOKEN']);
      expect(codeOf(await reset({ token, password: 'football1' }))).toEqual([400, 'VALIDATION_FAILED']);
      expect(codeOf(await reset({ token, password: normal.email }))).toEqual([400, 'VALIDATION_FAILED']);
    });
    expect(refused).toEqual({ hashes: 0, verifies: 0 });
    expect(
      (await argonRuns(async () => expect((await reset({ token, password: 'Brand-new-Passw0rd' })).status).toBe(200)))
        .hashes,
    ).toBe(1);
  });
});

describe('the argon2 bound', () => {
  test('one new password is hashed at a time, twenty wait, and the rest are told 503 with Retry-After at once', async () => {
    let release = () => {};
    argon.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    argon.maxRunning = 0;
    const answers: ApiResult[] = [];
    const requests = Array.from({ length: 30 }, (_, i) =>
      register(new Browser(`10.61.${i}.1`), newcomer(`burst-${i}`)).then((r) => {
        answers.push(r);
        return r;
      }),
    );
    // While the first hangs in argon2, the nine beyond the queue are answered without waiting.
    for (let i = 0; answers.length < 9 && i < 1000; i++) await new Promise((r) => setTimeout(r, 10));
    expect(answers.map(codeOf)).toEqual(Array(9).fill([503, 'SERVER_BUSY']));
    for (const busy of answers) expect(busy.headers.get('retry-after')).toBe('2');
    expect(argon.running).toBe(1);
    argon.hold = null;
    release();
    const all = await Promise.all(requests);
    expect(all.filter((r) => r.status === 202)).toHaveLength(21);
    expect(argon.maxRunning).toBe(1);
  });

  test('a customer signing in does not wait behind a flood of new passwords', async () => {
    let release = () => {};
    argon.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const flood = Array.from({ length: 10 }, (_, i) => register(new Browser(`10.62.${i}.1`), newcomer(`flood-${i}`)));
    for (let i = 0; argon.running < 1 && i < 1000; i++) await new Promise((r) => setTimeout(r, 10));
    // (Another customer than the tests above, one of which reset this one's password.)
    const signIn = login(new Browser('10.63.0.1'), {
      username: DEMO_FIXTURES.customers.acme.email,
      password: PASSWORD,
    });
    // The sign-in's verify runs beside the one registration hash, not after the queue of nine.
    for (let i = 0; argon.running < 2 && i < 1000; i++) await new Promise((r) => setTimeout(r, 10));
    expect(argon.running).toBe(2);
    argon.hold = null;
    release();
    expect((await signIn).status).toBe(200);
    await Promise.all(flood);
  });
});
