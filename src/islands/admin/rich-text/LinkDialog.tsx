// The link dialog: the link's target, checked with the content link rules before it goes into the
// text (htmlHref: what the sanitizer would unlink is refused here, in words). A modal <dialog>: the
// page behind is inert, Escape closes it, focus returns to the editor. The target field is a plain
// text input unless `renderTarget` gives another: the entry editor gives the link picker of
// src/islands/admin/link-picker/, which finds a category, product or content page by name.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { RichTextStrings } from '#lib/admin/rich-text-messages.ts';
import { htmlHref } from '#lib/admin/rich-text-schema.ts';

export interface LinkTargetProps {
  value: string;
  onChange: (code: string) => void;
  label: string;
}

interface Props {
  /** The link being edited ('' for a new one), or null while the dialog is closed. */
  initial: string | null;
  strings: RichTextStrings;
  /** The href to set, or null to remove the link. */
  onApply: (href: string | null) => void;
  onClose: () => void;
  renderTarget?: ((props: LinkTargetProps) => ReactNode) | undefined;
}

export function LinkDialog({ initial, strings: t, onApply, onClose, renderTarget }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState(false);
  useEffect(() => {
    if (initial === null) return dialog.current?.close();
    setValue(initial);
    setError(false);
    if (!dialog.current?.open) dialog.current?.showModal();
  }, [initial]);

  const apply = () => {
    const href = htmlHref(value);
    if (href === null) return setError(true);
    onApply(href);
  };
  const target = { value, onChange: setValue, label: t['link.target'] };

  return (
    <dialog ref={dialog} className="rich-link-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      {/* No <form>: the dialog sits inside the entry's form, and forms do not nest. */}
      <div
        onKeyDown={(e) => {
          // The link picker's Enter chooses its active option (and says so with preventDefault).
          if (e.key !== 'Enter' || e.defaultPrevented || !(e.target instanceof HTMLInputElement)) return;
          e.preventDefault();
          apply();
        }}
      >
        <h2 id={`${id}-title`}>{t['link.title']}</h2>
        {renderTarget ? (
          renderTarget(target)
        ) : (
          <div className="field">
            <label htmlFor={`${id}-target`}>{target.label}</label>
            <input
              id={`${id}-target`}
              type="text"
              value={value}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={error || undefined}
              aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
              onChange={(e) => setValue(e.target.value)}
            />
          </div>
        )}
        <p id={`${id}-hint`} className="field-hint">
          {t['link.hint']}
        </p>
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {t['link.invalid']}
          </p>
        )}
        <div className="rich-dialog-actions">
          <button type="button" className="button primary" onClick={apply}>
            {t['link.apply']}
          </button>
          {initial && (
            <button type="button" className="button" onClick={() => onApply(null)}>
              {t['link.remove']}
            </button>
          )}
          <button type="button" className="button" onClick={onClose}>
            {t['link.cancel']}
          </button>
        </div>
      </div>
    </dialog>
  );
}
