// The auth domain's public face: the endpoints wired to the process database, and what other domains
// use (who is signed in, starting a session after a guest order, the shop's features and name for
// mails, password hashing). Nothing outside src/lib/server/auth imports past this file.
import { authRoutes } from './routes.ts';

export { authRoutes, defaultAuthDeps, type AuthDeps, type AuthRoutes } from './routes.ts';
export { resolveSession, startSession, type Session } from './session.ts';
export { REFRESH_COOKIE, SESSION_MARKER_COOKIE, USER_TOKEN_COOKIE, setSessionCookies } from './cookies.ts';
export { createCustomer, type CustomerRow } from './customers.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { isUniqueViolation, pgError } from './db-errors.ts';
export { unauthenticated } from './errors.ts';
export { shopTitle, siteFeatures } from './site.ts';
export { checkAuthConfiguration } from './secret.ts';

/** The endpoints under src/pages/api/auth, wired to the process database. */
export const auth = authRoutes();
