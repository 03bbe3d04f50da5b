// Quote requests (issue 37, item 1) on PGlite and PostgreSQL, through the quote state changes and the
// order endpoint: a buyer asks on the cart, staff answer, the buyer accepts and the cart and the order
// carry the quoted price, once. An expired or declined quote's price is never ordered; a quote is its
// company's only (another company's is "not found"); a decision on a revised quote is refused.
import { afterEach, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { forEachDatabase } from '../helpers/databases.ts';
import { DEMO_FIXTURES, customerJar, newCompanyUser, testShopper, type CookieJar } from '../helpers/cart-harness.ts';
import { api, orderRequest, orderSuite, readyCart } from '../helpers/order-harness.ts';
import { quoteChanges } from '#lib/server/quotes/handlers.ts';
import { answerQuote } from '#lib/server/quotes/writes.ts';
import { readQuote } from '#lib/server/quotes/read.ts';
import { ApiError } from '#lib/server/http.ts';
import { backgroundSettled } from '#lib/server/mail/background.ts';
import { utcDay } from '#lib/quotes/rules.ts';
import type { Quote } from '#lib/quotes/contract.ts';
import type { Cart } from '#lib/cart/contract.ts';

const P = DEMO_FIXTURES.products;
const C = DEMO_FIXTURES.customers;
const DAY = 86_400_000;

forEachDatabase('quotes', (ctx) => {
  const h = orderSuite(ctx);
  const changes = quoteChanges({ db: async () => ctx.db, shopper: async (cookies) => testShopper(ctx.db, cookies) });
  const req = (jar: CookieJar) => {
    const url = new URL('http://localhost/api/account/quotes');
    return { request: new Request(url, { method: 'POST' }), url, cookies: jar.forRequest() };
  };
  type Step = 'request' | 'ask' | 'accept' | 'decline';
  /** One buyer step through its state change, as the endpoint and the page's form run it. */
  async function step(name: Step, jar: CookieJar, body: Record<string, unknown>): Promise<Quote> {
    const change = changes[name];
    const input = change.op.request.parse({ locale: 'en', ...body }) as never;
    const answer = (await change.handler(input, req(jar), undefined)) as { quote: Quote };
    return answer.quote;
  }
  async function refusal(promise: Promise<unknown>): Promise<string> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof ApiError) return error.code;
      throw error;
    }
    return 'none';
  }
  let staffId: number;
  const answer = (quote: Quote, cents: number, validUntil = utcDay(new Date(Date.now() + 30 * DAY))) =>
    answerQuote(
      ctx.db,
      { kind: 'staff', staffId, name: 'sales@shop.example' },
      {
        number: quote.number,
        version: quote.version,
        validUntil,
        message: 'Special price for you',
        prices: quote.lines.map((l) => ({ line: l.id, unitNetCents: cents })),
      },
      new Date(),
    );
  const cartOf = async (jar: CookieJar): Promise<Cart> =>
    (await api(h, jar, 'cart', 'get', { locale: 'en' })).body.cart!;
  const line = (cart: Cart) => cart.cartItems.find((l) => l.sku === P.available)!;

  let other: CookieJar;
  // Each step's mails go out in the background; they finish before the database closes.
  afterEach(backgroundSettled);
  beforeAll(async () => {
    other = await customerJar(ctx.db, C.normal.email);
    const staff = (await ctx.db.execute(
      sql`INSERT INTO staff_users (email, role) VALUES ('sales-quotes@shop.example', 'sales') RETURNING id`,
    )) as unknown as { rows: { id: number }[] };
    staffId = staff.rows[0]!.id;
  });

  /** A new acme buyer with a ready cart of 3 pieces, asked about, answered at `cents` a piece and accepted. */
  async function acceptedQuote(cents: number): Promise<{ jar: CookieJar; quote: Quote }> {
    const { jar } = await newCompanyUser(ctx.db, C.acme.email, 'buyer');
    await readyCart(h, jar, { sku: P.available, quantity: 3 });
    const asked = await step('request', jar, { comment: 'Three drills, please' });
    expect(asked).toMatchObject({ status: 'requested', totalNetCents: null });
    await answer(asked, cents);
    const quote = await step('accept', jar, { number: asked.number, version: asked.version + 1 });
    expect(quote.status).toBe('accepted');
    return { jar, quote };
  }
  /** acme's own price of the product, the list price a lapsed quote falls back to. */
  const LIST_CENTS = DEMO_FIXTURES.prices.available.acmeEUR;

  test('request → answer → accept: the cart and the order carry the quoted price, and only once', async () => {
    const { jar, quote } = await acceptedQuote(12_345);
    expect(quote.totalNetCents).toBe(37_035);
    const cart = await cartOf(jar);
    expect(line(cart)).toMatchObject({ quantity: 3, rowTotal: 370.35, quote: { number: quote.number, applies: true } });
    // The line says so in the cart's language, with the quote's last day.
    expect(line(cart).quote!.note).toMatch(new RegExp(`^Quoted price: quote ${quote.number}, valid until \\w+`));
    const placed = await api(h, jar, 'orders', 'create', orderRequest(cart));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const item = placed.body.order!.cartInfo.cartItems.find((l) => l.sku === P.available)!;
    expect(item).toMatchObject({ quantity: 3, rowTotal: 370.35, quote: { number: quote.number, applies: true } });
    const after = await readQuote(ctx.db, { staff: true }, quote.number, 'en', new Date());
    expect(after!.status).toBe('ordered');
    expect(after!.history.map((s) => s.kind)).toEqual(['request', 'answer', 'accept']);
    // Each step raised its webhook event with the quote's state after it.
    const events = (await ctx.db.execute(sql`
      SELECT type, payload->'data'->>'totalNetCents' AS total FROM outbox_events
      WHERE payload->'data'->>'number' = ${quote.number} ORDER BY created_at, id`)) as unknown as {
      rows: { type: string; total: string | null }[];
    };
    expect(events.rows.map((e) => e.type)).toEqual(['quote.requested', 'quote.answered', 'quote.accepted']);
    expect(events.rows.at(-1)!.total).toBe('37035');
    expect(await refusal(step('decline', jar, { number: quote.number, version: after!.version, comment: '' }))).toBe(
      'QUOTE_NOT_OPEN',
    );
  });

  test('an expired quote’s price is never ordered, and an expired answer cannot be accepted', async () => {
    const { jar, quote } = await acceptedQuote(100);
    await ctx.db.execute(sql`UPDATE quotes SET valid_until = current_date - 1 WHERE number = ${quote.number}`);
    const cart = await cartOf(jar);
    expect(line(cart)).toMatchObject({ quote: { number: quote.number, applies: false } });
    expect(line(cart).quote!.note).toBe(`Quote ${quote.number} no longer applies to this line: list price`);
    expect(line(cart).rowTotal).toBe((3 * LIST_CENTS) / 100);
    const placed = await api(h, jar, 'orders', 'create', orderRequest(cart));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.order!.cartInfo.cartItems[0]!.rowTotal).toBe((3 * LIST_CENTS) / 100);
    expect((await readQuote(ctx.db, { staff: true }, quote.number, 'en', new Date()))!.status).toBe('accepted');

    // An answer whose last day passed before the buyer accepted it.
    const { jar: late } = await newCompanyUser(ctx.db, C.acme.email, 'buyer');
    await readyCart(h, late, { sku: P.available, quantity: 2 });
    const asked = await step('request', late, { comment: '' });
    await answer(asked, 100, utcDay(new Date()));
    await ctx.db.execute(sql`UPDATE quotes SET valid_until = current_date - 1 WHERE number = ${asked.number}`);
    expect(await refusal(step('accept', late, { number: asked.number, version: asked.version + 1 }))).toBe(
      'QUOTE_EXPIRED',
    );
    expect(line(await cartOf(late)).quote).toBeNull();
  });

  test('a declined quote’s price is never ordered, even by a checkout that saw it', async () => {
    const { jar, quote } = await acceptedQuote(100);
    const seen = await cartOf(jar);
    expect(line(seen).rowTotal).toBe(3);
    await step('decline', jar, { number: quote.number, version: quote.version, comment: 'Too late' });
    const stale = await api(h, jar, 'orders', 'create', orderRequest(seen));
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('CART_OUTDATED_ERROR');
    const cart = await cartOf(jar);
    expect(line(cart)).toMatchObject({ quote: { applies: false } });
    const placed = await api(h, jar, 'orders', 'create', orderRequest(cart));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.order!.cartInfo.cartItems[0]!.rowTotal).toBe((3 * LIST_CENTS) / 100);
    expect((await readQuote(ctx.db, { staff: true }, quote.number, 'en', new Date()))!.status).toBe('declined');
  });

  test('a quote is its company’s only: another company finds none, reads none and decides none', async () => {
    const { quote } = await acceptedQuote(100);
    const decision = { number: quote.number, version: quote.version };
    expect(await refusal(step('accept', other, decision))).toBe('QUOTE_NOT_FOUND');
    for (const name of ['decline', 'ask'] as const)
      expect(await refusal(step(name, other, { ...decision, comment: 'x' }))).toBe('QUOTE_NOT_FOUND');
    const theirs = await readQuote(
      ctx.db,
      { customerId: (await testShopper(ctx.db, other.forRequest())).customerId! },
      quote.number,
      'en',
      new Date(),
    );
    expect(theirs).toBeNull();
    // A colleague of the same company reads it.
    const { jar: colleague } = await newCompanyUser(ctx.db, C.acme.email, 'viewer');
    const seen = await readQuote(
      ctx.db,
      { customerId: (await testShopper(ctx.db, colleague.forRequest())).customerId! },
      quote.number,
      'en',
      new Date(),
    );
    expect(seen?.number).toBe(quote.number);
    // …but a viewer may not decide.
    expect(
      await refusal(step('decline', colleague, { number: quote.number, version: quote.version, comment: '' })),
    ).toBe('PERMISSION_DENIED');
  });

  test('steps follow the quote’s life: stale versions, asking again, revising, a changed quantity', async () => {
    const { jar } = await newCompanyUser(ctx.db, C.acme.email, 'buyer');
    await readyCart(h, jar, { sku: P.available, quantity: 4 });
    const asked = await step('request', jar, { comment: '' });
    expect(await refusal(step('accept', jar, { number: asked.number, version: asked.version }))).toBe('QUOTE_NOT_OPEN');
    await answer(asked, 200);
    expect(await refusal(step('accept', jar, { number: asked.number, version: asked.version }))).toBe('QUOTE_CHANGED');
    const again = await step('ask', jar, {
      number: asked.number,
      version: asked.version + 1,
      comment: 'Can you do 1.50?',
    });
    expect(again.status).toBe('requested');
    await answer(again, 150);
    const accepted = await step('accept', jar, { number: asked.number, version: again.version + 1 });
    expect(accepted.totalNetCents).toBe(600);
    expect(accepted.history.map((s) => s.kind)).toEqual(['request', 'answer', 'ask', 'answer', 'accept']);
    // The price holds for the quoted quantity only.
    let cart = await cartOf(jar);
    expect(line(cart).rowTotal).toBe(6);
    cart = (await api(h, jar, 'cart', 'quantity', { lineId: line(cart).id, quantity: 5, version: cart.version })).body
      .cart!;
    expect(line(cart)).toMatchObject({ quote: { applies: false }, rowTotal: (5 * LIST_CENTS) / 100 });
    cart = (await api(h, jar, 'cart', 'quantity', { lineId: line(cart).id, quantity: 4, version: cart.version })).body
      .cart!;
    expect(line(cart)).toMatchObject({ quote: { applies: true }, rowTotal: 6 });
    // Staff cannot revise an accepted quote; a request from an empty cart is refused.
    expect(await refusal(answer(accepted, 1))).toBe('QUOTE_NOT_OPEN');
    const { jar: empty } = await newCompanyUser(ctx.db, C.acme.email, 'buyer');
    expect(await refusal(step('request', empty, { comment: '' }))).toBe('QUOTE_EMPTY');
  });

  test('a quote asked about a list takes the list’s lines; a list the asker does not see is not found', async () => {
    const list = DEMO_FIXTURES.acmeSharedList;
    const { jar } = await newCompanyUser(ctx.db, C.acme.email, 'buyer');
    const asked = await step('request', jar, { comment: 'For the site', list: list.id });
    expect(asked.lines.map((l) => [l.sku, l.quantity])).toEqual(list.lines.map((l) => [l.sku, l.quantity]));
    // The asker's cart played no part.
    expect((await cartOf(jar))?.cartItems ?? []).toEqual([]);
    expect(await refusal(step('request', other, { comment: '', list: list.id }))).toBe('REQUISITION_LIST_NOT_FOUND');
  });
});
