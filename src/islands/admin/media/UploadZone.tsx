// The upload area: a labelled file field (several files at once) that files can also be dropped onto;
// each file goes up as soon as it is chosen, its bytes sent shown as a progress bar.
import { useId, useRef, useState, type DragEvent } from 'react';
import type { MediaStrings } from '#lib/media/messages.ts';
import { fill } from '#lib/i18n/format.ts';

/** What the browser offers in its file dialog; the server decides by the bytes whatever is sent. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif,image/tiff';

export interface Sending {
  key: number;
  name: string;
  /** 0 to 1. */
  fraction: number;
}

interface Props {
  sending: Sending[];
  onFiles: (files: File[]) => void;
  strings: MediaStrings;
}

export function UploadZone({ sending, onFiles, strings }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  function drop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    onFiles([...event.dataTransfer.files]);
  }

  return (
    <section
      className="admin-card media-upload"
      aria-labelledby={`${id}-title`}
      data-dragging={dragging || undefined}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <h2 id={`${id}-title`}>{strings['media.upload.legend']}</h2>
      <div className="field">
        <label htmlFor={`${id}-files`}>{strings['media.upload.label']}</label>
        <input
          ref={input}
          id={`${id}-files`}
          type="file"
          multiple
          accept={ACCEPT}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            onFiles([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <p id={`${id}-hint`} className="field-hint">
          {strings['media.upload.hint']}
        </p>
      </div>
      {sending.map((s) => (
        <div key={s.key} className="media-progress">
          <label htmlFor={`${id}-${s.key}`}>{fill(strings['media.upload.progress'], { name: s.name })}</label>
          <progress id={`${id}-${s.key}`} value={s.fraction} max={1}>
            {Math.round(s.fraction * 100)} %
          </progress>
        </div>
      ))}
    </section>
  );
}
