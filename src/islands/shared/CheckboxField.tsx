// The labelled checkbox of every form; an error is tied to it (aria-describedby) and marks it
// aria-invalid. Controlled (checked and onChange) or uncontrolled with a name, like TextField.
import { useId } from 'react';

type Binding =
  | { checked: boolean; onChange: (checked: boolean) => void; name?: string | undefined }
  | { name: string; checked?: undefined; onChange?: undefined };

export type CheckboxFieldProps = Binding & {
  label: string;
  error?: string | undefined;
};

export function CheckboxField({ label, name, checked, onChange, error }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="field field-checkbox">
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        onChange={onChange && ((e) => onChange(e.target.checked))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label htmlFor={id}>{label}</label>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
