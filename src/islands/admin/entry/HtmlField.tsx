// The HTML of a banner, bar, cart header or content page, as source: what an editor types is what the
// sanitizer sees on save (the hint says what it keeps), and the preview shows the result on the page.
import { useId } from 'react';

export function HtmlField({
  value,
  onChange,
  label,
  hint,
  error,
}: {
  value: string;
  onChange: (next: string) => void;
  label: string;
  hint: string;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="field admin-html-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        value={value}
        rows={12}
        spellCheck={false}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
