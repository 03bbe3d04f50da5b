// The newsletter domain's public face (double opt-in subscription with recorded consent) and the
// loyalty card: the endpoints and pages wired to the process database, the shell's consent text,
// the signed-in shopper and the mail transport. No other code in src/ imports past this file.
import { NEWSLETTER_LINK_HOURS } from '#lib/newsletter/contract.ts';
import { shopTitle } from '../auth/index.ts';
import { getDb } from '../db/index.ts';
import { sendNewsletterConfirmationMail } from '../mail/index.ts';
import { loadShell } from '../shell.ts';
import { currentShopper } from '../shopper.ts';
import { consentOf, consentText, type NewsletterDeps } from './actions.ts';
import { newsletterChanges, newsletterRoutes, type NewsletterRouteDeps } from './handlers.ts';
import { confirmPage, newsletterPage as newsletterPageFor } from './pages.ts';

export { loyaltyCardView, type LoyaltyCardData, type NewsletterPageData } from './pages.ts';

const defaultDeps: NewsletterDeps = {
  db: getDb,
  consent: async (locale, email) => consentOf(locale, consentText(await loadShell(locale), email)),
  sendLink: async (to, token, locale) => {
    await sendNewsletterConfirmationMail(to, token, await shopTitle(locale), NEWSLETTER_LINK_HOURS);
  },
};

const routeDeps: NewsletterRouteDeps = { ...defaultDeps, shopper: currentShopper };
const changes = newsletterChanges(routeDeps);

/** The endpoints under src/pages/api/account/newsletter.ts and src/pages/api/newsletter. */
export const newsletter = newsletterRoutes(routeDeps);

/** The loader of /my-account/my-newsletter, whose forms post the endpoints' own state changes. */
export const newsletterPage = newsletterPageFor(defaultDeps, changes);
/** What /newsletter/confirm shows, and its one-click form's POST (the confirm endpoint's state change). */
export const confirmPageState = confirmPage(defaultDeps, changes);
