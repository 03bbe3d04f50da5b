// The page a set-password link opens: a new password, typed twice. The browser checks the policy's
// own rules and that both match before anything is sent; the server checks again (and against the
// breached-password list), and what it refuses shows beside the field, in the editor's language.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { adminClient, ApiClientError, call } from '#lib/admin/client.ts';
import type { TeamStrings } from '#lib/admin/team-messages.ts';
import {
  PASSWORD_MIN_LENGTH,
  passwordProblemOf,
  passwordRuleProblem,
  type PasswordProblem,
} from '#lib/auth/password-policy.ts';
import { fill } from '#lib/i18n/format.ts';
import { TextField } from '../shared/TextField.tsx';
import { failureText, fieldIssue } from './team/failure.ts';

export interface SetPasswordFormProps {
  /** The token of the e-mailed link. */
  token: string;
  strings: TeamStrings;
}

type Errors = { password?: string | undefined; repeat?: string | undefined };

const problemText = (problem: PasswordProblem, strings: TeamStrings) =>
  fill(strings[`password.${problem}`], { min: PASSWORD_MIN_LENGTH });

/** The field errors of a refused password, or null for a failure that is not about it. */
function refusedPassword(error: unknown, strings: TeamStrings): Errors | null {
  if (error instanceof ApiClientError && error.code === 'INVALID_PASSWORD')
    return { password: strings['setPassword.invalid'] };
  const issue = fieldIssue(error, 'password');
  if (issue === null) return null;
  const problem = passwordProblemOf(issue);
  return { password: problem ? problemText(problem, strings) : strings['setPassword.invalid'] };
}

export function SetPasswordForm({ token, strings }: SetPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<{ text: string; id: number } | null>(null);
  const [state, setState] = useState<'form' | 'done' | 'invalidLink'>(token ? 'form' : 'invalidLink');
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const outcome = useRef<HTMLParagraphElement>(null);
  const submitted = useRef(false);

  // After a refused submit the first marked field takes the focus, so its message is read out.
  useEffect(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), [errors]);
  // The form gives way to the outcome; the focus goes with it, but not when the page opens with it.
  useEffect(() => {
    if (submitted.current) outcome.current?.focus();
  }, [state]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const problem = passwordRuleProblem(password);
    const checked: Errors = {
      password: problem ? problemText(problem, strings) : undefined,
      repeat: !problem && repeat !== password ? strings['setPassword.mismatch'] : undefined,
    };
    setErrors(checked);
    setFailure(null);
    if (checked.password || checked.repeat) return;
    setPending(true);
    submitted.current = true;
    try {
      await call(adminClient.setPassword, { token, password });
      setState('done');
    } catch (error) {
      if (error instanceof ApiClientError && error.code === 'INVALID_TOKEN') return setState('invalidLink');
      const refused = refusedPassword(error, strings);
      if (refused) setErrors(refused);
      else setFailure((prev) => ({ text: failureText(error, strings), id: (prev?.id ?? 0) + 1 }));
    } finally {
      setPending(false);
    }
  }

  if (state === 'done') {
    return (
      <div className="team-island team-done">
        <p ref={outcome} tabIndex={-1}>
          {strings['setPassword.done']}
        </p>
        <a className="button primary" href="/admin/sign-in">
          {strings['setPassword.signIn']}
        </a>
      </div>
    );
  }
  if (state === 'invalidLink') {
    return (
      <div className="team-island">
        <p ref={outcome} tabIndex={-1} className="form-error" role="alert">
          {strings['setPassword.invalidToken']}
        </p>
      </div>
    );
  }
  return (
    <form
      ref={form}
      className="team-island team-form"
      method="post"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-busy={pending || undefined}
    >
      <TextField
        value={password}
        onChange={setPassword}
        type="password"
        label={strings['setPassword.password']}
        autoComplete="new-password"
        hint={fill(strings['setPassword.hint'], { min: PASSWORD_MIN_LENGTH })}
        error={errors.password}
      />
      <TextField
        value={repeat}
        onChange={setRepeat}
        type="password"
        label={strings['setPassword.repeat']}
        autoComplete="new-password"
        error={errors.repeat}
      />
      <div role="alert">
        {failure && (
          <p key={failure.id} className="form-error">
            {failure.text}
          </p>
        )}
      </div>
      <button type="submit" className="button primary" disabled={pending}>
        {strings['setPassword.submit']}
      </button>
    </form>
  );
}
