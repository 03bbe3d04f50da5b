// "Create token": a name that says what the token is for and at least one scope, each with a line
// on what it allows, since a scope's name alone does not tell whether it publishes.
import { useId, useState, type FormEvent } from 'react';
import { adminClient, call } from '#lib/admin/client.ts';
import type { TokenRow } from '#lib/admin/contract.ts';
import type { TokenScope } from '#lib/admin/rules.ts';
import type { TeamStrings } from '#lib/admin/team-messages.ts';
import { TextField, describedBy } from '../../shared/TextField.tsx';
import { failureText } from './failure.ts';
import { Feedback, useNotice } from './Feedback.tsx';
import { SCOPES } from './rule-lists.ts';

interface Props {
  onCreated: (row: TokenRow, token: string) => void;
  strings: TeamStrings;
}

export function CreateTokenForm({ onCreated, strings }: Props) {
  const id = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>([]);
  const [scopesError, setScopesError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const { notice, say, clear } = useNotice();

  const toggle = (scope: TokenScope, on: boolean) =>
    setScopes((all) => (on ? SCOPES.filter((s) => s === scope || all.includes(s)) : all.filter((s) => s !== scope)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    clear();
    const form = event.currentTarget;
    if (scopes.length === 0) {
      setScopesError(strings['tokens.scopesRequired']);
      form.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
      return;
    }
    setScopesError(undefined);
    setPending(true);
    try {
      const { token, ...row } = await call(adminClient.createToken, { name: name.trim(), scopes });
      onCreated(row, token);
      setName('');
      setScopes([]);
    } catch (error) {
      say('error', failureText(error, strings));
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
      <h2 id={`${id}-title`}>{strings['tokens.create']}</h2>
      <TextField value={name} onChange={setName} label={strings['tokens.name']} autoComplete="off" maxLength={80} />
      <fieldset className="team-scope-choice">
        <legend>{strings['tokens.scopes']}</legend>
        {SCOPES.map((scope) => (
          <div key={scope} className="field field-checkbox">
            <input
              id={`${id}-${scope}`}
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={(e) => toggle(scope, e.target.checked)}
              aria-invalid={scopesError ? true : undefined}
              aria-describedby={describedBy(`${id}-${scope}-hint`, scopesError && `${id}-scopes-error`)}
            />
            <label htmlFor={`${id}-${scope}`}>{strings[`scope.${scope}`]}</label>
            <p id={`${id}-${scope}-hint`} className="field-hint">
              {strings[`scopeHint.${scope}`]}
            </p>
          </div>
        ))}
        {scopesError && (
          <p id={`${id}-scopes-error`} className="field-error">
            {scopesError}
          </p>
        )}
      </fieldset>
      <Feedback notice={notice} />
      <button type="submit" className="button primary" disabled={pending}>
        {strings['tokens.createSubmit']}
      </button>
    </form>
  );
}
