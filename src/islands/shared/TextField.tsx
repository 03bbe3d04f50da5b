// The labelled text field of every form (sign-in, registration, checkout): the hint and the error are
// tied to the input (aria-describedby), so a screen reader reads them with the field; aria-invalid
// marks a value the last submit rejected; a field that may stay empty says so beside its label and
// is the only kind that is not required. Controlled (value and onChange) where React state holds the
// form, or uncontrolled with a name where the form is read on submit and works before hydration.
import { useId, type InputHTMLAttributes } from 'react';
import { useTypedBeforeHydration } from './useTypedBeforeHydration.ts';

type Binding =
  | { value: string; onChange: (value: string) => void; name?: string | undefined }
  | { name: string; value?: undefined; onChange?: undefined };

export type TextFieldProps = Binding & {
  label: string;
  autoComplete: InputHTMLAttributes<HTMLInputElement>['autoComplete'];
  /** Shown beside the label of a field that may stay empty, e.g. '(optional)'. */
  optionalLabel?: string | undefined;
  type?: 'text' | 'email' | 'tel' | 'password';
  error?: string | undefined;
  hint?: string | undefined;
  maxLength?: number | undefined;
  multiline?: boolean;
  className?: string;
};

/** The ids of the texts that describe a control, or undefined when none does. */
export const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

export function TextField(props: TextFieldProps) {
  const {
    label,
    name,
    value,
    onChange,
    autoComplete,
    optionalLabel,
    type = 'text',
    error,
    hint,
    maxLength,
    multiline,
  } = props;
  const id = useId();
  const field = useTypedBeforeHydration<HTMLInputElement & HTMLTextAreaElement>(value, onChange);
  const common = {
    id,
    name,
    value,
    maxLength,
    required: !optionalLabel,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hint && `${id}-hint`, error && `${id}-error`),
    onChange: onChange && ((e: { target: { value: string } }) => onChange(e.target.value)),
  } as const;
  return (
    <div className={props.className ? `field ${props.className}` : 'field'}>
      <label htmlFor={id}>
        {label}
        {optionalLabel && <span className="field-optional"> ({optionalLabel})</span>}
      </label>
      {multiline ? (
        <textarea ref={field} {...common} rows={4} />
      ) : (
        <input ref={field} {...common} type={type} autoComplete={autoComplete} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
