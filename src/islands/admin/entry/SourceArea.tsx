// An HTML field as source: what is typed is what the sanitizer sees on save. A picture chosen from the
// media library goes in where the caret is.
import { useRef } from 'react';
import type { PickerStrings } from '#lib/media/messages.ts';
import { MediaPicker } from '../media/MediaPicker.tsx';

interface Props {
  id: string;
  value: string;
  onChange: (next: string) => void;
  describedBy: string;
  error?: string | undefined;
  picker?: PickerStrings | undefined;
  /** The field's label, for the picker button's name. */
  field: string;
}

export function SourceArea({ id, value, onChange, describedBy, error, picker, field }: Props) {
  const area = useRef<HTMLTextAreaElement>(null);
  const insert = (path: string) => {
    const at = area.current?.selectionEnd ?? value.length;
    onChange(`${value.slice(0, at)}<img src="${path}" alt="">${value.slice(at)}`);
  };
  return (
    <>
      <textarea
        ref={area}
        id={id}
        value={value}
        rows={12}
        spellCheck={false}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {picker && <MediaPicker strings={picker} field={field} onPick={insert} />}
    </>
  );
}
