// "Choose from the library" beside a picture field: a modal dialog (the page behind it inert, Escape
// closes it, focus returns to the button) listing the library's media; a medium still lacking an
// alternative text is shown but cannot be chosen, as the server would refuse the entry.
import { useId, useRef, useState } from 'react';
import { call } from '#lib/admin/client.ts';
import { mediaClient } from '#lib/media/client.ts';
import type { MediumRow } from '#lib/media/contract.ts';
import type { PickerStrings } from '#lib/media/messages.ts';
import { mediumPath, missingAlt } from '#lib/media/rules.ts';
import { fill } from '#lib/i18n/format.ts';
import { shareImageUrl } from '#lib/site/images.ts';
import { failureText } from '../team/failure.ts';

interface Props {
  strings: PickerStrings;
  /** The medium's address (/images/lib/{id}) and its row, once one is chosen. */
  onPick: (path: string, medium: MediumRow) => void;
  /** Names the field the picture is for, in the button's accessible name. */
  field: string;
}

export function MediaPicker({ strings, onPick, field }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [media, setMedia] = useState<MediumRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function open() {
    dialog.current?.showModal();
    setError(null);
    try {
      setMedia((await call(mediaClient.media, {})).media);
    } catch (failure) {
      setError(failureText(failure, strings));
    }
  }
  const close = () => {
    dialog.current?.close();
    opener.current?.focus();
  };

  return (
    <>
      <button
        ref={opener}
        type="button"
        className="button"
        aria-label={`${strings['picker.open']}: ${field}`}
        onClick={() => void open()}
      >
        {strings['picker.open']}
      </button>
      <dialog
        ref={dialog}
        className="media-picker"
        aria-labelledby={`${id}-title`}
        onClose={() => opener.current?.focus()}
      >
        <h2 id={`${id}-title`}>{strings['picker.title']}</h2>
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        {media === null && !error && <p role="status">{strings['picker.loading']}</p>}
        {media?.length === 0 && <p>{strings['picker.empty']}</p>}
        {media && media.length > 0 && (
          <ul className="media-pick-grid">
            {media.map((m) => {
              const ready = missingAlt(m.alt).length === 0;
              return (
                <li key={m.id}>
                  <button
                    type="button"
                    className="button"
                    disabled={!ready}
                    aria-label={fill(strings['picker.choose'], { name: m.name })}
                    aria-describedby={ready ? undefined : `${id}-${m.id}-note`}
                    onClick={() => {
                      onPick(mediumPath(m.id), m);
                      close();
                    }}
                  >
                    <img src={shareImageUrl(m.src, 150, 'webp')} alt="" width={150} height={96} loading="lazy" />
                    <span>{m.name}</span>
                  </button>
                  {!ready && (
                    <p id={`${id}-${m.id}-note`} className="field-hint">
                      {strings['picker.needsAlt']}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <p>
          <a href="/admin/media">{strings['picker.manage']}</a>
        </p>
        <button type="button" className="button" onClick={close}>
          {strings['picker.close']}
        </button>
      </dialog>
    </>
  );
}
