// The reset-password view: email or customer number. Once the link is
// requested it shows the confirmation (the email may take up to 30 minutes) and a back-to-login button.
import { useStore } from '@nanostores/react';
import { $resetState, requestReset, showAuthView } from '#lib/auth/store.ts';
import type { AuthErrorStrings, ResetFormStrings } from './strings.ts';
import { errorText } from './strings.ts';
import { TextField } from '../shared/TextField.tsx';
import { fieldText, useAuthForm } from './useAuthForm.ts';

export function ResetForm({ strings, errors }: { strings: ResetFormStrings; errors: AuthErrorStrings }) {
  const state = useStore($resetState);
  const { formRef, onSubmit, pending, fields, error } = useAuthForm((data) => requestReset(fieldText(data, 'email')));
  if (state === 'link-sent') {
    return (
      <div className="auth-confirmation">
        <p role="status">{strings.resetSent}</p>
        <button type="button" className="button secondary" onClick={() => showAuthView('login', false)}>
          {strings.backToLogin}
        </button>
      </div>
    );
  }
  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={onSubmit} aria-busy={pending}>
      <p className="auth-intro">{strings.intro}</p>
      <TextField
        name="email"
        label={strings.username}
        autoComplete="username"
        error={errorText(fields.email, errors)}
      />
      <div className="form-error-region" aria-live="polite">
        {error && <p className="form-error">{errorText(error, errors)}</p>}
      </div>
      <button type="submit" className="button primary auth-submit">
        {strings.sendResetLink}
      </button>
      <button type="button" className="text-button" onClick={() => showAuthView('login', false)}>
        {strings.backToLogin}
      </button>
    </form>
  );
}
