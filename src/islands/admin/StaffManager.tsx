// The staff page (admins only): everyone who may sign in to the workspace, their role and whether
// they may sign in, changed in place; and the form that adds a person. A change shows at once and
// stays once the server accepts it: a refused one (the last admin) puts the row back and says why.
// The controls are never disabled while a change is on its way, since a disabled control drops the
// keyboard focus that just used it; a further change to that row waits instead.
import { useState } from 'react';
import { adminClient, call } from '#lib/admin/client.ts';
import type { StaffRow } from '#lib/admin/contract.ts';
import type { TeamStrings } from '#lib/admin/team-messages.ts';
import { fill } from '#lib/i18n/format.ts';
import { AddStaffForm } from './team/AddStaffForm.tsx';
import { failureText } from './team/failure.ts';
import { Feedback, useNotice } from './team/Feedback.tsx';
import { StaffRowView, type StaffChange } from './team/StaffRowView.tsx';
import { useDateTime } from './team/useDateTime.ts';

export interface StaffManagerProps {
  staff: StaffRow[];
  /** The signed-in admin's id. */
  me: number;
  strings: TeamStrings;
  locale: 'de' | 'en';
}

function changedText(row: StaffRow, change: StaffChange, strings: TeamStrings): string {
  const { email } = row;
  if ('role' in change) return fill(strings['staff.roleChanged'], { email, role: strings[`role.${row.role}`] });
  return fill(strings[row.disabled ? 'staff.disabledDone' : 'staff.enabledDone'], { email });
}

export function StaffManager({ staff, me, strings, locale }: StaffManagerProps) {
  const [rows, setRows] = useState(staff);
  const [pending, setPending] = useState<{ id: number; change: StaffChange } | null>(null);
  const { notice, say } = useNotice();
  const formatDate = useDateTime(locale);

  async function update(row: StaffRow, change: StaffChange) {
    if (pending) return;
    setPending({ id: row.id, change });
    try {
      const updated = await call(adminClient.updateStaff, { id: row.id, ...change });
      setRows((all) => all.map((r) => (r.id === updated.id ? updated : r)));
      say('ok', changedText(updated, change, strings));
    } catch (error) {
      say(
        'error',
        failureText(error, strings, {
          LAST_ADMIN: strings['staff.lastAdmin'],
          STAFF_NOT_FOUND: strings['staff.notFound'],
        }),
      );
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="team-island team-staff">
      <div className="team-table-wrap" role="region" aria-label={strings['staff.tableLabel']} tabIndex={0}>
        <table className="team-table">
          <thead>
            <tr>
              <th scope="col">{strings['staff.column.email']}</th>
              <th scope="col">{strings['staff.column.role']}</th>
              <th scope="col">{strings['staff.column.status']}</th>
              <th scope="col">{strings['staff.column.created']}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <StaffRowView
                key={row.id}
                row={pending?.id === row.id ? { ...row, ...pending.change } : row}
                isMe={row.id === me}
                busy={pending?.id === row.id}
                onChange={(c) => void update(row, c)}
                formatDate={formatDate}
                strings={strings}
              />
            ))}
          </tbody>
        </table>
      </div>
      <Feedback notice={notice} />
      <AddStaffForm strings={strings} onAdded={(row) => setRows((all) => [...all, row])} />
    </div>
  );
}
