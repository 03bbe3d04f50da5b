// The newsletter endpoints (src/pages/api/account/newsletter.ts, src/pages/api/newsletter/confirm.ts):
// the signed-in customer's own subscription only; the confirmation link needs no session.
import type { AstroCookies } from 'astro';
import { newsletterApi } from '#lib/newsletter/contract.ts';
import { unauthenticated } from '../auth/index.ts';
import { ApiError, endpoint } from '../http.ts';
import { requestLocale } from '../request-locale.ts';
import type { Shopper } from '../shopper.ts';
import { applyNewsletterAction, type NewsletterDeps } from './actions.ts';
import { confirmSubscription, findSubscriber, subscriptionStatus, type Subscriber } from './subscriptions.ts';

export interface NewsletterRouteDeps extends NewsletterDeps {
  shopper(cookies: AstroCookies, url: URL): Promise<Shopper>;
}

const customerNotFound = () => new ApiError('CUSTOMER_NOT_FOUND', 'Customer not found.', 401);
const invalidLink = () => new ApiError('INVALID_TOKEN', 'This link is invalid, has expired or has already been used.', 400);

export function newsletterRoutes(deps: NewsletterRouteDeps) {
  /** The signed-in customer, as the database has them now; 401 for a guest. */
  async function signedIn(req: { cookies: AstroCookies; url: URL }): Promise<Subscriber> {
    const shopper = await deps.shopper(req.cookies, req.url);
    if (!shopper.customerId) throw unauthenticated();
    const subscriber = await findSubscriber(await deps.db(), shopper.customerId);
    if (!subscriber) throw customerNotFound();
    return subscriber;
  }

  return {
    status: endpoint(newsletterApi.status, async (_body, req) => ({
      newsletter: await subscriptionStatus(await deps.db(), await signedIn(req)),
    })),

    update: endpoint(newsletterApi.update, async (body, req) => {
      const subscriber = await signedIn(req);
      return applyNewsletterAction(deps, subscriber, body.action, requestLocale(req, body.locale));
    }),

    confirm: endpoint(newsletterApi.confirm, async (body) => {
      const confirmed = await confirmSubscription(await deps.db(), body.token, deps.now?.());
      if (!confirmed) throw invalidLink();
      return { newsletter: confirmed };
    }),
  };
}
