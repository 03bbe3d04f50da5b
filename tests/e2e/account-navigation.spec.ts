// The account navigation, as a signed-in customer in en and de: every page it lists opens from it,
// shows its own heading, is marked as the current page, and says it is not for search engines.
import { expect, localePath, msg, test, type Locale } from './helpers.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

const PAGES = [
  ['order-history', 'account.OrderHistory'],
  // acme's primary user is its admin: approving and the company's budgets are theirs too.
  ['approvals', 'account.Approvals'],
  ['company-budgets', 'account.CompanyBudgets'],
  ['my-items', 'account.MyItems'],
  ['lists', 'account.Lists'],
  ['item-numbers', 'account.ItemNumbers'],
  ['quotes', 'account.Quotes'],
  ['reorders', 'account.Reorders'],
  ['my-profile', 'account.MyProfile'],
  // The demo customer's primary user is its company's admin, who manages its users.
  ['company-users', 'account.CompanyUsers'],
  ['address-details', 'account.AddressDetails'],
  ['shipping-details', 'account.ShippingDetails'],
  ['billing-details', 'account.BillingDetails'],
  ['my-newsletter', 'account.MyNewsletter'],
  ['my-reviews', 'account.MyReviews'],
  ['loyalty-card', 'account.LoyaltyCard'],
] as const;

for (const locale of ['en', 'de'] as const satisfies readonly Locale[]) {
  test(`${locale}: every account page opens from the account navigation`, async ({ page }) => {
    const login = await page.request.post('/api/auth/login', {
      data: { username: DEMO_FIXTURES.customers.acme.email, password: DEMO_FIXTURES.password },
    });
    expect(login.ok()).toBe(true);
    await page.goto(localePath(locale, '/my-account'));
    await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/my-account/order-history')}$`));
    const nav = page.getByRole('navigation', { name: msg(locale, 'route.MyAccount') });
    await expect(nav.getByRole('link')).toHaveCount(PAGES.length);
    for (const [name, title] of PAGES) {
      const link = nav.getByRole('link', { name: msg(locale, title), exact: true });
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${localePath(locale, `/my-account/${name}`)}$`));
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(nav.getByRole('link', { name: msg(locale, title), exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    }
  });
}
