// A guest's price call, answered by the server front before Astro (src/lib/server/front-routes.ts).
// The answer is the endpoint's own (priceListAnswer, the same contract, errors and encoding); only the
// shopper is read from the Cookie header here: a guest in the currency of their cookie. A request with
// a session cookie may be a customer with a price list of their own, so Astro resolves (and renews) it.
import { catalogApi } from '#lib/catalog/contract.ts';
import { CURRENCY_COOKIE } from '#lib/shared/currency.ts';
import { answerInFront } from '../http.ts';
import { SESSION_COOKIES } from '../auth/index.ts';
import type { FrontRoute } from '../front-routes.ts';
import { guestShopper, priceContext } from '../shopper.ts';
import { priceListAnswer } from './prices.ts';
import { BUDGETS } from '../client-budget.ts';

/** The cookies of a Cookie header by name; a value that is not valid percent-encoding is taken as it is. */
function cookieJar(header: string | null): Map<string, string> {
  const jar = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const raw = pair.slice(at + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // kept as sent
    }
    if (!jar.has(name)) jar.set(name, value);
  }
  return jar;
}

export const guestPricesRoute: FrontRoute = {
  method: 'POST',
  path: '/api/catalog/prices',
  accepts(headers) {
    // Other bodies go to Astro, which refuses a cross-site form post before any endpoint runs.
    if (!(headers.get('content-type') ?? '').includes('application/json')) return false;
    const jar = cookieJar(headers.get('cookie'));
    return !SESSION_COOKIES.some((name) => jar.has(name));
  },
  answer: (request, clientAddress) =>
    answerInFront(
      catalogApi.prices,
      { request, clientAddress },
      async ({ skus }) => {
        const shopper = guestShopper(cookieJar(request.headers.get('cookie')).get(CURRENCY_COOKIE));
        return priceListAnswer(skus, null, await priceContext(shopper));
      },
      { budget: BUDGETS.prices },
    ),
};
