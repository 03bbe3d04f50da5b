// Shared parts of the review moderation specs (editor-moderation.spec.ts and its phone twin): a
// shopper's review through the real API, the queue's texts, and the product page as a shopper gets it.
import type { BrowserContext, Page } from '@playwright/test';
import { moderationMessages, type ModerationStrings } from '#lib/admin/moderation-messages.ts';
import { fill } from '#lib/i18n/format.ts';
import { expect, localePath, msg } from './helpers.ts';
import { buy, postOk } from './shopper-purchase.ts';
import { startEditorShop, workspaceTest, type EditorShop, type WorkspaceLocale } from './editor-helpers.ts';

/**
 * A spec's shop of its own (PGlite: the workspace's writes run in the shop's process) and its `test`;
 * the spec's tests run in order, each building on the decisions before it.
 */
export function moderationSuite() {
  let shop: EditorShop;
  const test = workspaceTest(() => shop);
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  test.beforeAll(async () => {
    test.setTimeout(600_000);
    shop = await startEditorShop();
  });
  test.afterAll(async () => {
    await shop?.stop();
  });
  return { test, base: () => shop.base };
}

/** A moderation or audit page text in the workspace's language, placeholders filled. */
export function said(
  locale: WorkspaceLocale,
  key: keyof ModerationStrings,
  vars: Record<string, string | number> = {},
) {
  return fill(moderationMessages[locale][key], vars);
}

export interface SubmittedReview {
  title: string;
  body: string;
  /** The product page in the review's language. */
  productPath: string;
}

/**
 * A shopper buys `sku` and writes a review of it through POST /api/reviews/create, as the account's
 * form does; the product comes from My Reviews' "bought and not reviewed yet" list (newest first).
 */
export async function submitReview(
  shopper: BrowserContext,
  base: string,
  opts: { email: string; sku: string; locale: WorkspaceLocale; title: string },
): Promise<SubmittedReview> {
  const { email, sku, locale, title } = opts;
  await buy(shopper.request, base, email, sku);
  const page = await shopper.newPage();
  await page.goto(localePath(locale, '/my-account/my-reviews'));
  const link = page
    .getByRole('region', { name: msg(locale, 'reviews.toReview') })
    .getByRole('heading', { level: 3 })
    .first()
    .getByRole('link');
  const productPath = (await link.getAttribute('href'))!;
  const productId = Number(/\/p\/(\d+)\//.exec(productPath)?.[1]);
  const body = `${title}: first line.\nSecond line of the review.`;
  await postOk(shopper.request, `${base}/api/reviews/create`, { productId, rating: 4, title, body, locale });
  await page.close();
  return { title, body, productPath };
}

/** The product page's HTML as a shopper gets it (cached unless a publish event dropped it). */
export async function productHtml(shopper: BrowserContext, path: string): Promise<string> {
  const response = await shopper.request.get(path);
  expect(response.status()).toBe(200);
  return response.text();
}

/** One review in the queue: an article named by its title. */
export const queued = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
