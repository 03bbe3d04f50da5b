// The register view: email, first and last name, password and the
// create-account checkbox. Failures show as red text under the form, not as an alert box; a password
// the server refuses (too common, the e-mail address) shows beside the password field. After sending,
// the view says "check your e-mail", whatever the address: the mailed link activates the account.
import { useStore } from '@nanostores/react';
import { $registrationSent, register, showAuthView } from '#lib/auth/store.ts';
import type { AuthErrorStrings, RegisterFormStrings } from './strings.ts';
import { errorText } from './strings.ts';
import { CheckboxField } from '../shared/CheckboxField.tsx';
import { TextField } from '../shared/TextField.tsx';
import { fieldText, useAuthForm } from './useAuthForm.ts';

export function RegisterForm({ strings, errors }: { strings: RegisterFormStrings; errors: AuthErrorStrings }) {
  const { formRef, onSubmit, pending, fields, error } = useAuthForm((data) =>
    register({
      email: fieldText(data, 'email'),
      firstName: fieldText(data, 'firstName'),
      lastName: fieldText(data, 'lastName'),
      password: fieldText(data, 'password'),
      createAccount: data.get('createAccount') === 'on',
    }),
  );
  const sent = useStore($registrationSent);
  const err = (field: keyof typeof fields) => errorText(fields[field], errors);
  const back = (
    <button type="button" className="text-button" onClick={() => showAuthView('login', false)}>
      {strings.backToLogin}
    </button>
  );
  if (sent)
    return (
      <div className="auth-confirmation">
        <p role="status">{strings.sent}</p>
        {back}
      </div>
    );
  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={onSubmit} aria-busy={pending}>
      <TextField name="email" type="email" label={strings.email} autoComplete="email" error={err('email')} />
      <TextField name="firstName" label={strings.firstName} autoComplete="given-name" error={err('firstName')} />
      <TextField name="lastName" label={strings.lastName} autoComplete="family-name" error={err('lastName')} />
      <TextField
        name="password"
        type="password"
        label={strings.password}
        autoComplete="new-password"
        hint={strings.passwordRule}
        error={err('password')}
      />
      <CheckboxField name="createAccount" label={strings.createAccount} error={err('createAccount')} />
      <div className="form-error-region" aria-live="polite">
        {error && <p className="form-error">{errorText(error, errors)}</p>}
      </div>
      <button type="submit" className="button primary auth-submit">
        {strings.register}
      </button>
      {back}
    </form>
  );
}
