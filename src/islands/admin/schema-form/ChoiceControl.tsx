import type { Descriptor } from '#lib/admin/form-model.ts';
import { notesFor, type FieldProps } from './form-context.ts';
import { FieldNotes } from './FieldNotes.tsx';

type ChoiceDescriptor = Extract<Descriptor, { kind: 'boolean' | 'enum' }>;

/**
 * A checkbox for a plain yes/no; a select otherwise. An override (absence 'siteDefault') offers the
 * site's setting as its first choice, and a boolean override needs three states, so it is a select too.
 */
export function ChoiceControl({
  ctx,
  descriptor: d,
  path,
  value,
  onChange,
  fieldKey,
  label,
  absence,
}: FieldProps<ChoiceDescriptor>) {
  const { strings } = ctx;
  const notes = notesFor(ctx, path, fieldKey);
  if (d.kind === 'boolean' && absence !== 'siteDefault') {
    return (
      <div className="sf-field sf-check">
        <input
          type="checkbox"
          id={notes.id}
          {...notes.aria}
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={notes.id}>{label}</label>
        <FieldNotes notes={notes} />
      </div>
    );
  }
  const options: [string, string][] =
    d.kind === 'boolean'
      ? [
          ['true', strings.yes],
          ['false', strings.no],
        ]
      : d.options.map((o) => [o, ctx.optionLabels(fieldKey, o)]);
  const current =
    d.kind === 'boolean' ? (typeof value === 'boolean' ? String(value) : '') : typeof value === 'string' ? value : '';
  const known = options.some(([v]) => v === current);
  // A required choice with no valid value yet shows that rather than pretending the first option is set.
  const blank =
    absence === 'siteDefault' ? strings.siteDefault : absence === 'optional' || !known ? strings.notSet : undefined;
  return (
    <div className="sf-field">
      <label htmlFor={notes.id}>{label}</label>
      <select
        id={notes.id}
        {...notes.aria}
        value={known ? current : ''}
        onChange={(e) =>
          onChange(d.kind === 'boolean' && e.target.value !== '' ? e.target.value === 'true' : e.target.value)
        }
      >
        {blank !== undefined && (
          <option value="" disabled={absence === 'required'}>
            {blank}
          </option>
        )}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      <FieldNotes notes={notes} />
    </div>
  );
}
