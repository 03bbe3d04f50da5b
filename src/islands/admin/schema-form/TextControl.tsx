import type { Descriptor } from '#lib/admin/form-model.ts';
import { notesFor, type FieldProps } from './form-context.ts';
import { FieldNotes } from './FieldNotes.tsx';
import { MediaPicker } from '../media/MediaPicker.tsx';

type TextDescriptor = Extract<Descriptor, { kind: 'string' | 'number' }>;

/** Keys naming a picture the shop shows (the hero's image, the logo): the media library is offered beside them. */
const PICTURE_KEYS = new Set(['image', 'logo']);

/** Keys whose texts run to sentences; every value under them gets a multi-line box. */
const LONG_TEXT_KEYS = new Set(['text', 'description', 'descriptions', 'content', 'messages']);

/** A labelled text or number input; a hex colour shows a swatch of what it will look like. */
export function TextControl({
  ctx,
  descriptor: d,
  path,
  value,
  onChange,
  fieldKey,
  label,
  absence,
}: FieldProps<TextDescriptor>) {
  const notes = notesFor(ctx, path, fieldKey);
  const common = {
    id: notes.id,
    ...notes.aria,
    'aria-required': absence === 'required' && (d.kind === 'number' || (d.min ?? 0) > 0) ? true : undefined,
    // An empty override falls back to the site's setting, which the hint beside it names.
    placeholder: absence === 'siteDefault' && notes.hint ? ctx.strings.siteDefault : undefined,
  };
  let control;
  if (d.kind === 'number') {
    control = (
      <input
        {...common}
        type="number"
        inputMode={d.int ? 'numeric' : 'decimal'}
        step={d.int ? 1 : 'any'}
        min={d.min}
        max={d.max}
        value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
        onChange={(e) => onChange(e.target.value === '' ? Number.NaN : e.target.valueAsNumber)}
      />
    );
  } else {
    const text = typeof value === 'string' ? value : '';
    control = LONG_TEXT_KEYS.has(fieldKey) ? (
      <textarea {...common} rows={4} value={text} onChange={(e) => onChange(e.target.value)} />
    ) : (
      <input
        {...common}
        type={d.format === 'url' ? 'url' : 'text'}
        value={text}
        spellCheck={d.hexColour ? false : undefined}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  const swatch =
    d.kind === 'string' && d.hexColour && typeof value === 'string' && d.patterns.every((p) => p.regex.test(value))
      ? value
      : undefined;
  return (
    <div className="sf-field">
      <label htmlFor={notes.id}>{label}</label>
      {d.kind === 'string' && d.hexColour ? (
        <span className="sf-colour">
          {control}
          <span className="sf-swatch" aria-hidden="true" style={swatch ? { background: swatch } : undefined} />
        </span>
      ) : (
        control
      )}
      {d.kind === 'string' && ctx.mediaPicker && PICTURE_KEYS.has(fieldKey) && (
        <MediaPicker strings={ctx.mediaPicker} field={label} onPick={(path) => onChange(path)} />
      )}
      <FieldNotes notes={notes} />
    </div>
  );
}
