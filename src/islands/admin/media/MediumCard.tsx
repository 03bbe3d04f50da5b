// One medium in the library's grid: its thumbnail, size and uses, its alternative texts, a new file
// for it, and deletion while nothing uses it.
import { useRef } from 'react';
import type { MediumRow } from '#lib/media/contract.ts';
import type { MediaStrings } from '#lib/media/messages.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { fill } from '#lib/i18n/format.ts';
import { shareImageUrl } from '#lib/site/images.ts';
import { AltForm } from './AltForm.tsx';

interface Props {
  medium: MediumRow;
  busy: boolean;
  locale: 'de' | 'en';
  onAlt: (medium: MediumRow, alt: Partial<Record<Locale, string>>) => void;
  onReplace: (medium: MediumRow, file: File) => void;
  onDelete: (medium: MediumRow) => void;
  strings: MediaStrings;
}

const size = (bytes: number, locale: string) =>
  bytes < 1024 * 1024
    ? new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(bytes / 1024)
    : new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
        bytes / 1024 / 1024,
      );

export function MediumCard({ medium, busy, locale, onAlt, onReplace, onDelete, strings }: Props) {
  const file = useRef<HTMLInputElement>(null);
  const titleId = `medium-${medium.id}-name`;
  return (
    <li className="media-card" aria-labelledby={titleId}>
      <img
        className="media-thumb"
        src={shareImageUrl(medium.src, 300, 'webp')}
        alt={medium.alt[locale] ?? ''}
        width={300}
        height={Math.round((300 * medium.height) / medium.width)}
        loading="lazy"
      />
      <h3 id={titleId}>{medium.name}</h3>
      <p className="field-hint">
        {fill(strings['media.size'], { width: medium.width, height: medium.height, bytes: size(medium.bytes, locale) })}
      </p>
      <h4>{strings['media.uses.title']}</h4>
      {medium.uses.length === 0 ? (
        <p>{strings['media.uses.none']}</p>
      ) : (
        <ul className="media-uses">
          {medium.uses.map((u) => (
            <li key={`${u.type}:${u.identifier}:${u.locale}:${u.draft}`}>
              {`${u.type}:${u.identifier} (${u.locale || strings['media.uses.all']})`}
              {u.draft && ` ${strings['media.uses.draft']}`}
            </li>
          ))}
        </ul>
      )}
      <AltForm
        key={medium.revision + JSON.stringify(medium.alt)}
        medium={medium}
        busy={busy}
        onSave={(alt) => onAlt(medium, alt)}
        strings={strings}
      />
      <div className="media-actions">
        <input
          ref={file}
          type="file"
          hidden
          accept="image/*"
          aria-label={fill(strings['media.replaceLabel'], { name: medium.name })}
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            e.target.value = '';
            if (chosen) onReplace(medium, chosen);
          }}
        />
        <button type="button" className="button" disabled={busy} onClick={() => file.current?.click()}>
          {strings['media.replace']}
        </button>
        {medium.uses.length === 0 && (
          <button
            type="button"
            className="button"
            disabled={busy}
            aria-label={fill(strings['media.deleteLabel'], { name: medium.name })}
            onClick={() => onDelete(medium)}
          >
            {strings['media.delete']}
          </button>
        )}
      </div>
    </li>
  );
}
