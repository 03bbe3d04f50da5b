// A company's users as its admins manage them: list, invite, change a role, disable and enable. Every
// function takes the company's id and finds a user only within it, so another company's user is the same
// COMPANY_USER_NOT_FOUND (404) as an id that never existed. The company never loses its last active admin:
// a change that would demote or disable them is LAST_ADMIN (409), decided under a row lock on the
// company's active admins, so two admins demoting each other at once leave one of them an admin.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customerUsers } from '../db/schema.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { ApiError } from '../http.ts';
import { emailTaken, permissionDenied, revokeUserFamilies } from '../auth/index.ts';
import { issueInvitation } from './invitations.ts';
import { isRole, type Role } from '#lib/account/roles.ts';
import type { CompanyUserEntry, InviteRequest, UserStatus } from '#lib/company-users/contract.ts';

type UserRecord = typeof customerUsers.$inferSelect;

const companyUserNotFound = () => new ApiError('COMPANY_USER_NOT_FOUND', 'There is no such user in your company.', 404);
export const notInvited = () =>
  new ApiError('USER_NOT_INVITED', 'This user is not waiting for an invitation (accepted, or disabled).', 409);
const lastAdmin = () =>
  new ApiError('LAST_ADMIN', 'Your company needs at least one active admin; make another user an admin first.', 409);

const isStatus = (value: string): value is UserStatus => ['active', 'invited', 'disabled'].includes(value);

/** A row as the API shows it; the CHECK constraints keep role and status known. */
export function toEntry(row: UserRecord): CompanyUserEntry {
  if (!isRole(row.role) || !isStatus(row.status))
    throw new Error(`customer_users ${row.id} has an unknown role or status`);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.status,
    primary: row.id === row.customerId,
  };
}

export async function listCompanyUsers(db: Db, customerId: string): Promise<CompanyUserEntry[]> {
  const found = await db
    .select()
    .from(customerUsers)
    .where(eq(customerUsers.customerId, customerId))
    .orderBy(sql`${customerUsers.role} <> 'admin'`, asc(sql`lower(${customerUsers.name})`), asc(customerUsers.email));
  return found.map(toEntry);
}

/** One user of the company (no lock); COMPANY_USER_NOT_FOUND for anybody else's or a made-up id. */
export async function companyUser(db: Db, customerId: string, id: string): Promise<UserRecord> {
  const [row] = await db
    .select()
    .from(customerUsers)
    .where(and(eq(customerUsers.id, id), eq(customerUsers.customerId, customerId)));
  if (!row) throw companyUserNotFound();
  return row;
}

/**
 * Creates the invited user (no password until they accept) with their first invitation link, in one
 * transaction; an address any user of any company has is EMAIL_TAKEN.
 */
export async function inviteUser(
  db: Db,
  customerId: string,
  input: InviteRequest,
  now = new Date(),
): Promise<{ user: CompanyUserEntry; locale: string; token: string }> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(customerUsers)
        .values({
          customerId,
          email: input.email,
          name: input.name,
          role: input.role,
          status: 'invited',
          locale: input.locale,
        })
        .returning();
      const token = await issueInvitation(tx as unknown as Db, row!.id, now);
      return { user: toEntry(row!), locale: input.locale, token };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'customer_users_email_lower_idx')) throw emailTaken();
    throw error;
  }
}

/** Who acts: the admin making the change, checked again under the lock (they may have lost the role meanwhile). */
interface Change {
  customerId: string;
  actorId: string;
  id: string;
}

/**
 * Applies a change to one user of the company in a transaction that first locks the company's active
 * admins. The change's outcome is refused with LAST_ADMIN when it leaves no active admin.
 */
async function changeUser(
  db: Db,
  { customerId, actorId, id }: Change,
  next: (before: UserRecord) => { role: Role; status: UserStatus },
): Promise<CompanyUserEntry> {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: customerUsers.id })
      .from(customerUsers)
      .where(
        and(
          eq(customerUsers.customerId, customerId),
          eq(customerUsers.role, 'admin'),
          eq(customerUsers.status, 'active'),
        ),
      )
      .for('update');
    // Demoted or disabled by another admin while this request was on its way: the permission is gone.
    if (!admins.some((admin) => admin.id === actorId)) throw permissionDenied('manageUsers');
    const before = await companyUser(tx as unknown as Db, customerId, id);
    const after = next(before);
    const wasAdmin = before.role === 'admin' && before.status === 'active';
    const staysAdmin = after.role === 'admin' && after.status === 'active';
    if (wasAdmin && !staysAdmin && admins.length <= 1) throw lastAdmin();
    const [row] = await tx
      .update(customerUsers)
      .set({ role: after.role, status: after.status, updatedAt: new Date() })
      .where(eq(customerUsers.id, id))
      .returning();
    // A disabled user's sessions end now, not at their token's expiry; enabling them again revives none.
    if (after.status === 'disabled' && before.status !== 'disabled') await revokeUserFamilies(tx as unknown as Db, id);
    return toEntry(row!);
  });
}

export const changeRole = (db: Db, change: Change, role: Role) =>
  changeUser(db, change, (before) => ({ role, status: before.status as UserStatus }));

/** Enabling a user who never accepted their invitation makes them invited again (they have no password). */
export const setStatus = (db: Db, change: Change, action: 'disable' | 'enable') =>
  changeUser(db, change, (before) => ({
    role: before.role as Role,
    status:
      action === 'disable'
        ? 'disabled'
        : before.status !== 'disabled'
          ? (before.status as UserStatus)
          : before.passwordHash
            ? 'active'
            : 'invited',
  }));
