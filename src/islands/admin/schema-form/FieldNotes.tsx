import type { Notes } from './form-context.ts';

/** The hint and the error text a control's aria-describedby points at. */
export function FieldNotes({ notes }: { notes: Notes }) {
  return (
    <>
      {notes.hint && (
        <p id={`${notes.id}-hint`} className="sf-hint">
          {notes.hint}
        </p>
      )}
      {notes.error && (
        <p id={`${notes.id}-error`} className="sf-error">
          {notes.error}
        </p>
      )}
    </>
  );
}
