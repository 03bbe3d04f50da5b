// The upload form: a labelled file field that a file can also be dropped onto (anywhere on the form),
// the three options, and the start button; while the file goes up, its bytes sent as a progress bar.
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import type { ImportStrings } from '#lib/admin/import-messages.ts';
import type { UploadOptions } from '#lib/import/client.ts';
import { fill } from '#lib/i18n/format.ts';
import { describedBy } from '../../shared/TextField.tsx';
import type { UploadProgress } from './useImportRun.ts';
import { fileSize } from './words.ts';

const ACCEPT = '.xml,.csv,.txt,.jsonl,.ndjson,.zip';

interface Props {
  busy: boolean;
  upload: UploadProgress | null;
  onStart: (file: File, options: UploadOptions) => void;
  strings: ImportStrings;
  locale: 'de' | 'en';
}

export function UploadForm({ busy, upload, onStart, strings, locale }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [options, setOptions] = useState<UploadOptions>({ check: false, strict: false, invite: false });
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const choose = (chosen: File | null) => {
    setFile(chosen);
    if (chosen) setError(undefined);
  };

  function drop(event: DragEvent<HTMLFormElement>) {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files;
    if (busy || dropped.length === 0 || !input.current) return;
    // The field itself holds the dropped file, so it names it as it would a chosen one.
    input.current.files = dropped;
    choose(dropped[0] ?? null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!file) {
      setError(strings['import.upload.noFile']);
      input.current?.focus();
      return;
    }
    onStart(file, options);
  }

  const option = (key: keyof UploadOptions) => (
    <div className="field field-checkbox">
      <input
        id={`${id}-${key}`}
        type="checkbox"
        checked={options[key]}
        onChange={(e) => setOptions((o) => ({ ...o, [key]: e.target.checked }))}
        aria-describedby={`${id}-${key}-hint`}
      />
      <label htmlFor={`${id}-${key}`}>{strings[`import.upload.${key}`]}</label>
      <p id={`${id}-${key}-hint`} className="field-hint">
        {strings[`import.upload.${key}Hint`]}
      </p>
    </div>
  );

  return (
    <form
      className="team-form import-form"
      data-dragging={dragging || undefined}
      aria-labelledby={`${id}-title`}
      aria-busy={upload ? true : undefined}
      noValidate
      onSubmit={submit}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={drop}
    >
      <h2 id={`${id}-title`}>{strings['import.upload.title']}</h2>
      <div className="field import-drop">
        <label htmlFor={`${id}-file`}>{strings['import.upload.file']}</label>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept={ACCEPT}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`${id}-file-hint`, error && `${id}-file-error`)}
        />
        <p id={`${id}-file-hint`} className="field-hint">
          {dragging ? strings['import.upload.drop'] : strings['import.upload.fileHint']}
        </p>
        {error && (
          <p id={`${id}-file-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
      {option('check')}
      {option('strict')}
      {option('invite')}
      {/* aria-disabled rather than disabled: the button keeps the focus while the file goes up. */}
      <button type="submit" className="button primary" aria-disabled={busy || undefined}>
        {strings['import.upload.start']}
      </button>
      {upload && (
        <div className="import-bytes">
          <label htmlFor={`${id}-bytes`}>{strings['import.upload.sending']}</label>
          <progress
            id={`${id}-bytes`}
            value={upload.sent}
            max={Math.max(upload.total, 1)}
            aria-describedby={`${id}-sent`}
          />
          <p id={`${id}-sent`}>
            {fill(strings['import.upload.bytes'], {
              sent: fileSize(upload.sent, locale),
              total: fileSize(upload.total, locale),
            })}
          </p>
        </div>
      )}
    </form>
  );
}
