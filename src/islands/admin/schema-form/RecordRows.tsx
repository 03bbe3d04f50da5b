import { setAt, type Descriptor } from '#lib/admin/form-model.ts';
import { isPlainObject, notesFor, type FieldProps } from './form-context.ts';
import { FieldNotes } from './FieldNotes.tsx';
import { FieldView } from './FieldView.tsx';
import { FreeKeyRecord } from './FreeKeyRecord.tsx';

export type RecordDescriptor = Extract<Descriptor, { kind: 'record' }>;

/**
 * A record keyed by an enum (a text per language) has one row per possible key, each optional when
 * the record is partial; a record with free keys gets editable key/value rows.
 */
export function RecordRows(props: FieldProps<RecordDescriptor>) {
  const { ctx, descriptor: d, path, value, onChange, fieldKey, label } = props;
  if (d.key.kind === 'string') return <FreeKeyRecord {...props} />;
  const record = isPlainObject(value) ? value : {};
  const notes = notesFor(ctx, path, fieldKey);
  return (
    <fieldset className="sf-fieldset sf-record" aria-describedby={notes.aria['aria-describedby']}>
      <legend>{label}</legend>
      <FieldNotes notes={notes} />
      {d.key.options.map((key) => (
        <FieldView
          key={key}
          ctx={ctx}
          descriptor={d.value}
          path={[...path, key]}
          value={record[key]}
          fieldKey={fieldKey}
          label={ctx.optionLabels(fieldKey, key)}
          absence={d.partial ? 'optional' : 'required'}
          onChange={(next) => onChange(setAt(record, [key], next))}
        />
      ))}
    </fieldset>
  );
}
