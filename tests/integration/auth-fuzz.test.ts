// Generated junk against every auth endpoint: malformed JSON, wrong types, unknown fields, oversized
// bodies, wrong content types and garbage cookies. Whatever arrives, the answer is the one JSON error
// shape with a 4xx status (or a plain success for a body that happens to be valid), never a 5xx.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import fc from 'fast-check';
import type { APIRoute } from 'astro';
import { Browser, prepareDataDir, type ApiResult } from '../helpers/auth-harness.ts';
import { closeDatabase } from '#lib/server/db/index.ts';
import { backgroundSettled } from '#lib/server/mail/background.ts';
import { logger } from '#lib/server/log.ts';
import { REFRESH_COOKIE, USER_TOKEN_COOKIE } from '#lib/server/auth/cookies.ts';
import * as login from '../../src/pages/api/auth/login.ts';
import * as logout from '../../src/pages/api/auth/logout.ts';
import * as me from '../../src/pages/api/auth/me.ts';
import * as refresh from '../../src/pages/api/auth/refresh.ts';
import * as register from '../../src/pages/api/auth/register.ts';
import * as changePassword from '../../src/pages/api/auth/change-password.ts';
import * as resetRequest from '../../src/pages/api/auth/reset-request.ts';
import * as resetPassword from '../../src/pages/api/auth/reset-password.ts';
import * as createPassword from '../../src/pages/api/auth/create-password.ts';

/** The body limit docs/errors.md promises (PAYLOAD_TOO_LARGE above it). */
const MAX_BODY_BYTES = 64 * 1024;

interface Target {
  path: string;
  route: APIRoute;
  /** The contract's field names, so generated bodies come close to valid ones. */
  fields: string[];
}

const TARGETS: Target[] = [
  { path: '/api/auth/login', route: login.POST, fields: ['username', 'password', 'rememberMe'] },
  { path: '/api/auth/logout', route: logout.POST, fields: [] },
  { path: '/api/auth/me', route: me.POST, fields: [] },
  { path: '/api/auth/refresh', route: refresh.POST, fields: [] },
  { path: '/api/auth/register', route: register.POST, fields: ['email', 'password', 'firstName', 'lastName'] },
  { path: '/api/auth/change-password', route: changePassword.POST, fields: ['currentPassword', 'newPassword'] },
  { path: '/api/auth/reset-request', route: resetRequest.POST, fields: ['email'] },
  { path: '/api/auth/reset-password', route: resetPassword.POST, fields: ['token', 'password'] },
  { path: '/api/auth/create-password', route: createPassword.POST, fields: ['token', 'password'] },
];

const RUNS = 40;

// Failures the response cannot show (the reset mail runs after the answer) are logged; collect them.
const logged: unknown[][] = [];

beforeAll(async () => {
  await prepareDataDir({}, { seed: false });
  vi.spyOn(logger, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(args);
  });
});

afterAll(async () => {
  await backgroundSettled();
  await closeDatabase();
});

function expectErrorShape(r: ApiResult, label: string): void {
  expect(r.status, `${label}: ${JSON.stringify(r.body)}`).toBeGreaterThanOrEqual(400);
  expect(r.status, label).toBeLessThan(500);
  expect(r.body, label).toEqual(
    expect.objectContaining({ code: expect.any(String), message: expect.any(String), status: r.status }),
  );
  expect(JSON.stringify(r.body), label).not.toMatch(/\bat .+\.(ts|js):\d+/);
}

/** Under 500 always; when it is an error, the one error shape. */
function expectHandled(r: ApiResult, label: string): void {
  expect(r.status, `${label}: ${JSON.stringify(r.body)}`).toBeLessThan(500);
  if (r.status >= 400) expectErrorShape(r, label);
}

const randomIp = fc
  .tuple(fc.integer({ min: 1, max: 254 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map(([a, b, c]) => `10.${a}.${b}.${c}`);

/** Values of every JSON type, including long strings and deep nesting. */
const jsonish = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 400 }),
  fc.constantFrom('', ' ', '\u0000', 'a'.repeat(300), '🙂'.repeat(100), '<script>', "' or 1=1 --", '%00', '${7*7}'),
);

const unknownKey = fc.string({ minLength: 1, maxLength: 20 });

describe.each(TARGETS)('$path', ({ path, route, fields }) => {
  test('answers any JSON value with a handled status', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), randomIp, async (body, ip) => {
        expectHandled(await new Browser(ip).call(route, path, { body }), `${path} ${JSON.stringify(body)}`);
      }),
      { numRuns: RUNS },
    );
  });

  test('refuses the contract fields with wrong types or values plus an unknown field with 400', async () => {
    const record = fc.record(Object.fromEntries(fields.map((f) => [f, jsonish])), { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(record, unknownKey, jsonish, randomIp, async (body, key, value, ip) => {
        fc.pre(!fields.includes(key) && key !== '__proto__');
        const withExtra = { ...body, [key]: value };
        const r = await new Browser(ip).call(route, path, { body: withExtra });
        expectErrorShape(r, `${path} ${JSON.stringify(withExtra)}`);
        expect(r.status).toBe(400);
      }),
      { numRuns: RUNS },
    );
  });

  test('near-valid bodies (right fields, arbitrary values) never fail with a 5xx', async () => {
    const record = fc.record(Object.fromEntries(fields.map((f) => [f, jsonish])), { requiredKeys: fields });
    await fc.assert(
      fc.asyncProperty(record, randomIp, async (body, ip) => {
        expectHandled(await new Browser(ip).call(route, path, { body }), `${path} ${JSON.stringify(body)}`);
      }),
      { numRuns: RUNS },
    );
  });

  test('refuses NUL and control characters, which PostgreSQL text cannot hold, without a 5xx', async () => {
    for (const bad of ['\u0000', 'a\u0000b', 'x\u0007y', '\u001b[31m']) {
      const body = Object.fromEntries(fields.map((f) => [f, f === 'rememberMe' ? false : bad]));
      expectHandled(await new Browser('10.99.0.1').call(route, path, { body }), `${path} ${JSON.stringify(body)}`);
    }
    await backgroundSettled();
  });

  test('refuses malformed JSON with 400 INVALID_JSON', async () => {
    const malformed = fc
      .string({ maxLength: 200 })
      .map((s) => `{${s}`)
      .filter((s) => {
        try {
          JSON.parse(s);
          return false;
        } catch {
          return true;
        }
      });
    await fc.assert(
      fc.asyncProperty(malformed, async (raw) => {
        const r = await new Browser().call(route, path, { rawBody: raw });
        expectErrorShape(r, `${path} ${raw}`);
        expect(r.body.code).toBe('INVALID_JSON');
      }),
      { numRuns: RUNS },
    );
  });

  test('refuses oversized bodies with 413, declared or not', async () => {
    const big = JSON.stringify(Object.fromEntries([...fields, 'x'].map((f) => [f, 'a'.repeat(MAX_BODY_BYTES)])));
    const undeclared = await new Browser().call(route, path, { rawBody: big });
    expectErrorShape(undeclared, path);
    expect(undeclared.status).toBe(413);
    const declared = await new Browser().call(route, path, {
      rawBody: big,
      headers: { 'content-length': String(big.length) },
    });
    expect(declared.status).toBe(413);
  });

  test('refuses other content types with 415', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', null),
        async (type) => {
          const r = await new Browser().call(route, path, { rawBody: 'username=a&password=b', contentType: type });
          expectErrorShape(r, `${path} ${type}`);
          expect(r.status).toBe(415);
        },
      ),
      { numRuns: 8 },
    );
  });

  test('garbage session cookies are ignored, never a 5xx', async () => {
    const cookieValue = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.base64String({ maxLength: 200 }),
      fc
        .tuple(fc.jsonValue(), fc.string())
        .map(
          ([claims, sig]) =>
            `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${Buffer.from(sig).toString('base64url')}`,
        ),
      fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('base64url')),
    );
    await fc.assert(
      fc.asyncProperty(cookieValue, cookieValue, randomIp, async (token, refreshToken, ip) => {
        const b = new Browser(ip);
        b.jar.set(USER_TOKEN_COOKIE, token);
        b.jar.set(REFRESH_COOKIE, refreshToken);
        const body = Object.fromEntries(fields.map((f) => [f, f === 'rememberMe' ? false : 'Some-Passw0rd']));
        expectHandled(await b.call(route, path, { body }), `${path} token=${token} refresh=${refreshToken}`);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('GET /api/auth/me', () => {
  test('with garbage cookies answers 401 UNAUTHENTICATED', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), fc.string({ maxLength: 100 }), async (token, refreshToken) => {
        const b = new Browser();
        b.jar.set(USER_TOKEN_COOKIE, token);
        b.jar.set(REFRESH_COOKIE, refreshToken);
        const r = await b.call(me.GET, '/api/auth/me', { method: 'GET' });
        expectErrorShape(r, token);
        expect(r.body.code).toBe('UNAUTHENTICATED');
      }),
      { numRuns: RUNS },
    );
  });
});

describe('background work', () => {
  test('no request failed after its answer either', async () => {
    await backgroundSettled();
    // A log line is ({ err, ...fields }, message): show the message and the error's own.
    const lines = logged.map(([fields, message]) => `${String(message)}: ${String((fields as { err?: unknown }).err)}`);
    expect(lines).toEqual([]);
  });
});
