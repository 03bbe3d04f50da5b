// A labelled text field of the checkout: optional fields say so, the hint and the error are tied to
// the input (aria-describedby) and a rejected value is marked aria-invalid.
import { useId, type InputHTMLAttributes } from 'react';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: InputHTMLAttributes<HTMLInputElement>['autoComplete'];
  /** Shown beside the label of a field that may stay empty, e.g. '(optional)'. */
  optionalLabel?: string | undefined;
  type?: 'text' | 'email' | 'tel' | 'password';
  error?: string | undefined;
  hint?: string | undefined;
  maxLength?: number;
  multiline?: boolean;
  className?: string;
}

export const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

export function TextField(props: TextFieldProps) {
  const { label, value, onChange, autoComplete, optionalLabel, type = 'text', error, hint, maxLength, multiline } = props;
  const id = useId();
  const common = {
    id, value, maxLength, required: !optionalLabel,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hint && `${id}-hint`, error && `${id}-error`),
  } as const;
  return (
    <div className={`field ${props.className ?? ''}`}>
      <label htmlFor={id}>{label}{optionalLabel && <span className="field-optional"> ({optionalLabel})</span>}</label>
      {multiline
        ? <textarea {...common} rows={4} onChange={(e) => onChange(e.target.value)} />
        : <input {...common} type={type} autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)} />}
      {hint && <p id={`${id}-hint`} className="field-hint">{hint}</p>}
      {error && <p id={`${id}-error`} className="field-error">{error}</p>}
    </div>
  );
}
