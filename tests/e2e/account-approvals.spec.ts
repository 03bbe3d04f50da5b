// Order approval at 1366 px, in German and English (the journey: approval-journey.ts).
import { test } from './helpers.ts';
import { approvalJourney, budgetsJourney } from './approval-journey.ts';

// The acme company's one cart is shared by its users: one journey at a time.
test.describe.configure({ mode: 'serial' });

for (const locale of ['de', 'en'] as const) {
  test(`${locale}: an order over the buyer's limit waits, is approved from the mail's link and goes through; a rejection says why`, async ({
    browser,
  }) => {
    await approvalJourney(browser, locale, { width: 1366, height: 900 });
  });

  test(`${locale}: a company admin sets a user's order limit; bad amounts are refused beside the field`, async ({
    browser,
  }) => {
    await budgetsJourney(browser, locale, { width: 1366, height: 900 });
  });
}
