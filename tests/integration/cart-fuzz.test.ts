// Malformed, oversized and unexpected requests against every cart endpoint's validation and handler:
// whatever a client sends, the answer is a coded 4xx (or a success), never a 5xx.
import fc from 'fast-check';
import { beforeAll, expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import {
  CookieJar,
  DEMO_FIXTURES,
  call,
  harness,
  seedFixtures,
  type Harness,
  type Operation,
} from '../helpers/cart-harness.ts';

const OPERATIONS: Operation[] = ['create', 'get', 'add', 'remove', 'quantity', 'coupon', 'delete'];
const KNOWN_FIELDS = new Set(['sku', 'quantity', 'accessories', 'version', 'cartId', 'locale', 'lineId', 'code']);
const P = DEMO_FIXTURES.products;
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** The body limit docs/errors.md promises (PAYLOAD_TOO_LARGE above it). */
const MAX_BODY_BYTES = 64 * 1024;

forEachDatabase('cart endpoints under fuzzing', (ctx) => {
  let h: Harness;
  let jar: CookieJar;
  let lineId: string;
  let cartId: string;

  beforeAll(async () => {
    await seedFixtures(ctx.db);
    h = harness(() => ctx.db);
    jar = new CookieJar();
    const added = await call(h, jar, 'add', { sku: P.available, quantity: 1, accessories: [...P.accessories] });
    lineId = added.body.cart!.cartItems[0]!.id;
    cartId = added.body.cart!.id;
  });

  const junk = () =>
    fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.string({ maxLength: 300 }),
      fc.integer(),
      fc.double({ noNaN: true }),
      fc.constantFrom(null, true, false, '', ' ', '0', '-1', '1e309', [], {}),
    );

  /** Bodies near the real contracts: each field valid, plausible or junk. */
  const nearlyValid = () =>
    fc
      .record(
        {
          sku: fc.oneof(
            fc.constantFrom(P.available, P.limited, P.variantParent, P.available.toLowerCase(), 'NOPE'),
            junk(),
          ),
          quantity: fc.oneof(fc.integer({ min: -3, max: 10_001 }), fc.constantFrom(0, 1, 9999, 1.5, -0), junk()),
          accessories: fc.oneof(
            fc.subarray([...P.accessories, P.limited, 'x'.repeat(65)]),
            fc.array(junk(), { maxLength: 30 }),
            junk(),
          ),
          version: fc.oneof(fc.integer({ min: -2, max: 60 }), fc.constant(2 ** 31), junk()),
          cartId: fc.oneof(fc.uuid(), fc.constant('__current__'), junk()),
          lineId: fc.oneof(fc.uuid(), fc.constant('__line__'), junk()),
          code: fc.oneof(fc.constantFrom('', 'WELCOME10', 'SAVE20', 'EXPIRED', 'x'.repeat(65)), junk()),
          locale: fc.oneof(fc.constantFrom('de', 'en', 'xx'), junk()),
        },
        { requiredKeys: [] },
      )
      .map((body) => {
        const resolved: Record<string, unknown> = { ...body };
        if (resolved.cartId === '__current__') resolved.cartId = cartId;
        if (resolved.lineId === '__line__') resolved.lineId = lineId;
        return resolved;
      });

  const requestInit = () =>
    fc.record({
      headers: fc.option(
        fc.record({
          'x-locale': fc.oneof(
            fc.constantFrom('en', 'fr'),
            fc.string({ maxLength: 20 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
          ),
        }),
        { nil: undefined },
      ),
      query: fc.option(fc.constantFrom('?locale=en', '?locale=zz', '?locale=', '?x=1'), { nil: undefined }),
    });

  test.each(OPERATIONS)('%s: nearly valid bodies never cause a 5xx', async (op) => {
    await fc.assert(
      fc.asyncProperty(nearlyValid(), requestInit(), fc.boolean(), async (body, init, fresh) => {
        const result = await call(h, fresh ? new CookieJar() : jar, op, body, init);
        expect(result.status, JSON.stringify({ body, result })).toBeLessThan(500);
        if (result.status >= 400) {
          expect(typeof result.body.code).toBe('string');
          expect(result.body.status).toBe(result.status);
        }
      }),
      { numRuns: RUNS },
    );
  });

  test.each(OPERATIONS)('%s: any unknown field (a price, a total, anything) is a 400', async (op) => {
    const extra = fc
      .dictionary(fc.string({ minLength: 1, maxLength: 20 }), fc.jsonValue({ maxDepth: 1 }), { minKeys: 1, maxKeys: 4 })
      .filter((d) => Object.keys(d).some((k) => !KNOWN_FIELDS.has(k)));
    const priced = fc.constantFrom(
      { price: 1 },
      { priceInfo: { regular: 0 } },
      { grandTotalIncTax: 0 },
      { totals: {} },
      { special: 0.01 },
    );
    await fc.assert(
      fc.asyncProperty(nearlyValid(), fc.oneof(extra, priced), async (body, more) => {
        const result = await call(h, jar, op, { ...body, ...more });
        expect(result.status, JSON.stringify({ body, more, result })).toBeGreaterThanOrEqual(400);
        expect(result.status).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });

  test.each(OPERATIONS)('%s: bodies that are not a JSON object are refused with a 4xx', async (op) => {
    const raw = fc.oneof(
      fc.string({ maxLength: 200 }).filter((s) => {
        try {
          JSON.parse(s);
          return false;
        } catch {
          return true;
        }
      }),
      fc
        .jsonValue({ maxDepth: 2 })
        .filter((v) => typeof v !== 'object' || v === null || Array.isArray(v))
        .map((v) => JSON.stringify(v)),
      fc.constantFrom(
        '{',
        '{"sku":',
        '\u0000',
        '{"quantity": 1e999}',
        '{"__proto__": {"quantity": 1}}',
        '{"constructor": {}}',
      ),
    );
    await fc.assert(
      fc.asyncProperty(raw, async (text) => {
        const result = await call(h, jar, op, undefined, { raw: text });
        expect(result.status, JSON.stringify({ text, result })).toBeGreaterThanOrEqual(400);
        expect(result.status).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });

  test.each(OPERATIONS)('%s: oversized bodies are 413 and a wrong content type 415', async (op) => {
    const big = await call(h, jar, op, { sku: 'x'.repeat(MAX_BODY_BYTES), quantity: 1 });
    expect([big.status, big.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const manyAccessories = await call(h, jar, op, {
      sku: P.available,
      quantity: 1,
      accessories: Array.from({ length: 5000 }, (_, i) => `A-${i}`),
    });
    expect(manyAccessories.status).toBeGreaterThanOrEqual(400);
    expect(manyAccessories.status).toBeLessThan(500);
    const form = await call(h, jar, op, undefined, {
      raw: 'sku=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
  });

  test('the fuzzing left the shopper cart consistent: one line per identity, quantities in range', async () => {
    const cart = (await call(h, jar, 'get', {})).body.cart;
    if (!cart) return;
    const keys = cart.cartItems.map((i) => `${i.sku}|${Object.keys(i.selectedAddtionalProducts).sort().join(',')}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const item of cart.cartItems) expect(item.quantity).toBeGreaterThanOrEqual(1);
    for (const item of cart.cartItems) expect(item.quantity).toBeLessThanOrEqual(9999);
  });
});
