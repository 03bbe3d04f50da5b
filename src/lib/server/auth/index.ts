// The auth domain's public face: the endpoints (wired to the process database and the cart in
// src/lib/server/auth-endpoints.ts), and what other domains use (who is signed in, the shop's features
// and name for mails, password hashing and rules, account requests that arrive with an order, the
// activation page). No other code in src/ imports past this file.
import { getDb } from '../db/index.ts';
import { passwordChange } from './password-change.ts';
import { profileChanges, profileRoutes } from './profile-routes.ts';
import { profilePages } from './profile-page.ts';

export { authRoutes } from './routes.ts';

export { resolveSession } from './session.ts';
export { SESSION_COOKIES } from './cookies.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { assertPasswordAllowed, passwordProblem } from './password-rules.ts';
export {
  accountUnlocked,
  checkInvitation,
  checkLoginAttempt,
  checkRegistration,
  loginSucceeded,
} from './rate-limit.ts';
export { requestAccount, type AccountRequest } from './registrations.ts';
export { derivedKey } from './secret.ts';
export { issuePasswordToken } from './password-tokens.ts';
export { hmac, randomToken, safeEqual, sha256Hex } from './crypto.ts';
export { emailTaken, invalidToken, TooManyAttemptsError, unauthenticated } from './errors.ts';
export { authorize, isSignedIn, may, permissionDenied, signedIn, type CompanyUser, type SignedIn } from './guard.ts';
export { revokeUserFamilies } from './refresh-tokens.ts';
export { endSession, startSession } from './session.ts';
export { endOnBehalf, ON_BEHALF_HOURS, recordOnBehalfAction, startOnBehalf } from './on-behalf.ts';
export { setSessionCookies } from './cookies.ts';
export { shopTitle, siteFeatures } from './site.ts';
export { PROFILE_PATH, type ProfileView } from './profile-page.ts';
export { activationView } from './activation-page.ts';

/** The profile endpoints under src/pages/api/account, wired to the process database. */
export const profile = profileRoutes();

/** The profile page's and /confirm-email's views, whose forms post the endpoints' own state changes. */
export const { myProfileView, confirmEmailView } = profilePages(profileChanges(), passwordChange(getDb));
