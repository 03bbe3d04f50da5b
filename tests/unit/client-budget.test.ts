// Per-client request budgets (src/lib/server/client-budget.ts) and the 429 an endpoint answers
// once its client has spent one.
import { beforeEach, describe, expect, test } from 'vitest';
import type { APIContext } from 'astro';
import { z } from 'astro/zod';

// The suite switches budgets off for in-process calls (vitest.config.ts); this file tests them.
process.env.RATE_LIMIT_SCALE = '1';
const { BUDGETS, resetBudgets, take } = await import('#lib/server/client-budget.ts');
const { endpoint } = await import('#lib/server/http.ts');
const { operation } = await import('#lib/http/contract.ts');
const { bulkCartRoutes } = await import('#lib/server/cart/bulk.ts');
const { quotesRoutes } = await import('#lib/server/quotes/handlers.ts');

const budget = { name: 'test', burst: 3, perSecond: 2 };

beforeEach(() => resetBudgets());

describe('take', () => {
  test('grants the burst at once, then refuses with the seconds until a request is earned back', () => {
    expect([0, 1, 2].map(() => take(budget, 'a', 1000))).toEqual([0, 0, 0]);
    expect(take(budget, 'a', 1000)).toBe(1);
    // Half a second earns one request at two per second.
    expect(take(budget, 'a', 1500)).toBe(0);
    expect(take(budget, 'a', 1500)).toBe(1);
  });

  test('keeps clients and budgets apart', () => {
    for (let i = 0; i < 3; i++) take(budget, 'a', 0);
    expect(take(budget, 'a', 0)).toBeGreaterThan(0);
    expect(take(budget, 'b', 0)).toBe(0);
    expect(take({ ...budget, name: 'other' }, 'a', 0)).toBe(0);
  });

  test('never holds more than the burst however long a client was away', () => {
    take(budget, 'a', 0);
    const granted = Array.from({ length: 10 }, () => take(budget, 'a', 3_600_000)).filter((wait) => wait === 0);
    expect(granted).toHaveLength(3);
  });

  test('scales with RATE_LIMIT_SCALE, and 0 switches it off', () => {
    const doubled = Array.from({ length: 10 }, () => take(budget, 'a', 0, 2)).filter((wait) => wait === 0);
    expect(doubled).toHaveLength(6);
    expect(Array.from({ length: 100 }, () => take(budget, 'b', 0, 0)).every((wait) => wait === 0)).toBe(true);
  });

  test('beyond 50,000 clients the least recently seen is forgotten, and a refused request counts as seen', () => {
    for (let i = 0; i < 4; i++) take(budget, 'old', 0);
    for (let i = 0; i < 4; i++) take(budget, 'refused', 0);
    for (let i = 0; i < 49_998; i++) take(budget, `client-${i}`, 0);
    // 50,000 clients. Seen again and refused again: now the most recently seen.
    expect(take(budget, 'refused', 0)).toBeGreaterThan(0);
    take(budget, 'newcomer', 0);
    expect(take(budget, 'old', 0)).toBe(0); // forgotten: a full bucket again
    expect(take(budget, 'refused', 0)).toBeGreaterThan(0);
  });

  test('the shop budgets let a page view through many times over', () => {
    for (const b of Object.values(BUDGETS)) expect(b.burst).toBeGreaterThanOrEqual(b.perSecond * 3);
  });
});

describe('an endpoint with a budget', () => {
  const op = operation({
    method: 'POST',
    path: '/api/test',
    request: z.object({}).strict(),
    response: z.object({ ok: z.boolean() }),
    errors: [],
  });
  const handler = endpoint(op, async () => ({ ok: true }), { budget: { name: 'endpoint', burst: 2, perSecond: 1 } });
  const call = (clientAddress: string) => {
    const request = new Request('http://shop.test/api/test', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return handler({ request, clientAddress, url: new URL(request.url) } as unknown as APIContext) as Promise<Response>;
  };

  test('answers 429 in the error shape with Retry-After once the client spent it', async () => {
    expect((await call('198.51.100.7')).status).toBe(200);
    expect((await call('198.51.100.7')).status).toBe(200);
    const refused = await call('198.51.100.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', status: 429 });
    expect((await call('198.51.100.8')).status).toBe(200);
  });
});

describe("the quick order's preview (POST /api/cart/resolve-lines)", () => {
  // The budget is spent before the body is read: an empty body is refused (400) within the budget, and
  // the budget alone answers the request beyond it. Nothing here reaches the database.
  const routes = bulkCartRoutes({
    db: () => Promise.reject(new Error('no database in this test')),
    shopper: () => Promise.reject(new Error('no shopper in this test')),
    pricesVisible: async () => true,
    shopCurrency: () => 'EUR',
  } as never);
  const call = () => {
    const request = new Request('http://shop.test/api/cart/resolve-lines', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return routes.resolveLines({
      request,
      clientAddress: '203.0.113.9',
      url: new URL(request.url),
    } as unknown as APIContext) as Promise<Response>;
  };

  test(`spends the quick order budget: ${BUDGETS.quickOrder.burst} checks at once, then 429`, async () => {
    for (let i = 0; i < BUDGETS.quickOrder.burst; i++) expect((await call()).status).toBe(400);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});

describe('asking for a quote (POST /api/account/quotes/request)', () => {
  // Each request mails the shop's sales staff: the budget is spent before the session or the body is read.
  const routes = quotesRoutes({
    db: () => Promise.reject(new Error('no database in this test')),
    shopper: () => Promise.reject(new Error('no shopper in this test')),
  });
  const call = () => {
    const request = new Request('http://shop.test/api/account/quotes/request', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return routes.request({
      request,
      clientAddress: '203.0.113.10',
      url: new URL(request.url),
    } as unknown as APIContext);
  };

  test(`spends the quote budget: ${BUDGETS.quoteRequests.burst} requests at once, then 429`, async () => {
    for (let i = 0; i < BUDGETS.quoteRequests.burst; i++) expect((await call()).status).not.toBe(429);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});
