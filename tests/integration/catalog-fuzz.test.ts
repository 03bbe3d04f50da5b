// Every catalogue endpoint answers malformed, oversized and unknown-field bodies with a 4xx JSON
// error in the one shape { code, message, status } — never a 5xx (DESIGN.md convention 8).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { APIContext, APIRoute } from 'astro';

process.env.DATA_DIR = 'memory://';
delete process.env.DATABASE_URL;

const db = await import('#lib/server/db/index.ts');
const { seedDemoData } = await import('#lib/server/demo/index.ts');
const ENDPOINTS: Record<string, APIRoute> = {
  prices: (await import('../../src/pages/api/catalog/prices.ts')).POST,
  products: (await import('../../src/pages/api/catalog/products.ts')).POST,
  filters: (await import('../../src/pages/api/catalog/filters.ts')).POST,
  search: (await import('../../src/pages/api/catalog/search.ts')).POST,
  categories: (await import('../../src/pages/api/catalog/categories.ts')).POST,
};

async function call(handler: APIRoute, body: string, contentType = 'application/json') {
  const request = new Request('http://localhost/api', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });
  const response = await handler({
    request,
    cookies: { get: () => undefined },
    url: new URL(request.url),
  } as unknown as APIContext);
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const junk = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom('skus', 'keyword', 'catId', 'filters', 'limit', 'offset', 'locale', 'slug', 'sort', 'extra'),
    fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ maxLength: 500 }), fc.integer(), fc.double()),
  ),
);

beforeAll(async () => {
  const database = await db.database();
  await database.migrate();
  await seedDemoData(database.db, { products: 20 });
});

afterAll(async () => {
  await db.closeDatabase();
});

describe.each(Object.entries(ENDPOINTS))('/api/catalog/%s', (_name, handler) => {
  test('random JSON bodies never give a 5xx; errors have the one shape', async () => {
    await fc.assert(
      fc.asyncProperty(junk, async (body) => {
        const { status, json } = await call(handler, JSON.stringify(body));
        expect(status).toBeLessThan(500);
        if (status >= 400)
          expect(json).toMatchObject({ code: expect.any(String), message: expect.any(String), status });
      }),
      { numRuns: 60 },
    );
  });

  test('broken JSON, a wrong content type and an oversized body are 4xx', async () => {
    expect((await call(handler, '{"skus": [')).status).toBe(400);
    expect((await call(handler, '{}', 'text/plain')).status).toBe(415);
    expect((await call(handler, JSON.stringify({ keyword: 'x'.repeat(70_000) }))).status).toBe(413);
  });

  test('unknown fields are rejected, not ignored', async () => {
    const { status, json } = await call(
      handler,
      JSON.stringify({ skus: ['A'], keyword: 'a', catId: 1, slug: 'a', unexpected: true }),
    );
    expect(status).toBe(400);
    expect(json.code).toBe('VALIDATION_FAILED');
  });
});
