// The shop behind the shipped Varnish (deploy/varnish/storefront.vcl), as the README deploys it
// (TRUST_PROXY=1), attacked by a client that invents a new X-Forwarded-For for every request. Before
// issue 28 the shop believed the first entry, which is the client's own: 60 wrong passwords on one
// account, 15 of 15 registrations (limit 10), 160 of 160 parallel searches went through. Now the VCL
// writes the header from the connection and the shop reads it from the right: every forged request
// counts against the one real client.
//
// Each test's attacker connects from its own loopback address (127.0.0.x, `localAddress`), so Varnish
// sees it as a client of its own and the limits it spends are not those of the other specs, which
// reach the shop from 127.0.0.1.
import { request as httpRequest } from 'node:http';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { startVarnish, type VarnishServer } from '#tests/helpers/varnish.ts';
import { BASE_URL } from './helpers.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let varnish: VarnishServer;
test.beforeAll(async () => {
  varnish = await startVarnish({ backendPort: Number(new URL(BASE_URL).port) });
});
test.afterAll(async () => {
  await varnish?.stop();
});

let forged = 0;
/** A new, never seen "client address" per request: what the attacker writes into X-Forwarded-For. */
const forgedAddress = () => `203.0.${Math.floor(++forged / 250) % 250}.${(forged % 250) + 1}`;

/** One request to Varnish from the loopback address `from`, with a forged X-Forwarded-For. */
function send(
  from: string,
  method: string,
  path: string,
  body?: unknown,
  extra: Record<string, string> = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: varnish.port,
        localAddress: from,
        method,
        path,
        headers: {
          'x-forwarded-for': forgedAddress(),
          'accept-language': 'en',
          ...extra,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const statuses = (answers: Answer[]) => answers.map((a) => a.status);

test.describe('behind the shipped Varnish (TRUST_PROXY=1)', () => {
  test('wrong passwords on one account: the sixth is refused, though every guess came from a "new address"', async () => {
    // Unknown and known accounts are counted alike (so the answer never tells them apart).
    const username = `proxy-${randomUUID()}@example.com`;
    const answers: Answer[] = [];
    for (let i = 0; i < 7; i++)
      answers.push(await send('127.0.0.61', 'POST', '/api/auth/login', { username, password: `Guess-${i}-pass` }));
    expect(statuses(answers)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(Number(answers[5]!.headers['retry-after'])).toBeGreaterThan(0);
    // Another real client is its own subject: the limit is the attacker's, not everybody's.
    expect((await send('127.0.0.62', 'POST', '/api/auth/login', { username, password: 'Guess-x-pass' })).status).toBe(
      401,
    );
  });

  test('registrations: the eleventh from one client is refused whatever address it claims', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 11; i++) {
      answers.push(
        await send('127.0.0.63', 'POST', '/api/auth/register', {
          email: `proxy-${randomUUID()}@example.com`,
          password: 'Proxy-Passw0rd-42',
          firstName: 'Pro',
          lastName: 'Xy',
        }),
      );
    }
    expect(statuses(answers.slice(0, 10)).every((s) => s === 202)).toBe(true);
    expect(answers[10]!.status).toBe(429);
  });

  test('parallel searches: the API and the search page both hold the one client to its budget', async () => {
    const api = await Promise.all(
      Array.from({ length: 90 }, (_, i) =>
        send('127.0.0.64', 'POST', '/api/catalog/search', { locale: 'en', keyword: `bohr${i}` }),
      ),
    );
    const refusedApi = api.filter((a) => a.status === 429).length;
    // A burst of 60, refilled at 10 a second while the calls run.
    expect(refusedApi).toBeGreaterThan(0);
    expect(api.every((a) => a.status === 200 || a.status === 429)).toBe(true);

    const pages = await Promise.all(
      Array.from({ length: 90 }, (_, i) => send('127.0.0.65', 'GET', `/en/search-details?term=saege${i}`)),
    );
    const refused = pages.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(pages.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    // The refusal is a page in the path's language with Retry-After, and no cache keeps it.
    expect(refused[0]!.body).toContain('Too many requests');
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused[0]!.headers['cache-control']).toContain('no-store');
  });

  test('the editor workspace signs in and stays signed in behind Varnish (its cookie reaches the shop)', async () => {
    const { email, password } = DEMO_FIXTURES.staff.editor;
    const signIn = await send('127.0.0.66', 'POST', '/api/admin/sign-in', { email, password });
    expect(signIn.status).toBe(200);
    const cookie = [signIn.headers['set-cookie'] ?? []]
      .flat()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(cookie).toContain('vsf-staff=');
    // Before issue 28 the VCL dropped the Cookie header on /admin: the workspace sent the editor back to sign in.
    const workspace = await send('127.0.0.66', 'GET', '/admin', undefined, { cookie });
    expect(workspace.status).toBe(200);
    expect(workspace.headers['cache-control']).toContain('no-store');
    expect((await send('127.0.0.66', 'GET', '/admin')).status).toBe(303);
  });
});
