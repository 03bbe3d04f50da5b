// The password pages: /reset-password and /create-password read ?token= from the
// emailed link. States: the form; finished, with a link to log in; or an invalid link (missing,
// unknown, expired or used token), shown as red text.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $resetState, setNewPassword, tokenFromLocation } from '#lib/auth/store.ts';
import { errorText, type NewPasswordStrings } from './strings.ts';
import { TextField } from '../shared/TextField.tsx';
import { fieldText, useAuthForm } from './useAuthForm.ts';

export interface NewPasswordFormProps {
  kind: 'reset' | 'create';
  /** Where "Log in" goes: the home page, which opens the login modal for #login. */
  loginHref: string;
  strings: NewPasswordStrings;
}

export function NewPasswordForm({ kind, loginHref, strings }: NewPasswordFormProps) {
  const state = useStore($resetState);
  // null until read on the client: the prebuilt page cannot know the token.
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => setToken(tokenFromLocation()), []);
  const { formRef, onSubmit, pending, fields, error } = useAuthForm((data) =>
    setNewPassword(kind, { token: token ?? '', password: fieldText(data, 'password') }),
  );

  const login = (
    <a className="button primary" href={loginHref}>
      {strings.login}
    </a>
  );
  if (state === 'finished') {
    return (
      <div className="auth-confirmation">
        <p role="status">{strings.passwordCreated}</p>
        {login}
      </div>
    );
  }
  const invalid = token === '' || (error && 'key' in error && error.key === 'server.INVALID_TOKEN');
  if (invalid) {
    return (
      <div className="auth-confirmation">
        <p className="form-error" role="status">
          {strings.errors['server.INVALID_TOKEN']}
        </p>
        {login}
      </div>
    );
  }
  return (
    <form ref={formRef} className="auth-form new-password-form" noValidate onSubmit={onSubmit} aria-busy={pending}>
      <TextField
        name="password"
        type="password"
        label={strings.newPassword}
        autoComplete="new-password"
        hint={strings.passwordRule}
        error={errorText(fields.password, strings.errors)}
      />
      <div className="form-error-region" aria-live="polite">
        {error && <p className="form-error">{errorText(error, strings.errors)}</p>}
      </div>
      <button type="submit" className="button primary auth-submit" disabled={token === null}>
        {strings.setPassword}
      </button>
    </form>
  );
}
