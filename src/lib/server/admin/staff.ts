// Staff accounts: created from the command line or by an admin in the workspace, signed in with an
// argon2id password behind the same database rate limit as customers' logins (under a 'staff:' account
// key, so a customer and a staff member with one address do not share a budget), with a one-time link
// to set the password.
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { staffPasswordTokens, staffSessions, staffUsers } from '../db/schema.ts';
import { ApiError } from '../http.ts';
import {
  assertPasswordAllowed,
  checkLoginAttempt,
  hashPassword,
  loginSucceeded,
  randomToken,
  sha256Hex,
  TooManyAttemptsError,
  verifyPassword,
} from '../auth/index.ts';
import type { StaffRole } from '#lib/admin/rules.ts';
import type { StaffRow } from '#lib/admin/contract.ts';
import { audit, type Actor } from './audit.ts';

/** How long a set-password link works. */
export const PASSWORD_LINK_HOURS = 72;

export type StaffUser = typeof staffUsers.$inferSelect;

const staffNotFound = () => new ApiError('STAFF_NOT_FOUND', 'There is no such staff account.', 404);

export const staffRow = (user: StaffUser): StaffRow => ({
  id: user.id,
  email: user.email,
  role: user.role,
  disabled: user.disabledAt !== null,
  createdAt: user.createdAt.toISOString(),
});

export async function listStaff(db: Db): Promise<StaffRow[]> {
  return (await db.select().from(staffUsers).orderBy(asc(staffUsers.email))).map(staffRow);
}

export async function staffByEmail(db: Db, email: string): Promise<StaffUser> {
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.email, email.trim().toLowerCase()));
  if (!user) throw staffNotFound();
  return user;
}

/** A new staff member and, when no password is given, the token of a set-password link. */
export async function addStaff(
  db: Db,
  actor: Actor,
  input: { email: string; role: StaffRole; password?: string },
): Promise<{ user: StaffUser; token: string | null }> {
  const email = input.email.trim().toLowerCase();
  if (input.password !== undefined) await assertPasswordAllowed(input.password, email, 'password');
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(staffUsers)
      .values({ email, role: input.role, passwordHash })
      .onConflictDoNothing()
      .returning();
    if (!user) throw new ApiError('STAFF_EXISTS', `A staff account for ${email} exists already.`, 409);
    const token = passwordHash ? null : await issuePasswordLink(tx, user.id);
    await audit(tx, actor, { action: 'staff.add', target: `staff:${user.id}`, details: { email, role: input.role } });
    return { user, token };
  });
}

async function issuePasswordLink(db: Db, staffId: number): Promise<string> {
  const token = randomToken();
  await db.insert(staffPasswordTokens).values({
    tokenHash: sha256Hex(token),
    staffId,
    expiresAt: new Date(Date.now() + PASSWORD_LINK_HOURS * 3_600_000),
  });
  return token;
}

/**
 * Changes a role or disables an account. The last admin who can sign in can be neither demoted nor
 * disabled: nobody could manage staff afterwards. Disabling ends the account's sessions at once.
 */
export async function updateStaff(
  db: Db,
  actor: Actor,
  input: { id: number; role?: StaffRole | undefined; disabled?: boolean | undefined },
): Promise<StaffUser> {
  return db.transaction(async (tx) => {
    // Locks the admins, so two admins demoting each other at once cannot both succeed.
    const admins = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(eq(staffUsers.role, 'admin'), isNull(staffUsers.disabledAt)))
      .for('update');
    const [before] = await tx.select().from(staffUsers).where(eq(staffUsers.id, input.id));
    if (!before) throw staffNotFound();
    const losesAdmin =
      before.role === 'admin' &&
      before.disabledAt === null &&
      ((input.role !== undefined && input.role !== 'admin') || input.disabled === true);
    if (losesAdmin && admins.length <= 1)
      throw new ApiError('LAST_ADMIN', 'The shop needs at least one admin who can sign in.', 409);
    const disabledAt =
      input.disabled === undefined ? before.disabledAt : input.disabled ? (before.disabledAt ?? new Date()) : null;
    const [after] = await tx
      .update(staffUsers)
      .set({ role: input.role ?? before.role, disabledAt })
      .where(eq(staffUsers.id, input.id))
      .returning();
    if (disabledAt) await tx.delete(staffSessions).where(eq(staffSessions.staffId, input.id));
    await audit(tx, actor, {
      action: 'staff.update',
      target: `staff:${input.id}`,
      details: { role: [before.role, after!.role], disabled: [before.disabledAt !== null, after!.disabledAt !== null] },
    });
    return after!;
  });
}

/** A new set-password link for an existing account (the CLI's `reset`). */
export async function resetStaffPassword(
  db: Db,
  actor: Actor,
  email: string,
): Promise<{ user: StaffUser; token: string }> {
  return db.transaction(async (tx) => {
    const user = await staffByEmail(tx, email);
    const token = await issuePasswordLink(tx, user.id);
    await audit(tx, actor, { action: 'staff.password-link', target: `staff:${user.id}` });
    return { user, token };
  });
}

const invalidLink = () => new ApiError('INVALID_TOKEN', 'This link is invalid or has expired.', 400);

/** Sets the password from a one-time link; the link is spent and every session of the account ends. */
export async function setStaffPassword(db: Db, token: string, password: string): Promise<void> {
  const hash = sha256Hex(token);
  const [link] = await db
    .select({ staffId: staffPasswordTokens.staffId, email: staffUsers.email, role: staffUsers.role })
    .from(staffPasswordTokens)
    .innerJoin(staffUsers, eq(staffUsers.id, staffPasswordTokens.staffId))
    .where(
      and(
        eq(staffPasswordTokens.tokenHash, hash),
        isNull(staffPasswordTokens.usedAt),
        gt(staffPasswordTokens.expiresAt, sql`now()`),
      ),
    );
  if (!link) throw invalidLink();
  await assertPasswordAllowed(password, link.email, 'password');
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const spent = await tx
      .update(staffPasswordTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(staffPasswordTokens.tokenHash, hash), isNull(staffPasswordTokens.usedAt)))
      .returning();
    // A second click racing the first finds the link spent.
    if (spent.length === 0) throw invalidLink();
    await tx.update(staffUsers).set({ passwordHash }).where(eq(staffUsers.id, link.staffId));
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, link.staffId));
    await tx
      .delete(staffPasswordTokens)
      .where(and(eq(staffPasswordTokens.staffId, link.staffId), ne(staffPasswordTokens.tokenHash, hash)));
    await audit(
      tx,
      { kind: 'staff', id: link.staffId, email: link.email, role: link.role },
      { action: 'staff.password-set', target: `staff:${link.staffId}` },
    );
  });
}

const invalidCredentials = () => new ApiError('INVALID_CREDENTIALS', 'Invalid credentials.', 401);

/** Checks a staff sign-in: rate limited before the hash, the same answer and time for an unknown address. */
export async function authenticateStaff(
  db: Db,
  credentials: { email: string; password: string },
  ip: string,
): Promise<StaffUser> {
  const email = credentials.email.trim().toLowerCase();
  const gate = await checkLoginAttempt(db, { account: `staff:${email}`, ip });
  if (!gate.allowed) throw new TooManyAttemptsError(gate.retryAfterSeconds);
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.email, email));
  const valid = await verifyPassword(user?.passwordHash, credentials.password);
  if (!user || !valid || user.disabledAt) throw invalidCredentials();
  await loginSucceeded(db, gate);
  return user;
}
