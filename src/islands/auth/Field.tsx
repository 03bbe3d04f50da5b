// A labelled form field whose hint and error are tied to the input (aria-describedby), so a screen
// reader reads them with the field; aria-invalid marks the fields the last submit rejected.
import { useId, type InputHTMLAttributes } from 'react';

interface FieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete: InputHTMLAttributes<HTMLInputElement>['autoComplete'];
  error?: string | undefined;
  hint?: string | undefined;
}

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

export function Field({ name, label, type = 'text', autoComplete, error, hint }: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type={type} autoComplete={autoComplete} required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)} />
      {hint && <p id={`${id}-hint`} className="field-hint">{hint}</p>}
      {error && <p id={`${id}-error`} className="field-error">{error}</p>}
    </div>
  );
}

export function Checkbox({ name, label, error }: { name: string; label: string; error?: string | undefined }) {
  const id = useId();
  return (
    <div className="field field-checkbox">
      <input id={id} name={name} type="checkbox" aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined} />
      <label htmlFor={id}>{label}</label>
      {error && <p id={`${id}-error`} className="field-error">{error}</p>}
    </div>
  );
}
