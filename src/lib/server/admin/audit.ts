// The audit trail: one row per write of the workspace, the content API or the staff command, in the
// same transaction as the write, so a write without its row cannot happen.
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import type { StaffRole } from '#lib/admin/rules.ts';

/** Who acted: a signed-in staff member, an API token, or the command line. */
export type Actor =
  | { kind: 'staff'; id: number; email: string; role: StaffRole }
  | { kind: 'token'; id: number; name: string; scopes: readonly string[] }
  | { kind: 'cli' };

export const actorName = (actor: Actor): string =>
  actor.kind === 'staff' ? `staff:${actor.email}` : actor.kind === 'token' ? `token:${actor.id}:${actor.name}` : 'cli';

export interface AuditEntry {
  action: string;
  target: string;
  fromVersion?: number | null;
  toVersion?: number | null;
  details?: Record<string, unknown>;
}

export async function audit(db: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actor: actorName(actor),
    action: entry.action,
    target: entry.target,
    fromVersion: entry.fromVersion ?? null,
    toVersion: entry.toVersion ?? null,
    details: entry.details ?? null,
  });
}
