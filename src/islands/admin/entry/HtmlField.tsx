// The HTML of a banner, bar, cart header or content page, as source: what an editor types is what the
// sanitizer sees on save (the hint says what it keeps), and the preview shows the result on the page.
import { useId, useRef } from 'react';
import type { PickerStrings } from '#lib/media/messages.ts';
import { MediaPicker } from '../media/MediaPicker.tsx';

export function HtmlField({
  value,
  onChange,
  label,
  hint,
  error,
  picker,
}: {
  value: string;
  onChange: (next: string) => void;
  label: string;
  hint: string;
  error?: string | undefined;
  /** The media library: a chosen picture goes in where the caret is, with the library's alternative texts on the shop. */
  picker?: PickerStrings | undefined;
}) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const insert = (path: string) => {
    const at = area.current?.selectionEnd ?? value.length;
    onChange(`${value.slice(0, at)}<img src="${path}" alt="">${value.slice(at)}`);
  };
  return (
    <div className="field admin-html-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        ref={area}
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
      {picker && <MediaPicker strings={picker} field={label} onPick={insert} />}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
