// The newsletter's double opt-in and the loyalty card, as a signed-in demo customer in en and de:
// subscribe on the account page, open the link the shop really mailed, confirm with one click, see the
// subscription, unsubscribe; the spent link then says so. The loyalty card shows the customer number
// as a barcode image named by the number, and the number in digits.
import type { Page } from '@playwright/test';
import { absolute, expect, expectNoA11yViolations, localePath, msg, test, type Locale } from './helpers.ts';
import { openMailbox } from './mailbox.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

const C = DEMO_FIXTURES.customers;
const NEWSLETTER = '/my-account/my-newsletter';
const LINK = /https?:\/\/\S+\/newsletter\/confirm\?token=[^\s<>"]+/;

async function signIn(page: Page, email: string): Promise<void> {
  const response = await page.request.post('/api/auth/login', {
    data: { username: email, password: DEMO_FIXTURES.password },
  });
  expect(response.ok()).toBe(true);
}

// One customer per language, so the two tests can run side by side without sharing a subscription.
const CASES: { locale: Locale; customer: { email: string; customernum: string } }[] = [
  { locale: 'en', customer: C.normal },
  { locale: 'de', customer: C.acme },
];

test.describe('account: newsletter', () => {
  for (const { locale, customer } of CASES) {
    test(`${locale}: subscribe, confirm through the mailed link, see it, unsubscribe`, async ({ page }) => {
      const mailbox = await openMailbox();
      try {
        await signIn(page, customer.email);
        // A rerun against the same shop starts from "not subscribed" (unsubscribing is immediate).
        expect((await page.request.post('/api/account/newsletter', { data: { action: 'unsubscribe' } })).ok()).toBe(
          true,
        );

        const response = await page.goto(localePath(locale, NEWSLETTER));
        expect(response?.headers()['cache-control']).toBe('private, no-store');
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
        await expect(page.getByRole('heading', { level: 1, name: msg(locale, 'account.MyNewsletter') })).toBeVisible();
        const nav = page.getByRole('navigation', { name: msg(locale, 'route.MyAccount') });
        await expect(nav.getByRole('link', { name: msg(locale, 'account.MyNewsletter') })).toHaveAttribute(
          'aria-current',
          'page',
        );
        // The consent text the subscription will record, with the customer's address in it.
        await expect(page.locator('#newsletter-consent')).toContainText(customer.email);
        await expectNoA11yViolations(page);

        await page.getByRole('button', { name: msg(locale, 'newsletter.subscribe') }).click();
        await expect(page).toHaveURL(absolute(`${localePath(locale, NEWSLETTER)}?notice=sent`));
        await expect(page.getByRole('status')).toHaveText(
          msg(locale, 'newsletter.notice.sent', { email: customer.email, hours: 72 }),
        );
        await expect(page.getByText(msg(locale, 'newsletter.status.pending', { email: customer.email }))).toBeVisible();

        const mail = await mailbox.waitFor(customer.email, LINK);
        const link = new URL(LINK.exec(mail.text)![0]);
        expect(link.pathname).toBe(localePath(locale, '/newsletter/confirm'));
        // Opening the link (as a mail scanner would) confirms nothing yet: it asks for the click.
        const opened = await page.goto(`${link.pathname}${link.search}`);
        expect(opened?.headers()['cache-control']).toBe('private, no-store');
        // The token stays on the page: the origin only, never the path or query (src/lib/server/security-headers.ts).
        expect(opened?.headers()['referrer-policy']).toBe('strict-origin');
        await expect(
          page.getByRole('heading', { level: 1, name: msg(locale, 'newsletter.confirm.title') }),
        ).toBeVisible();
        await expect(page.getByText(msg(locale, 'newsletter.confirm.intro', { email: customer.email }))).toBeVisible();
        await expectNoA11yViolations(page);
        await page.getByRole('button', { name: msg(locale, 'newsletter.confirm.button') }).click();
        await expect(page.getByRole('status')).toHaveText(msg(locale, 'newsletter.confirm.done'));

        await page.getByRole('link', { name: msg(locale, 'newsletter.confirm.toAccount') }).click();
        await expect(page).toHaveURL(absolute(localePath(locale, NEWSLETTER)));
        const status = page.locator('.newsletter-status');
        await expect(status).toHaveAttribute('data-status', 'subscribed');
        await expect(status).toContainText(customer.email);
        await expect(page.getByRole('button', { name: msg(locale, 'newsletter.subscribe') })).toHaveCount(0);

        await page.getByRole('button', { name: msg(locale, 'newsletter.unsubscribe') }).click();
        await expect(page.getByRole('status')).toHaveText(msg(locale, 'newsletter.notice.unsubscribed'));
        await expect(status).toHaveAttribute('data-status', 'unsubscribed');
        await expect(page.getByRole('button', { name: msg(locale, 'newsletter.subscribe') })).toBeVisible();

        // The spent link says so and subscribes nobody again.
        const again = await page.goto(`${link.pathname}${link.search}`);
        expect(again?.status()).toBe(400);
        await expect(page.getByRole('alert')).toHaveText(msg(locale, 'newsletter.confirm.invalid'));
        await expect(page.getByRole('button', { name: msg(locale, 'newsletter.confirm.button') })).toHaveCount(0);
      } finally {
        await mailbox.close();
      }
    });
  }
});

test.describe('account: loyalty card', () => {
  for (const { locale, customer } of CASES) {
    test(`${locale}: the customer number as a barcode image and in digits, with the name`, async ({ page }) => {
      await signIn(page, customer.email);
      const response = await page.goto(localePath(locale, '/my-account/loyalty-card'));
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      await expect(page.getByRole('heading', { level: 1, name: msg(locale, 'account.LoyaltyCard') })).toBeVisible();
      const barcode = page.getByRole('img', {
        name: msg(locale, 'loyalty.barcodeLabel', { number: customer.customernum }),
      });
      await expect(barcode).toBeVisible();
      expect(await barcode.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
      // Start, one symbol per digit, checksum, stop: 3 bars each, the stop 4.
      await expect(barcode.locator('g rect')).toHaveCount(3 * (customer.customernum.length + 2) + 4);
      const box = await barcode.boundingBox();
      expect(box!.width).toBeGreaterThan(150);
      await expect(page.locator('.loyalty-number')).toContainText(customer.customernum);
      await expect(page.getByRole('button', { name: msg(locale, 'loyalty.print') })).toBeVisible();
      await expectNoA11yViolations(page);
    });
  }
});
