// The login view: username (email or customer number), password and
// remember-me. A failed login shows the translated server message in a danger alert.
import { signIn, showAuthView } from '#lib/auth/store.ts';
import type { AuthErrorStrings, LoginFormStrings } from './strings.ts';
import { errorText } from './strings.ts';
import { CheckboxField } from '../shared/CheckboxField.tsx';
import { TextField } from '../shared/TextField.tsx';
import { fieldText, useAuthForm } from './useAuthForm.ts';

export interface LoginFormProps {
  strings: LoginFormStrings;
  errors: AuthErrorStrings;
  /** The register view is offered in the modal. */
  canRegister: boolean;
  /** The external registration page, when the shop has one instead. */
  registerHref: string | null;
}

export function LoginForm({ strings, errors, canRegister, registerHref }: LoginFormProps) {
  const { formRef, onSubmit, pending, fields, error, attempt } = useAuthForm((data) =>
    signIn({
      username: fieldText(data, 'username'),
      password: fieldText(data, 'password'),
      rememberMe: data.get('rememberMe') === 'on',
    }),
  );
  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={onSubmit} aria-busy={pending}>
      {error && (
        <div key={attempt} role="alert" className="alert alert-danger">
          {errorText(error, errors)}
        </div>
      )}
      <TextField
        name="username"
        label={strings.username}
        autoComplete="username"
        error={errorText(fields.username, errors)}
      />
      <TextField
        name="password"
        type="password"
        label={strings.password}
        autoComplete="current-password"
        error={errorText(fields.password, errors)}
      />
      <CheckboxField name="rememberMe" label={strings.rememberMe} />
      <button type="submit" className="button primary auth-submit">
        {strings.login}
      </button>
      <button type="button" className="text-button" onClick={() => showAuthView('reset', canRegister)}>
        {strings.forgotPassword}
      </button>
      {(canRegister || registerHref) && (
        <p className="auth-switch">
          {strings.noAccount}{' '}
          {canRegister ? (
            <button type="button" className="text-button" onClick={() => showAuthView('register', canRegister)}>
              {strings.register}
            </button>
          ) : (
            <a href={registerHref!}>{strings.register}</a>
          )}
        </p>
      )}
    </form>
  );
}
