// The profile's state changes (profileApi in src/lib/profile/contract.ts), each defined once: the
// endpoints under src/pages/api/account answer them as JSON, and the profile and e-mail confirmation
// pages take them as plain forms (profile-page.ts). Dependencies come in through ProfileDeps, so tests
// run the real handlers against any database.
import { authorize, permissionDenied } from './guard.ts';
import type { AstroCookies } from 'astro';
import type { Db } from '../db/client.ts';
import { getDb } from '../db/index.ts';
import { endpoint, stateChange, validationFailed, type FieldIssue } from '../http.ts';
import { inBackground, sendEmailChangeLinkMail, sendEmailChangeNoticeMail, sendEmailTakenMail } from '../mail/index.ts';
import { PROFILE_MESSAGES, profileApi, type ProfileUpdate } from '#lib/profile/contract.ts';
import type { Features } from '#lib/content/features.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#lib/i18n/locales.ts';
import { clientIp, type ClientContext } from '../client-ip.ts';
import { confirmEmailChange, requestEmailChange } from './email-change.ts';
import { unauthenticated } from './errors.ts';
import { readProfile, updateProfile } from './profile.ts';
import { resolveSession, type Session } from './session.ts';
import { shopTitle, siteFeatures } from './site.ts';

export interface ProfileDeps {
  db(): Promise<Db>;
  /** companyRequired makes the company a required field, as in the checkout's address forms. */
  features(): Promise<Pick<Features, 'companyRequired'>>;
}

const defaultProfileDeps: ProfileDeps = { db: getDb, features: siteFeatures };

const localeOf = (value: string): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

/** The shop's own rules on top of the contract: the company where the shop requires one. */
function profileRuleIssues(update: ProfileUpdate, features: Pick<Features, 'companyRequired'>): FieldIssue[] {
  return features.companyRequired && !update.company ? [{ path: 'company', message: PROFILE_MESSAGES.required }] : [];
}

/**
 * Asks for the e-mail change and sends its mails after the answer (so the answer takes as long
 * whether the address is free or taken): the link or the "registered already" notice to the new
 * address, and a notice to the current one.
 */
async function startEmailChange(
  db: Db,
  session: Session,
  input: { newEmail: string; currentPassword: string },
  ip: string,
  now = new Date(),
): Promise<void> {
  const requested = await requestEmailChange(db, session, input, ip, now);
  const { customer, newEmail } = requested;
  inBackground('email change mails', async () => {
    const shop = await shopTitle(localeOf(customer.locale));
    if (requested.kind === 'link') await sendEmailChangeLinkMail(customer, newEmail, requested.token, shop);
    else await sendEmailTakenMail(requested.owner, await shopTitle(localeOf(requested.owner.locale)));
    await sendEmailChangeNoticeMail(customer, newEmail, now, shop);
  });
}

/** What a change needs of its request: the session's cookies and address, and the client (rate limits). */
type ProfileRequest = { cookies: AstroCookies; url: URL } & ClientContext;

/** A session as the permission guard sees it. */
const asShopper = (session: Session) => ({ customerId: session.customer.id, user: session.user });

export function profileChanges(deps: ProfileDeps = defaultProfileDeps) {
  async function signedIn({
    cookies,
    url,
  }: {
    cookies: AstroCookies;
    url: URL;
  }): Promise<{ db: Db; session: Session }> {
    const db = await deps.db();
    const session = await resolveSession(cookies, { url, db });
    if (!session) throw unauthenticated();
    return { db, session };
  }

  return {
    signedIn,
    /**
     * Only the session's own company: the request carries no id to point elsewhere. The profile is the
     * company's master data, so changing it takes a role that manages the company's users.
     */
    update: stateChange(profileApi.update, async (body, context: ProfileRequest) => {
      const { db, session } = await signedIn(context);
      authorize(asShopper(session), 'manageUsers');
      const issues = profileRuleIssues(body, await deps.features());
      if (issues.length > 0) throw validationFailed(issues);
      const profile = await updateProfile(db, session.customer.id, body);
      if (!profile) throw unauthenticated();
      return { profile };
    }),

    /**
     * The company's contact address, which is also its primary user's sign-in (migration 0023's trigger):
     * only that user changes it. Another user's own address is changed by the company's admins.
     */
    requestEmailChange: stateChange(profileApi.requestEmailChange, async (body, context: ProfileRequest) => {
      const { db, session } = await signedIn(context);
      if (session.user.id !== session.customer.id) throw permissionDenied('manageUsers');
      await startEmailChange(db, session, body, clientIp(context));
      return { ok: true as const };
    }),

    /** Needs no session: the link may be opened on another device; the token names its customer. */
    confirmEmailChange: stateChange(profileApi.confirmEmailChange, async (body) => {
      const { customer } = await confirmEmailChange(await deps.db(), body.token);
      return { email: customer.email };
    }),
  };
}

export type ProfileChanges = ReturnType<typeof profileChanges>;

export function profileRoutes(deps: ProfileDeps = defaultProfileDeps) {
  const changes = profileChanges(deps);
  return {
    get: endpoint(profileApi.get, async (_input, context) => {
      const { db, session } = await changes.signedIn(context);
      const profile = await readProfile(db, session.customer.id);
      if (!profile) throw unauthenticated();
      return { profile };
    }),
    update: endpoint(changes.update),
    requestEmailChange: endpoint(changes.requestEmailChange),
    confirmEmailChange: endpoint(changes.confirmEmailChange),
  };
}
