// Carts and wishlists are per user (issue 36, docs/accounts.md): two buyers of the acme company, each in a
// browser of their own, see only their own cart and wishlist in the drawers, priced on the company's
// price list, in German and English, on a 1366 px screen and a 390 px phone; axe and the Nu Html
// Checker are clean on what they see.
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import {
  BASE_URL,
  expect,
  expectNoA11yViolations,
  localePath,
  msg,
  newClient,
  preDecideConsent,
  test,
  type Locale,
  waitForIslands,
} from './helpers.ts';
import { htmlErrors } from './html-checker.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import type { Cart } from '#lib/cart/contract.ts';
import type { Wishlist } from '#lib/wishlist/rules.ts';

const P = DEMO_FIXTURES.products;
const { foreman1, foreman2 } = DEMO_FIXTURES.acmeUsers;
const SCREENS = {
  '1366 px': { viewport: { width: 1366, height: 900 } },
  '390 px': { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;

interface Buyer {
  page: Page;
  context: BrowserContext;
  /** What this buyer put in their cart and on their wishlist, by the names the shop answered. */
  cartName: string;
  wishName: string;
}

/** A browser of its own, signed in as `email`, its cart and wishlist holding just `cartSku` and `wishSku`. */
async function buyer(
  browser: Browser,
  screen: keyof typeof SCREENS,
  locale: Locale,
  email: string,
  skus: { cart: string; wish: string },
): Promise<Buyer> {
  const context = await browser.newContext({ ...SCREENS[screen], baseURL: BASE_URL });
  await preDecideConsent(context);
  const { request } = context;
  const login = await request.post('/api/auth/login', {
    data: { username: email, password: DEMO_FIXTURES.password },
    headers: newClient(),
  });
  expect(login.ok(), await login.text()).toBe(true);
  // Earlier runs (the other language, the other screen) left things behind: start from nothing.
  const old = ((await (await request.get('/api/cart/get')).json()) as { cart: Cart | null }).cart;
  if (old)
    expect((await request.post('/api/cart/delete', { data: { cartId: old.id, version: old.version } })).ok()).toBe(
      true,
    );
  const list = (await (await request.get('/api/wishlist')).json()) as Wishlist;
  for (const item of list.items) {
    expect((await request.delete('/api/wishlist/items', { data: { sku: item.product.sku } })).ok()).toBe(true);
  }
  const added = await request.post('/api/cart/add', { data: { sku: skus.cart, quantity: 2, locale } });
  expect(added.ok(), await added.text()).toBe(true);
  const cart = ((await added.json()) as { cart: Cart }).cart;
  const wished = await request.post('/api/wishlist/items', { data: { items: [{ sku: skus.wish }], locale } });
  expect(wished.ok(), await wished.text()).toBe(true);
  const wishlist = (await wished.json()) as Wishlist;
  const page = await context.newPage();
  await page.goto(localePath(locale, '/'));
  await waitForIslands(page, 20_000);
  return { page, context, cartName: cart.cartItems[0]!.name, wishName: wishlist.items[0]!.product.name };
}

/** Opens a drawer with the visible button that opens it (the header's on a wide screen, the bottom bar's on a phone). */
async function openDrawer(page: Page, locale: Locale, which: 'cart' | 'wishlist'): Promise<Locator> {
  await page.locator(`button[data-opens="${which}"]`).filter({ visible: true }).first().click();
  const drawer = page.getByRole('dialog', { name: msg(locale, which === 'cart' ? 'cart.title' : 'wishlist.title') });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function closeDrawer(page: Page, drawer: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

test.describe('carts and wishlists per user', () => {
  // Both screens and languages use the same two demo buyers: one after the other.
  test.describe.configure({ mode: 'serial' });

  for (const locale of ['de', 'en'] as const) {
    for (const screen of Object.keys(SCREENS) as (keyof typeof SCREENS)[]) {
      test(`${locale}, ${screen}: two buyers of one company each see their own cart and wishlist`, async ({
        browser,
      }) => {
        // Two browsers, four drawers and their axe scans: on a busy 2-core machine more than the default.
        test.slow();
        const one = await buyer(browser, screen, locale, foreman1.email, { cart: P.available, wish: P.free });
        const two = await buyer(browser, screen, locale, foreman2.email, { cart: P.limited, wish: P.specialPrice });
        try {
          for (const [me, colleague] of [
            [one, two],
            [two, one],
          ] as const) {
            const cart = await openDrawer(me.page, locale, 'cart');
            await expect(cart.locator('.cart-items > li')).toHaveCount(1);
            await expect(cart.getByText(me.cartName).first()).toBeVisible();
            await expect(cart.getByText(colleague.cartName)).toHaveCount(0);
            // The drawers are the same for both buyers: scanned once, in the first buyer's browser.
            if (me === one) await expectNoA11yViolations(me.page);
            await closeDrawer(me.page, cart);

            const wishlist = await openDrawer(me.page, locale, 'wishlist');
            await expect(wishlist.getByText(me.wishName).first()).toBeVisible();
            await expect(wishlist.getByText(colleague.wishName)).toHaveCount(0);
            if (me === one) await expectNoA11yViolations(me.page);
            await closeDrawer(me.page, wishlist);
          }
          // The company's contract price, for either buyer (acme pays 164.99 for the public 188.99).
          const priced = (await (await one.context.request.get('/api/cart/get')).json()) as { cart: Cart };
          expect(priced.cart.cartItems[0]!.price.special).toBe(164.99);

          const documents = new Map<string, string>();
          for (const b of [one, two]) {
            const url = localePath(locale, '/');
            const response = await b.context.request.get(url);
            expect(response.status(), url).toBe(200);
            documents.set(`${url} (${b === one ? foreman1.email : foreman2.email})`, await response.text());
          }
          const errors = await htmlErrors(documents);
          expect(errors.length, `Nu Html Checker found ${errors.length} error(s):\n${errors.join('\n')}`).toBe(0);
        } finally {
          await one.context.close();
          await two.context.close();
        }
      });
    }
  }
});
