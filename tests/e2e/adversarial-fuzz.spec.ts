// Fuzzing every endpoint of the integration layer over real HTTP against the built shop: at least 300
// schema-derived bodies each (valid shapes, hostile values) plus hostile bodies no schema describes,
// and oversize bodies sent chunked or with a lying Content-Length. Whatever arrives, the shop answers
// below 500, every error in the one JSON shape {code, message, status}, it logs no 'endpoint failed',
// and it keeps answering a price call.
import { expect, test } from '@playwright/test';
import { fuzzTargets, type FuzzTarget } from '#tests/adversarial/endpoints.ts';
import { fuzzCases, type FuzzCase } from '#tests/adversarial/fuzz-cases.ts';
import { FuzzClient, NoAnswer, type Answer, type SendOptions } from '#tests/adversarial/http-client.ts';
import { failureLines, startOwnShop, type OwnShop } from '#tests/adversarial/own-shop.ts';
import { freshIp, prepareShopper, signIn, type ShopperData } from '#tests/adversarial/shopper.ts';
import type { ValuePools } from '#tests/adversarial/schema-arbitrary.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { bodyLimitFor } from '#lib/server/body-limit.ts';

/** Schema-derived bodies per endpoint (the hostile set comes on top). */
const BODIES_PER_ENDPOINT = 300;
/** Requests in flight at once: a small batch, so the flood stays a test and not a load test. */
const CONCURRENCY = 8;

interface Finding {
  endpoint: string;
  kind: string;
  problem: string;
  repro: string;
}

let shop: OwnShop;
let client: FuzzClient;

test.describe.configure({ timeout: 300_000 });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  shop = await startOwnShop();
  client = new FuzzClient(shop.base);
});

test.afterAll(async () => {
  client?.close();
  await shop?.stop();
});

/** A one-line curl that sends the same request again to $SHOP (bodies cut at 300 characters). */
function repro(request: SendOptions, signedIn: boolean): string {
  const headers = Object.entries(request.headers ?? {})
    .filter(([k]) => k !== 'cookie' && !k.startsWith('webhook-') && k !== 'stripe-signature')
    .map(([k, v]) => ` -H ${JSON.stringify(`${k}: ${String(v)}`)}`)
    .join('');
  const body = request.chunked
    ? ` --data-binary @<${request.chunked.chunks * request.chunked.chunkBytes} bytes, chunked>`
    : request.body !== undefined
      ? ` --data-raw ${JSON.stringify(request.body.toString().slice(0, 300))}`
      : '';
  const signed = Object.keys(request.headers ?? {}).some((k) => k === 'stripe-signature' || k === 'webhook-signature')
    ? ' (signed with the webhook secret)'
    : '';
  return `curl -X ${request.method} "$SHOP${request.path.slice(0, 200)}" -H "origin: $SHOP"${headers}${body}${signedIn ? ' (signed in)' : ''}${signed}`;
}

/** What is wrong with an answer, or null: a 5xx, or an error that is not {code, message, status}. */
function problemOf(answer: Answer): string | null {
  if (answer.status >= 500) return `${answer.status}: ${answer.text.slice(0, 200)}`;
  if (answer.status < 400) return null;
  try {
    const body = JSON.parse(answer.text) as Record<string, unknown>;
    if (typeof body.code === 'string' && typeof body.message === 'string' && body.status === answer.status) return null;
  } catch {
    /* not JSON */
  }
  return `${answer.status} not in the error shape: ${answer.text.slice(0, 200)}`;
}

/** Runs `tasks` with at most CONCURRENCY in flight. */
async function inBatches<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

/** The price call a shopper's every page makes: it must still answer, and promptly, after the abuse. */
async function priceCallAnswers(): Promise<Answer> {
  return client.send({
    method: 'POST',
    path: '/api/catalog/prices',
    timeoutMs: 5_000,
    body: JSON.stringify({ skus: [DEMO_FIXTURES.products.available] }),
    headers: { 'content-type': 'application/json' },
  });
}

const { customers } = DEMO_FIXTURES;
/**
 * Who fuzzes what, in which order: a fuzz body may get a password change right (it knows the current
 * password), which would lock every later sign-in of that customer out. So the account endpoints act
 * on customers of their own, and the password change runs last.
 */
const LAST = ['/api/account/email-change', '/api/auth/logout', '/api/auth/change-password'];
const customerFor = (target: FuzzTarget) => {
  if (target.path === '/api/auth/change-password') return customers.acme.email;
  return LAST.includes(target.path) ? customers.excludeTax.email : customers.normal.email;
};

function poolsFor(email: string, data: ShopperData): ValuePools {
  const { products } = DEMO_FIXTURES;
  return {
    uuids: data.uuids,
    skus: [
      products.available,
      products.limited,
      products.variantParent,
      ...products.variants.slice(0, 2),
      products.free,
    ],
    ints: [1, 2, 3, 10, data.cartVersion],
    emails: [email, customers.normal.email],
    passwords: [DEMO_FIXTURES.password],
  };
}

test('every endpoint file under src/pages/api has a fuzz entry', async () => {
  const { targets, unmatchedRoutes, orphanOperations } = await fuzzTargets();
  expect(unmatchedRoutes, 'route exports that are neither a contract operation nor a declared raw endpoint').toEqual(
    [],
  );
  expect(orphanOperations, 'contract operations without a route file').toEqual([]);
  expect(targets.length).toBeGreaterThan(40);
});

test(`every endpoint answers ${BODIES_PER_ENDPOINT}+ schema-derived and hostile bodies below 500, errors as {code, message, status}`, async () => {
  test.setTimeout(600_000);
  const logFrom = shop.instance.output().length;
  const { targets: found } = await fuzzTargets();
  const targets = [...found].sort((a, b) => LAST.indexOf(a.path) - LAST.indexOf(b.path));
  const data = new Map<string, ShopperData>();
  for (const email of new Set(targets.map(customerFor)))
    data.set(email, await prepareShopper(client, await signIn(client, email)));
  const findings: Finding[] = [];
  const statuses = new Map<number, number>();
  let sent = 0;
  for (const target of targets) {
    const email = customerFor(target);
    const shopper = await signIn(client, email);
    const cases: FuzzCase[] = fuzzCases(
      target,
      poolsFor(email, data.get(email)!),
      { publishWebhook: shop.webhookSecret, stripeWebhook: shop.fakes.env.STRIPE_WEBHOOK_SECRET! },
      BODIES_PER_ENDPOINT,
    );
    expect(cases.length, `${target.method} ${target.path}`).toBeGreaterThanOrEqual(BODIES_PER_ENDPOINT);
    await inBatches(cases, async ({ kind, request, signedIn }) => {
      const headers = {
        ...request.headers,
        'x-forwarded-for': freshIp(),
        ...(signedIn ? { cookie: shopper.cookie } : {}),
      };
      const sendable = { ...request, headers };
      sent += 1;
      try {
        const answer = await client.send(sendable);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const problem = problemOf(answer);
        if (problem)
          findings.push({
            endpoint: `${target.method} ${target.path}`,
            kind,
            problem,
            repro: repro(sendable, signedIn),
          });
      } catch (error) {
        if (!(error instanceof NoAnswer)) throw error;
        findings.push({
          endpoint: `${target.method} ${target.path}`,
          kind,
          problem: `no answer (${error.message})`,
          repro: repro(sendable, signedIn),
        });
      }
    });
  }
  const summary = [...statuses]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  console.log(
    `[fuzz] ${sent} requests to ${targets.length} endpoints; statuses ${summary}; ${findings.length} findings`,
  );
  test.info().annotations.push({ type: 'fuzz', description: `${sent} requests, statuses ${summary}` });
  report(findings);
  // Rate limits may answer floods with 429, but the harness sends each body from its own address:
  // most bodies must reach the schema, or the run proves nothing.
  expect((statuses.get(429) ?? 0) / sent, 'share of 429 answers').toBeLessThan(0.05);
  expect(failureLines(shop.instance, logFrom), 'server log').toEqual([]);
  expect((await priceCallAnswers()).status).toBe(200);
});

/** Fails listing one reproduction per endpoint, kind and problem, with how often it happened. */
function report(findings: Finding[]): void {
  const groups = new Map<string, { finding: Finding; count: number }>();
  for (const f of findings) {
    const key = `${f.endpoint} | ${f.kind} | ${f.problem.replace(/"requestId":"[^"]*"|[0-9a-f-]{36}/g, '').slice(0, 60)}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { finding: f, count: 1 });
  }
  const lines = [...groups.values()].map(
    ({ finding: f, count }) => `${f.endpoint} [${f.kind}] ×${count}: ${f.problem}\n    ${f.repro}`,
  );
  if (lines.length > 0) console.log(`[fuzz] findings:\n${lines.join('\n')}`);
  expect.soft(lines, 'endpoints that answered 5xx, outside the error shape, or not at all').toEqual([]);
}

test('oversize bodies, chunked or with a lying Content-Length, get 413 or 400 and leave the server healthy', async () => {
  const logFrom = shop.instance.output().length;
  const { targets } = await fuzzTargets();
  const posts = targets.filter((t) => t.method !== 'GET');
  const findings: Finding[] = [];
  const check = async (target: FuzzTarget, kind: string, request: SendOptions, expected: number[]) => {
    try {
      const answer = await client.send({ ...request, timeoutMs: 10_000 });
      const problem =
        problemOf(answer) ??
        (expected.includes(answer.status) ? null : `${answer.status}, expected ${expected.join(' or ')}`);
      if (problem)
        findings.push({ endpoint: `${target.method} ${target.path}`, kind, problem, repro: repro(request, false) });
    } catch (error) {
      if (!(error instanceof NoAnswer)) throw error;
      findings.push({
        endpoint: `${target.method} ${target.path}`,
        kind,
        problem: error.message,
        repro: repro(request, false),
      });
    }
  };
  const headers = { 'content-type': 'application/json' };
  await inBatches(posts, async (target) => {
    const base = { method: target.method, path: target.path };
    // Webhooks and content writes take bodies up to 512 KB, the ERP's deltas 4 MB and catalogue uploads
    // 256 MB (body-limit.ts): a body within the path's limit reaches its own checks (a signature, a
    // session) and is refused there; one over it gets 413 unread.
    const refusedFor = (bytes: number) => (bodyLimitFor(target.path) >= bytes ? [400, 401, 413] : [413]);
    const over64k = refusedFor(80 * 1024);
    await check(
      target,
      'chunked 80 KB',
      { ...base, headers: { ...headers, 'x-forwarded-for': freshIp() }, chunked: { chunkBytes: 4_096, chunks: 20 } },
      over64k,
    );
    await check(
      target,
      'chunked 6 MB',
      { ...base, headers: { ...headers, 'x-forwarded-for': freshIp() }, chunked: { chunkBytes: 65_536, chunks: 96 } },
      refusedFor(6 * 1024 * 1024),
    );
    await check(
      target,
      '1 MB with its length',
      {
        ...base,
        ownSocket: true,
        headers: { ...headers, 'x-forwarded-for': freshIp() },
        body: `{"a":"${'x'.repeat(1 << 20)}"}`,
      },
      refusedFor(1 << 20),
    );
  });
  expect((await priceCallAnswers()).status, 'price call after the oversize bodies').toBe(200);

  // A Content-Length that lies, over a bare socket (no client library sends one).
  const rawFindings: string[] = [];
  await inBatches(posts, async (target) => {
    const head = (length: number | string, extra = '') =>
      `POST ${target.path} HTTP/1.1\r\nHost: ${client.host}:${client.port}\r\nOrigin: ${shop.base}\r\nContent-Type: application/json\r\nX-Forwarded-For: ${freshIp()}\r\nContent-Length: ${length}\r\n${extra}\r\n`;
    const cases: [string, string, (status: number | null) => boolean][] = [
      // Declares more than the limit: refused before reading.
      [
        'declares 100 MB, sends 2 bytes',
        `${head(100_000_000)}{}`,
        (s) => (bodyLimitFor(target.path) >= 100_000_000 ? s !== null && s < 500 : s === 413),
      ],
      // Declares less than it sends: the rest is a second, malformed request on the connection.
      ['declares 5, sends 300', `${head(5)}{"a":"${'x'.repeat(300)}"}`, (s) => s !== null && s < 500],
      // Both lengths (request smuggling): refused.
      [
        'Content-Length and chunked',
        `${head(4, 'Transfer-Encoding: chunked\r\n')}2\r\n{}\r\n0\r\n\r\n`,
        (s) => s !== null && s < 500,
      ],
      ['negative length', `${head(-1)}{}`, (s) => s !== null && s < 500],
      ['length not a number', `${head('abc')}{}`, (s) => s !== null && s < 500],
    ];
    for (const [kind, raw, ok] of cases) {
      const { status, text } = await client.sendRaw(raw);
      if (!ok(status))
        rawFindings.push(
          `${target.path} [${kind}]: ${status ?? 'no answer'} ${text.slice(0, 120).replace(/\r\n/g, ' | ')}`,
        );
    }
  });
  // Declares more than it sends and then waits: the server may wait too, but only on that connection.
  await Promise.all(
    posts
      .slice(0, 4)
      .map((target) =>
        client.sendRaw(
          `POST ${target.path} HTTP/1.1\r\nHost: ${client.host}:${client.port}\r\nOrigin: ${shop.base}\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"a"`,
          2_000,
        ),
      ),
  );
  expect((await priceCallAnswers()).status, 'price call after lying Content-Lengths').toBe(200);

  report(findings);
  if (rawFindings.length > 0) console.log(`[fuzz] lying Content-Length findings:\n${rawFindings.join('\n')}`);
  expect.soft(rawFindings, 'answers to a lying Content-Length').toEqual([]);
  expect(failureLines(shop.instance, logFrom), 'server log').toEqual([]);
});
