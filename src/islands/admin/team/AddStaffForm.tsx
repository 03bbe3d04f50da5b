// "Add staff member": an address and a role. The new person gets no password here; the server
// e-mails them a link to set one, and the form says so. An address that already has an account is
// marked at the field, where the editor corrects it.
import { useId, useState, type FormEvent } from 'react';
import { adminClient, ApiClientError, call } from '#lib/admin/client.ts';
import type { StaffRow } from '#lib/admin/contract.ts';
import type { StaffRole } from '#lib/admin/rules.ts';
import type { TeamStrings } from '#lib/admin/team-messages.ts';
import { fill } from '#lib/i18n/format.ts';
import { TextField } from '../../shared/TextField.tsx';
import { failureText, fieldIssue } from './failure.ts';
import { Feedback, useNotice } from './Feedback.tsx';
import { ROLES } from './rule-lists.ts';

interface Props {
  onAdded: (row: StaffRow) => void;
  strings: TeamStrings;
}

export function AddStaffForm({ onAdded, strings }: Props) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('editor');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const { notice, say, clear } = useNotice();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    setPending(true);
    setEmailError(undefined);
    clear();
    try {
      const row = await call(adminClient.addStaff, { email, role });
      onAdded(row);
      setEmail('');
      say('ok', fill(strings['staff.added'], { email: row.email }));
    } catch (error) {
      const exists = error instanceof ApiClientError && error.code === 'STAFF_EXISTS';
      const atField = exists
        ? strings['staff.exists']
        : fieldIssue(error, 'email') !== null
          ? strings['staff.invalidEmail']
          : undefined;
      setEmailError(atField);
      if (atField) form.querySelector<HTMLInputElement>('input[type="email"]')?.focus();
      else say('error', failureText(error, strings));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      className="team-form team-add"
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
      aria-busy={pending || undefined}
    >
      <h2 id={`${id}-title`}>{strings['staff.add']}</h2>
      <div className="team-form-row">
        <TextField
          value={email}
          onChange={setEmail}
          type="email"
          label={strings['staff.email']}
          autoComplete="off"
          maxLength={254}
          error={emailError}
        />
        <div className="field">
          <label htmlFor={`${id}-role`}>{strings['staff.role']}</label>
          <select id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {strings[`role.${r}`]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Feedback notice={notice} />
      <button type="submit" className="button primary" disabled={pending}>
        {strings['staff.addSubmit']}
      </button>
    </form>
  );
}
