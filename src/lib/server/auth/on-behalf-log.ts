// The audit trail of ordering on behalf (docs/accounts.md): every row names both people, the staff
// member as the actor and the company user as the target, so the audit page finds it by either name.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog, customerUsers, customers, onBehalfSessions, staffUsers } from '../db/schema.ts';

/** What happened, as the audit trail records it. */
interface AuditEntry {
  action: 'on-behalf.start' | 'on-behalf.request' | 'on-behalf.end';
  details?: Record<string, unknown>;
}

/** Writes one row for a session opened on behalf, by its staff member, about its company user. */
export async function auditOnBehalf(db: Db, familyId: string, entry: AuditEntry): Promise<void> {
  const [row] = await db
    .select({ staffEmail: staffUsers.email, userEmail: customerUsers.email, company: customers.customernum })
    .from(onBehalfSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, onBehalfSessions.staffId))
    .innerJoin(customerUsers, eq(customerUsers.id, onBehalfSessions.userId))
    .innerJoin(customers, eq(customers.id, customerUsers.customerId))
    .where(eq(onBehalfSessions.familyId, familyId));
  if (!row) return;
  // The row as src/lib/server/admin/audit.ts writes one for a staff member (actor 'staff:<email>'),
  // written here because the workspace's domain builds on this one, not the other way round.
  await db.insert(auditLog).values({
    actor: `staff:${row.staffEmail}`,
    action: entry.action,
    target: `customer-user:${row.userEmail}`,
    details: { customer: row.company, ...entry.details },
  });
}

/**
 * Ends the session opened on behalf that a login family is, if it is one and still open (the banner's
 * end button, a sign-out in it, or a new sign-in over it), with its audit row. Other families: nothing.
 */
export async function closeOnBehalf(db: Db, familyId: string, now = new Date()): Promise<void> {
  const closed = await db
    .update(onBehalfSessions)
    .set({ endedAt: now })
    .where(and(eq(onBehalfSessions.familyId, familyId), isNull(onBehalfSessions.endedAt)))
    .returning({ familyId: onBehalfSessions.familyId });
  if (closed.length > 0) await auditOnBehalf(db, familyId, { action: 'on-behalf.end' });
}
