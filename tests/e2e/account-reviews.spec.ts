// Product reviews from the customer's side, in en and de: a demo customer buys a product, writes a
// review in My Reviews (a radio group of stars, title, text), sees it waiting for moderation; the
// moderation command publishes it and the product page, already cached, shows it with the new average
// on the next request; an edit takes it back to moderation (and off the page), and it can be deleted.
//
// Moderation runs in another process than the shop (the `npm run reviews` command), which only works
// with a shared database: this spec runs its own shop instance on a throwaway PostgreSQL, built into
// the same folder as the suite's test server (so no second build when the sources are unchanged).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { expect, expectNoA11yViolations, localePath, msg, msgPlural, test, type Locale } from './helpers.ts';
import { htmlErrors } from './html-checker.ts';
import { buy as buyOnce, postOk } from './shopper-purchase.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { startPostgres, type PostgresServer } from '#tests/helpers/postgres.ts';
import {
  buildTestShop,
  seedPostgres,
  startShopInstance,
  type ShopInstance,
  TEST_BUILD_DIR,
} from '#tests/helpers/shop-instance.ts';

const run = promisify(execFile);
const C = DEMO_FIXTURES.customers;
const P = DEMO_FIXTURES.products;
const MY_REVIEWS = '/my-account/my-reviews';

let postgres: PostgresServer;
let shop: ShopInstance;
let sql: pg.Pool;
let base: string;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  const [cluster] = await Promise.all([startPostgres(), buildTestShop(TEST_BUILD_DIR)]);
  postgres = cluster;
  await seedPostgres(postgres.url, 120);
  shop = await startShopInstance({ outDir: TEST_BUILD_DIR, databaseUrl: postgres.url });
  // localhost, not 127.0.0.1: the session cookies are Secure except on localhost.
  base = `http://localhost:${shop.port}`;
  sql = new pg.Pool({ connectionString: postgres.url, max: 2 });
});

test.afterAll(async () => {
  await sql?.end();
  await shop?.stop();
  await postgres?.stop();
});

async function post(page: Page, path: string, data: unknown): Promise<Record<string, unknown>> {
  return postOk(page.request, `${base}${path}`, data);
}

const buy = (page: Page, email: string, sku: string) => buyOnce(page.request, base, email, sku);

/** `npm run reviews -- <args>` against the spec's database, as a moderator would run it. */
async function moderate(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [resolve(import.meta.dirname, '../../scripts/reviews.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: postgres.url, LOG_LEVEL: 'warn' },
  });
  return stdout;
}

async function reviewId(email: string, sku: string): Promise<string> {
  const { rows } = await sql.query<{ id: string }>(
    `SELECT r.id FROM reviews r JOIN customers c ON c.id = r.customer_id
    JOIN products p ON p.id = r.product_id WHERE c.email = $1 AND p.sku = $2`,
    [email, sku],
  );
  return rows[0]!.id;
}

async function html(page: Page, path: string): Promise<string> {
  return (await page.request.get(`${base}${path}`)).text();
}

const CASES: { locale: Locale; email: string; sku: string }[] = [
  // The demo's drill driver already has two published reviews (4.5); acme's buyer adds a third.
  { locale: 'en', email: C.acme.email, sku: P.available },
  { locale: 'de', email: C.normal.email, sku: P.accessories[1]! },
];

for (const { locale, email, sku } of CASES) {
  test(`${locale}: a buyer reviews a product, moderation publishes it onto the product page, then edits and deletes it`, async ({
    page,
  }) => {
    await buy(page, email, sku);
    await page.goto(`${base}${localePath(locale, MY_REVIEWS)}`);
    await expect(page.getByRole('heading', { level: 1, name: msg(locale, 'account.MyReviews') })).toBeVisible();
    const open = page
      .getByRole('region', { name: msg(locale, 'reviews.toReview') })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3 }) })
      .first();
    const productLink = open.getByRole('heading', { level: 3 }).getByRole('link');
    const name = (await productLink.textContent())!.trim();
    const productUrl = (await productLink.getAttribute('href'))!;

    // The product page is rendered and cached before the review exists.
    const before = await html(page, productUrl);
    const countBefore = Number(/"reviewCount":(\d+)/.exec(before)?.[1] ?? 0);

    await open.getByText(msg(locale, 'reviews.write')).click();
    const stars = open.getByRole('group', { name: msg(locale, 'reviews.rating') });
    await stars.getByRole('radio', { name: msgPlural(locale, 'reviews.stars', 4) }).check();
    await open.getByLabel(msg(locale, 'reviews.title')).fill(`Sturdy <b>tool</b> ${locale}`);
    await open.getByLabel(msg(locale, 'reviews.body')).fill('Does the job.\nSecond line.');
    await expectNoA11yViolations(page);
    await open.getByRole('button', { name: msg(locale, 'reviews.submit') }).click();

    await expect(page.getByRole('status')).toHaveText(msg(locale, 'reviews.done.created'));
    const mine = page
      .getByRole('region', { name: msg(locale, 'reviews.mine') })
      .getByRole('listitem')
      .filter({ hasText: name });
    await expect(mine).toContainText(msg(locale, 'reviews.status.pending'));
    // Typed markup is text.
    await expect(mine).toContainText(`Sturdy <b>tool</b> ${locale}`);
    await expectNoA11yViolations(page);
    const account = await html(page, localePath(locale, MY_REVIEWS));

    // Pending: not on the product page.
    expect(await html(page, productUrl)).not.toContain(`Sturdy &lt;b&gt;tool&lt;/b&gt; ${locale}`);

    const id = await reviewId(email, sku);
    expect(await moderate('list', '--pending')).toContain(id);
    expect(await moderate('publish', id)).toContain('published');

    // The next request renders the page again (the instance heard the publish event): review, average, JSON-LD.
    await expect
      .poll(async () => (await html(page, productUrl)).includes(`Sturdy &lt;b&gt;tool&lt;/b&gt; ${locale}`), {
        timeout: 10_000,
      })
      .toBe(true);
    await page.goto(`${base}${productUrl}`);
    const reviews = page.getByRole('region', { name: msg(locale, 'reviews.heading') });
    await expect(
      reviews.getByRole('heading', { level: 3 }).filter({ hasText: `Sturdy <b>tool</b> ${locale}` }),
    ).toBeVisible();
    await expect(reviews).toContainText(msgPlural(locale, 'reviews.count', countBefore + 1));
    const product = await html(page, productUrl);
    const ld = [...product.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
      .find((d) => d['@type'] === 'Product')!;
    expect(ld.aggregateRating).toMatchObject({ reviewCount: countBefore + 1, bestRating: 5, worstRating: 1 });
    expect((ld.review as { name: string }[]).map((r) => r.name)).toContain(`Sturdy <b>tool</b> ${locale}`);
    await expectNoA11yViolations(page);
    expect(
      await htmlErrors(
        new Map([
          [`my reviews ${locale}`, account],
          [`product ${locale}`, product],
        ]),
      ),
    ).toEqual([]);

    // Published in the account; an edit sends it back to moderation and off the product page.
    await page.goto(`${base}${localePath(locale, MY_REVIEWS)}`);
    await expect(mine).toContainText(msg(locale, 'reviews.status.published'));
    await mine.getByText(msg(locale, 'reviews.edit')).click();
    await mine.getByLabel(msg(locale, 'reviews.title')).fill(`Edited ${locale}`);
    await mine.getByRole('button', { name: msg(locale, 'reviews.save') }).click();
    await expect(page.getByRole('status')).toHaveText(msg(locale, 'reviews.done.updated'));
    await expect(mine).toContainText(msg(locale, 'reviews.status.pending'));
    await expect(mine).toContainText(`Edited ${locale}`);
    expect(await html(page, productUrl)).not.toContain(`Sturdy &lt;b&gt;tool&lt;/b&gt; ${locale}`);

    // Deleted: gone from the list, and the product is back among those to review.
    await mine.getByRole('button', { name: new RegExp(msg(locale, 'reviews.delete')) }).click();
    await expect(page.getByRole('status')).toHaveText(msg(locale, 'reviews.done.deleted'));
    await expect(
      page.getByRole('region', { name: msg(locale, 'reviews.mine') }).getByText(`Edited ${locale}`),
    ).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: msg(locale, 'reviews.toReview') }).getByRole('link', { name }),
    ).toBeVisible();
  });
}

test('a refused form comes back (422) with what was typed and the problem next to its field; a non-buyer is told why', async ({
  page,
}) => {
  await post(page, '/api/auth/login', { username: C.excludeTax.email, password: DEMO_FIXTURES.password });
  const { rows } = await sql.query<{ id: number }>('SELECT id FROM products WHERE sku = $1', [P.free]);
  const form = (fields: Record<string, string>) =>
    page.request.post(`${base}/en${MY_REVIEWS}`, { form: fields, headers: { origin: base } });
  const notBought = await form({
    action: 'create',
    productId: String(rows[0]!.id),
    rating: '5',
    title: 'Great',
    body: 'Fine.',
  });
  expect(notBought.status()).toBe(422);
  expect(await notBought.text()).toContain(msg('en', 'reviews.error.REVIEW_NOT_ALLOWED'));

  await buy(page, C.excludeTax.email, P.free);
  const invalid = await form({
    action: 'create',
    productId: String(rows[0]!.id),
    rating: '',
    title: 'Kept title',
    body: 'x'.repeat(4001),
  });
  expect(invalid.status()).toBe(422);
  await page.setContent(await invalid.text());
  const item = page
    .getByRole('region', { name: msg('en', 'reviews.toReview') })
    .getByRole('listitem')
    .filter({ has: page.locator('details[open]') });
  await expect(item.getByLabel(msg('en', 'reviews.title'))).toHaveValue('Kept title');
  await expect(item.getByLabel(msg('en', 'reviews.body'))).toHaveAccessibleDescription(
    new RegExp(msg('en', 'reviews.error.tooLong', { max: 4000 })),
  );
  await expect(item.getByRole('group', { name: msg('en', 'reviews.rating') })).toHaveAccessibleDescription(
    msg('en', 'reviews.error.rating'),
  );
  await expect(item.getByRole('alert')).toHaveText(msg('en', 'reviews.error.fields'));
});
