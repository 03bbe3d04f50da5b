// The one permission check of every account and order operation: a guest is UNAUTHENTICATED (401), a
// company user whose role lacks the permission is PERMISSION_DENIED (403, the permission in its details,
// translated by the page that shows it). Another company's data never gets this far: what a user may
// not see is filtered by company first and answers the 404 of a made-up id, as it always did.
import { hasPermission, type Permission, type Role } from '#lib/account/roles.ts';
import { ApiError } from '../http.ts';
import { unauthenticated } from './errors.ts';

/** The signed-in company user: who acts, and what their role lets them do (src/lib/account/roles.ts). */
export interface CompanyUser {
  id: string;
  role: Role;
}

/** Who asks, as the guard sees them: a company and one of its users, or a guest (both null). */
interface Asker {
  customerId: string | null;
  user: CompanyUser | null;
}

export const permissionDenied = (permission: Permission) =>
  new ApiError('PERMISSION_DENIED', 'Your role in your company does not allow this.', 403, { permission });

/** A shopper who is certainly a signed-in company user. */
export type SignedIn<S extends Asker> = S & { customerId: string; user: CompanyUser };

export function isSignedIn<S extends Asker>(shopper: S): shopper is SignedIn<S> {
  return shopper.customerId !== null && shopper.user !== null;
}

/** The shopper, signed in; 401 for a guest. For what every user of a company may do (read the address book). */
export function signedIn<S extends Asker>(shopper: S): SignedIn<S> {
  if (!isSignedIn(shopper)) throw unauthenticated();
  return shopper;
}

/** The shopper, signed in with a role that has `permission`; 401 for a guest, 403 for a role without it. */
export function authorize<S extends Asker>(shopper: S, permission: Permission): SignedIn<S> {
  const user = signedIn(shopper);
  if (!hasPermission(user.user.role, permission)) throw permissionDenied(permission);
  return user;
}

/** Whether a signed-in user's role has `permission` (what a page offers); false for guests. */
export function may(shopper: Pick<Asker, 'user'>, permission: Permission): boolean {
  return shopper.user !== null && hasPermission(shopper.user.role, permission);
}
