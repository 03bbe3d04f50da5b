// The newsletter's state changes, each defined once: the endpoints (src/pages/api/account/newsletter.ts,
// src/pages/api/newsletter/confirm.ts) answer them as JSON, and /my-account/my-newsletter and
// /newsletter/confirm take them as plain forms (pages.ts). The signed-in customer's own subscription
// only; the confirmation link needs no session.
import type { AstroCookies } from 'astro';
import { newsletterApi } from '#lib/newsletter/contract.ts';
import { unauthenticated } from '../auth/index.ts';
import { ApiError, endpoint, stateChange } from '../http.ts';
import { requestLocale } from '../request-locale.ts';
import type { Shopper } from '../shopper.ts';
import { applyNewsletterAction, type NewsletterDeps } from './actions.ts';
import { confirmSubscription, findSubscriber, subscriptionStatus, type Subscriber } from './subscriptions.ts';

export interface NewsletterRouteDeps extends NewsletterDeps {
  shopper(cookies: AstroCookies, url: URL): Promise<Shopper>;
}

const customerNotFound = () => new ApiError('CUSTOMER_NOT_FOUND', 'Customer not found.', 401);
const invalidLink = () =>
  new ApiError('INVALID_TOKEN', 'This link is invalid, has expired or has already been used.', 400);

/** What a change needs of its request: the customer's session and the language asked for. */
interface NewsletterRequest {
  cookies: AstroCookies;
  url: URL;
  request: Request;
}

export function newsletterChanges(deps: NewsletterRouteDeps) {
  /** The signed-in customer, as the database has them now; 401 for a guest. */
  async function signedIn(req: { cookies: AstroCookies; url: URL }): Promise<Subscriber> {
    const shopper = await deps.shopper(req.cookies, req.url);
    if (!shopper.customerId) throw unauthenticated();
    const subscriber = await findSubscriber(await deps.db(), shopper.customerId);
    if (!subscriber) throw customerNotFound();
    return subscriber;
  }

  return {
    signedIn,
    update: stateChange(newsletterApi.update, async (body, req: NewsletterRequest) => {
      const subscriber = await signedIn(req);
      return applyNewsletterAction(deps, subscriber, body.action, requestLocale(req, body.locale));
    }),
    confirm: stateChange(newsletterApi.confirm, async (body) => {
      const confirmed = await confirmSubscription(await deps.db(), body.token, deps.now?.());
      if (!confirmed) throw invalidLink();
      return { newsletter: confirmed };
    }),
  };
}

export type NewsletterChanges = ReturnType<typeof newsletterChanges>;

export function newsletterRoutes(deps: NewsletterRouteDeps) {
  const changes = newsletterChanges(deps);
  return {
    status: endpoint(newsletterApi.status, async (_body, req) => ({
      newsletter: await subscriptionStatus(await deps.db(), await changes.signedIn(req)),
    })),
    update: endpoint(changes.update),
    confirm: endpoint(changes.confirm),
  };
}
