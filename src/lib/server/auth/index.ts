// The auth domain's public face: the endpoints wired to the process database, and what other domains
// use (who is signed in, starting a session after a guest order, the shop's features and name for
// mails, password hashing). No other code in src/ imports past this file.
import { authRoutes } from './routes.ts';
import { profileRoutes } from './profile-routes.ts';

export { resolveSession, startSession } from './session.ts';
export { SESSION_COOKIES, setSessionCookies } from './cookies.ts';
export { createCustomer } from './customers.ts';
export { hashPassword } from './passwords.ts';
export { isUniqueViolation, pgError } from './db-errors.ts';
export { unauthenticated } from './errors.ts';
export { shopTitle, siteFeatures } from './site.ts';
export { confirmEmailView, myProfileView, PROFILE_PATH, type ProfileView } from './profile-page.ts';

/** The endpoints under src/pages/api/auth, wired to the process database. */
export const auth = authRoutes();

/** The profile endpoints under src/pages/api/account, wired to the process database. */
export const profile = profileRoutes();
