// The company users domain's public face (issue 36): the endpoints under src/pages/api/account/company-users,
// the Users page's loader and the invitation page's, all wired to the process database and shopper.
import { getDb } from '../db/index.ts';
import { currentShopper } from '../shopper.ts';
import { companyUserChanges, companyUsersRoutes, type CompanyUsersDeps } from './handlers.ts';
import { invitationPage } from './invitation-page.ts';
import { usersPage } from './page.ts';

export { USERS_PATH, type UsersPageView, type InviteForm } from './page.ts';

const deps: CompanyUsersDeps = { db: getDb, shopper: currentShopper };
const changes = companyUserChanges(deps);

export const companyUsers = companyUsersRoutes(deps);
export const usersPageView = usersPage(changes);
export const invitationView = invitationPage(changes, getDb);
