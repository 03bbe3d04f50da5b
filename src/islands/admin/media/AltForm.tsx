// A medium's alternative texts, one field per shop language, and what is still missing before the
// medium may be used.
import { useId, useState, type FormEvent } from 'react';
import type { MediumRow } from '#lib/media/contract.ts';
import type { MediaStrings } from '#lib/media/messages.ts';
import { missingAlt } from '#lib/media/rules.ts';
import { LOCALES, type Locale } from '#lib/i18n/locales.ts';
import { fill } from '#lib/i18n/format.ts';

interface Props {
  medium: MediumRow;
  busy: boolean;
  onSave: (alt: Partial<Record<Locale, string>>) => void;
  strings: MediaStrings;
}

export function AltForm({ medium, busy, onSave, strings }: Props) {
  const id = useId();
  const [alt, setAlt] = useState<Partial<Record<Locale, string>>>(medium.alt);
  const missing = missingAlt(medium.alt);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) onSave(alt);
  }

  return (
    <form className="media-alt" onSubmit={submit} noValidate>
      <fieldset aria-describedby={`${id}-hint ${id}-state`}>
        <legend>{fill(strings['media.alt.legend'], { name: medium.name })}</legend>
        <p id={`${id}-hint`} className="field-hint">
          {strings['media.alt.hint']}
        </p>
        {LOCALES.map((l) => (
          <div key={l} className="field">
            <label htmlFor={`${id}-${l}`}>{strings[`lang.${l}`]}</label>
            <input
              id={`${id}-${l}`}
              lang={l}
              value={alt[l] ?? ''}
              maxLength={300}
              autoComplete="off"
              onChange={(e) => setAlt((a) => ({ ...a, [l]: e.target.value }))}
            />
          </div>
        ))}
        <p id={`${id}-state`} className={missing.length > 0 ? 'media-missing' : 'media-ready'}>
          {missing.length > 0
            ? fill(strings['media.alt.missing'], { languages: missing.map((l) => strings[`lang.${l}`]).join(', ') })
            : strings['media.alt.ready']}
        </p>
      </fieldset>
      <button type="submit" className="button" disabled={busy}>
        {strings['media.alt.save']}
      </button>
    </form>
  );
}
