// Product reviews through the real review endpoints, on PGlite and PostgreSQL: only a customer whose
// confirmed order holds the product may review it, once; an edit goes back to moderation; another
// customer's review is the same 404 as none; only published reviews (and their average) reach the
// product page's data; moderation and a customer's change of a published review publish the product.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import { CUSTOMER_COOKIE, CookieJar, DEMO_FIXTURES, callHandler, customerJar } from '../helpers/cart-harness.ts';
import { api, ok, orderRequest, orderSuite, readyCart } from '../helpers/order-harness.ts';
import { reviewRoutes } from '#lib/server/reviews/handlers.ts';
import { moderateReview } from '#lib/server/reviews/service.ts';
import { publishedSummary } from '#lib/server/reviews/queries.ts';
import { onPublished, type Invalidation } from '#lib/server/publish/index.ts';
import { reviewJsonLd } from '#lib/reviews/rules.ts';
import { rows } from '../helpers/raw-rows.ts';

const P = DEMO_FIXTURES.products;
const C = DEMO_FIXTURES.customers;

type Answer = {
  status: number;
  body: {
    review?: { id: string; status: string; productId: number; title: string };
    id?: string;
    code?: string;
    message?: string;
  };
};

forEachDatabase('reviews', (ctx) => {
  const h = orderSuite(ctx);
  const routes = reviewRoutes({
    db: async () => ctx.db,
    customerId: async (cookies) => cookies.get(CUSTOMER_COOKIE)?.value ?? null,
  });
  const call = (jar: CookieJar, op: keyof typeof routes, body: unknown) =>
    callHandler<Answer['body']>(routes[op], jar, `/api/reviews/${op}`, body);
  const content = { rating: 4, title: 'Good tool', body: 'Works as promised.\nWould buy again.' };

  const productId = async (sku: string) =>
    Number((await rows<{ id: number }>(ctx.db, sql`SELECT id FROM products WHERE sku = ${sku}`))[0]!.id);

  /** An invoice order of one line by the customer of `jar`; confirmed unless told otherwise. */
  async function buy(jar: CookieJar, sku: string, confirm = true): Promise<void> {
    const cart = await readyCart(h, jar, { sku });
    const { order } = await ok(api(h, jar, 'orders', 'create', orderRequest(cart)));
    if (confirm) await ok(api(h, jar, 'orders', 'confirm', { id: order!.id }));
  }

  const published: Invalidation[] = [];
  let unsubscribe: () => void = () => {};
  beforeAll(() => {
    unsubscribe = onPublished((invalidation) => {
      published.push(invalidation);
    });
  });
  afterAll(() => unsubscribe());
  const droppedTags = () => published.flatMap((i) => (i.all ? ['*'] : i.tags));

  test('the demo seed holds published reviews of fixture products and one waiting', async () => {
    const counts = await rows<{ status: string; n: number }>(
      ctx.db,
      sql`SELECT status, count(*)::int AS n FROM reviews r
      JOIN customers c ON c.id = r.customer_id WHERE r.created_at < '2026-01-02' GROUP BY status ORDER BY status`,
    );
    expect(counts.map((c) => [c.status, Number(c.n)])).toEqual([
      ['pending', 1],
      ['published', 5],
    ]);
    const summary = await publishedSummary(ctx.db, [await productId(P.available)]);
    expect(summary?.count).toBe(2);
    expect(new Set(summary?.reviews.map((r) => r.locale))).toEqual(new Set(['de', 'en']));
  });

  test('only a customer whose confirmed order holds the product may review it; a guest is 401', async () => {
    const jar = await customerJar(ctx.db, C.acme.email);
    const id = await productId(P.markedInStock);
    const refused = await call(jar, 'create', { productId: id, ...content });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('REVIEW_NOT_ALLOWED');
    // An order still waiting for its payment is no purchase.
    await buy(jar, P.markedInStock, false);
    expect((await call(jar, 'create', { productId: id, ...content })).body.code).toBe('REVIEW_NOT_ALLOWED');
    await buy(jar, P.markedInStock);
    const created = await call(jar, 'create', { productId: id, ...content, locale: 'en' });
    expect(created.status).toBe(201);
    expect(created.body.review).toMatchObject({ productId: id, status: 'pending', title: 'Good tool' });
    expect((await call(new CookieJar(), 'create', { productId: id, ...content })).status).toBe(401);
    // A buyer of one product may not review another one.
    expect((await call(jar, 'create', { productId: await productId(P.free), ...content })).body.code).toBe(
      'REVIEW_NOT_ALLOWED',
    );
  });

  test('one review per customer and product: a second one is REVIEW_EXISTS and changes nothing', async () => {
    const jar = await customerJar(ctx.db, C.normal.email);
    await buy(jar, P.accessories[0]!);
    const id = await productId(P.accessories[0]!);
    const first = await call(jar, 'create', { productId: id, ...content });
    expect(first.status).toBe(201);
    const second = await call(jar, 'create', { productId: id, ...content, title: 'Another one' });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('REVIEW_EXISTS');
    const stored = await rows<{ title: string }>(
      ctx.db,
      sql`SELECT r.title FROM reviews r JOIN customers c ON c.id = r.customer_id
      WHERE r.product_id = ${id} AND c.email = ${C.normal.email}`,
    );
    expect(stored.map((r) => r.title)).toEqual(['Good tool']);
  });

  test('strict contract: bad ratings, empty or overlong texts, control characters and unknown fields are refused', async () => {
    const jar = await customerJar(ctx.db, C.normal.email);
    const productIdOk = await productId(P.accessories[0]!);
    const bad = [
      { productId: productIdOk, ...content, rating: 0 },
      { productId: productIdOk, ...content, rating: 6 },
      { productId: productIdOk, ...content, rating: 4.5 },
      { productId: productIdOk, ...content, title: '   ' },
      { productId: productIdOk, ...content, title: 'x'.repeat(121) },
      { productId: productIdOk, ...content, body: 'x'.repeat(4001) },
      { productId: productIdOk, ...content, title: 'bell\u0007' },
      { productId: productIdOk, ...content, body: 'nul\u0000' },
      { productId: productIdOk, ...content, status: 'published' },
    ];
    for (const body of bad) expect((await call(jar, 'create', body)).status, JSON.stringify(body)).toBe(400);
    // Markup is text: stored as typed, escaped wherever it is shown.
    const mine = (
      await rows<{ id: string }>(
        ctx.db,
        sql`SELECT r.id FROM reviews r JOIN customers c ON c.id = r.customer_id
      WHERE r.product_id = ${productIdOk} AND c.email = ${C.normal.email}`,
      )
    )[0]!.id;
    const updated = await call(jar, 'update', {
      id: mine,
      ...content,
      title: '<b>bold</b>',
      body: 'line one\r\nline two',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.review?.title).toBe('<b>bold</b>');
    expect((updated.body.review as unknown as { body: string }).body).toBe('line one\nline two');
  });

  test('an edit goes back to moderation and off the product page; a published one publishes the product', async () => {
    const jar = await customerJar(ctx.db, C.excludeTax.email);
    await buy(jar, P.accessories[1]!);
    const id = await productId(P.accessories[1]!);
    const { review } = (await call(jar, 'create', { productId: id, ...content, rating: 2 })).body;
    expect(await publishedSummary(ctx.db, [id])).toBeNull();
    published.length = 0;
    await moderateReview(ctx.db, review!.id, { status: 'published' });
    expect(droppedTags()).toContain(`p:${id}`);
    expect((await publishedSummary(ctx.db, [id]))?.reviews.map((r) => r.id)).toEqual([review!.id]);

    published.length = 0;
    const edited = await call(jar, 'update', { id: review!.id, ...content, rating: 5, title: 'Better than I thought' });
    expect(edited.status).toBe(200);
    expect(edited.body.review).toMatchObject({ status: 'pending', title: 'Better than I thought' });
    const [row] = await rows<{ status: string; moderated_at: unknown }>(
      ctx.db,
      sql`SELECT status, moderated_at FROM reviews WHERE id = ${review!.id}`,
    );
    expect(row).toEqual({ status: 'pending', moderated_at: null });
    expect(droppedTags()).toContain(`p:${id}`);
    expect(await publishedSummary(ctx.db, [id])).toBeNull();
  });

  test("another customer's review is the same 404 as an unknown one, on update and delete; nothing changes", async () => {
    const owner = await customerJar(ctx.db, C.acme.email);
    const [mine] = await rows<{ id: string; title: string }>(
      ctx.db,
      sql`SELECT r.id, r.title FROM reviews r JOIN customers c ON c.id = r.customer_id
      WHERE c.email = ${C.acme.email} ORDER BY r.created_at DESC LIMIT 1`,
    );
    const other = await customerJar(ctx.db, C.normal.email);
    for (const op of ['update', 'delete'] as const) {
      const body = op === 'update' ? { id: mine!.id, ...content, title: 'Hijacked' } : { id: mine!.id };
      const refused = await call(other, op, body);
      const unknown = await call(other, op, { ...body, id: randomUUID() });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual(unknown.body);
      expect(refused.body.code).toBe('REVIEW_NOT_FOUND');
    }
    expect(
      (await rows<{ title: string }>(ctx.db, sql`SELECT title FROM reviews WHERE id = ${mine!.id}`))[0]?.title,
    ).toBe(mine!.title);
    // The owner may delete it; deleting again is a 404.
    expect((await call(owner, 'delete', { id: mine!.id })).status).toBe(200);
    expect((await call(owner, 'delete', { id: mine!.id })).status).toBe(404);
  });

  test('the product page gets only published reviews, newest first, their count and average, and the JSON-LD for them', async () => {
    const id = await productId(P.free);
    const buyers = [C.normal.email, C.acme.email, C.excludeTax.email];
    const ids: string[] = [];
    for (const [i, email] of buyers.entries()) {
      const jar = await customerJar(ctx.db, email);
      await buy(jar, P.free);
      ids.push(
        (await call(jar, 'create', { productId: id, ...content, rating: [5, 4, 1][i]!, title: `Review ${i}` })).body
          .review!.id,
      );
    }
    await moderateReview(ctx.db, ids[0]!, { status: 'published' });
    await moderateReview(ctx.db, ids[1]!, { status: 'published' });
    await moderateReview(ctx.db, ids[2]!, { status: 'rejected', reason: 'Off topic.' });
    const summary = await publishedSummary(ctx.db, [id]);
    expect(summary).toMatchObject({ count: 2, average: 4.5 });
    expect(summary!.reviews.map((r) => r.title)).toEqual(['Review 1', 'Review 0']);
    // First name and the initial of the last name only.
    expect(summary!.reviews.map((r) => r.author).sort()).toEqual(['Laura B.', 'Max M.']);
    const ld = reviewJsonLd(summary) as {
      aggregateRating: object;
      review: { author: { name: string }; reviewRating: { ratingValue: number } }[];
    };
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    expect(ld.review.map((r) => r.reviewRating.ratingValue)).toEqual([4, 5]);
    expect(reviewJsonLd(null)).toEqual({});
    // A rejected review can still be published; then the average includes it.
    await moderateReview(ctx.db, ids[2]!, { status: 'published' });
    expect(await publishedSummary(ctx.db, [id])).toMatchObject({ count: 3, average: 3.3 });
  });
});

describe('reviewJsonLd', () => {
  test('carries nothing without a published review', () => {
    expect(reviewJsonLd({ count: 0, average: 0, reviews: [] })).toEqual({});
  });
});
