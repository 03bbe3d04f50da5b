// One person in the staff table: the role as a select and the status with the button that
// flips it. Each control names the person it acts on, since a row of twenty selects all called
// "Role" tells a screen reader user nothing.
import type { StaffRow } from '#lib/admin/contract.ts';
import type { StaffRole } from '#lib/admin/rules.ts';
import type { TeamStrings } from '#lib/admin/team-messages.ts';
import { fill } from '#lib/i18n/format.ts';
import { ROLES } from './rule-lists.ts';

export type StaffChange = { role: StaffRole } | { disabled: boolean };

interface Props {
  row: StaffRow;
  isMe: boolean;
  busy: boolean;
  onChange: (change: StaffChange) => void;
  formatDate: (iso: string) => string;
  strings: TeamStrings;
}

export function StaffRowView({ row, isMe, busy, onChange, formatDate, strings }: Props) {
  const { email } = row;
  return (
    <tr className={row.disabled ? 'team-row-disabled' : undefined}>
      <th scope="row">
        <span className="team-email">{email}</span>
        {isMe && (
          <>
            {' '}
            <span className="team-you">{strings['common.you']}</span>
          </>
        )}
      </th>
      <td>
        <select
          value={row.role}
          aria-busy={busy || undefined}
          aria-label={fill(strings['staff.roleOf'], { email })}
          onChange={(e) => onChange({ role: e.target.value as StaffRole })}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {strings[`role.${role}`]}
            </option>
          ))}
        </select>
      </td>
      <td>
        <div className="team-status-cell">
          <span>{row.disabled ? strings['staff.disabled'] : strings['staff.active']}</span>
          <button
            type="button"
            className="button secondary"
            aria-disabled={busy || undefined}
            onClick={() => onChange({ disabled: !row.disabled })}
            aria-label={fill(strings[row.disabled ? 'staff.enableLabel' : 'staff.disableLabel'], { email })}
          >
            {row.disabled ? strings['staff.enable'] : strings['staff.disable']}
          </button>
        </div>
      </td>
      <td>
        <time dateTime={row.createdAt}>{formatDate(row.createdAt)}</time>
      </td>
    </tr>
  );
}
