// The state changes of a company's users (companyUsersApi in src/lib/company-users/contract.ts), each
// defined once: the endpoints under src/pages/api/account/company-users answer them as JSON, and the Users
// page and the invitation page take them as plain forms (page.ts, invitation-page.ts). Every change but
// accepting an invitation goes through authorize(…, 'manageUsers') for the signed-in user's own company.
import type { AstroCookies } from 'astro';
import { eq } from 'drizzle-orm';
import { companyUsersApi, type InviteRequest } from '#lib/company-users/contract.ts';
import type { Db } from '../db/client.ts';
import { customers, customerUsers } from '../db/schema.ts';
import { endpoint, stateChange } from '../http.ts';
import {
  assertPasswordAllowed,
  authorize,
  checkInvitation,
  endSession,
  hashPassword,
  invalidToken,
  setSessionCookies,
  shopTitle,
  startSession,
  TooManyAttemptsError,
} from '../auth/index.ts';
import { inBackground, localeOf, sendInvitationMail } from '../mail/index.ts';
import type { Shopper } from '../shopper.ts';
import { openInvitation, redeemInvitation, issueInvitation } from './invitations.ts';
import { changeRole, companyUser, inviteUser, listCompanyUsers, notInvited, setStatus, toEntry } from './users.ts';

export interface CompanyUsersDeps {
  db(): Promise<Db>;
  shopper(cookies: AstroCookies, url?: URL): Promise<Pick<Shopper, 'customerId' | 'user'>>;
}

/** What a change needs of its request: the session's cookies and address. */
interface UsersRequest {
  cookies: AstroCookies;
  url: URL;
}

/** Who invites whom into which company, for the mail: the company's name, else its contact's. */
async function invitationFrom(db: Db, customerId: string, inviterId: string) {
  const [row] = await db
    .select({
      company: customers.company,
      first: customers.firstName,
      last: customers.lastName,
      locale: customers.locale,
      inviter: customerUsers.name,
    })
    .from(customers)
    .innerJoin(customerUsers, eq(customerUsers.id, inviterId))
    .where(eq(customers.id, customerId));
  return {
    company: row?.company || `${row?.first ?? ''} ${row?.last ?? ''}`.trim(),
    inviter: row?.inviter ?? '',
    companyLocale: row?.locale ?? 'de',
  };
}

export function companyUserChanges(deps: CompanyUsersDeps) {
  /** The admin asking, and their company; 401 for a guest, 403 for a role that may not manage users. */
  async function admin(req: UsersRequest) {
    const shopper = authorize(await deps.shopper(req.cookies, req.url), 'manageUsers');
    return { db: await deps.db(), customerId: shopper.customerId, actorId: shopper.user.id };
  }

  /** Counts the mail against the company's limit, then sends it after the answer. */
  async function mailInvitation(
    db: Db,
    asker: { customerId: string; actorId: string },
    to: { email: string; name: string; locale: string | null },
    token: () => Promise<string>,
  ): Promise<void> {
    const from = await invitationFrom(db, asker.customerId, asker.actorId);
    const locale = localeOf(to.locale ?? from.companyLocale);
    const issued = await token();
    inBackground('company user invitation', async () =>
      sendInvitationMail(
        {
          to: { email: to.email, name: to.name, locale },
          company: from.company,
          inviter: from.inviter,
          shop: await shopTitle(locale),
        },
        issued,
      ),
    );
  }

  async function limited(db: Db, customerId: string): Promise<void> {
    const wait = await checkInvitation(db, customerId);
    if (wait > 0) throw new TooManyAttemptsError(wait);
  }

  return {
    admin,
    invite: stateChange(companyUsersApi.invite, async (body: InviteRequest, req: UsersRequest) => {
      const asker = await admin(req);
      await limited(asker.db, asker.customerId);
      const invited = await inviteUser(asker.db, asker.customerId, body);
      await mailInvitation(asker.db, asker, { ...body, locale: invited.locale }, async () => invited.token);
      return { user: invited.user };
    }),
    resend: stateChange(companyUsersApi.resend, async (body, req: UsersRequest) => {
      const asker = await admin(req);
      const user = await companyUser(asker.db, asker.customerId, body.id);
      if (user.status !== 'invited') throw notInvited();
      await limited(asker.db, asker.customerId);
      await mailInvitation(asker.db, asker, user, () => issueInvitation(asker.db, user.id));
      return { user: toEntry(user) };
    }),
    changeRole: stateChange(companyUsersApi.changeRole, async (body, req: UsersRequest) => {
      const { db, ...change } = await admin(req);
      return { user: await changeRole(db, { ...change, id: body.id }, body.role) };
    }),
    setStatus: stateChange(companyUsersApi.setStatus, async (body, req: UsersRequest) => {
      const { db, ...change } = await admin(req);
      return { user: await setStatus(db, { ...change, id: body.id }, body.action) };
    }),
    /**
     * Needs no session: the link names its user. Whoever was signed in in this browser is signed out, and
     * the invitee is signed in. The password rules come first, so a junk token never costs a hash.
     */
    acceptInvitation: stateChange(companyUsersApi.acceptInvitation, async (body, req: UsersRequest) => {
      const db = await deps.db();
      const open = await openInvitation(db, body.token);
      if (!open) throw invalidToken();
      await assertPasswordAllowed(body.password, open.email, 'password');
      const userId = await redeemInvitation(db, body.token, await hashPassword(body.password));
      if (!userId) throw invalidToken();
      await endSession(db, req.cookies, { url: req.url });
      setSessionCookies(req.cookies, await startSession(db, userId, false), req.url);
      return { email: open.email };
    }),
  };
}

export type CompanyUserChanges = ReturnType<typeof companyUserChanges>;

export function companyUsersRoutes(deps: CompanyUsersDeps) {
  const changes = companyUserChanges(deps);
  return {
    list: endpoint(companyUsersApi.list, async (_body, req) => {
      const { db, customerId } = await changes.admin(req);
      return { users: await listCompanyUsers(db, customerId) };
    }),
    invite: endpoint(changes.invite),
    resend: endpoint(changes.resend),
    changeRole: endpoint(changes.changeRole),
    setStatus: endpoint(changes.setStatus),
    acceptInvitation: endpoint(changes.acceptInvitation),
  };
}
