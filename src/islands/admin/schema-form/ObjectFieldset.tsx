import { pathKey, setAt, type Descriptor, type FieldDescriptor } from '#lib/admin/form-model.ts';
import { isPlainObject, notesFor, type Absence, type FieldProps } from './form-context.ts';
import { FieldNotes } from './FieldNotes.tsx';
import { FieldView } from './FieldView.tsx';

type ObjectDescriptor = Extract<Descriptor, { kind: 'object' }>;

function absenceOf(field: FieldDescriptor, partial: boolean): Absence {
  // A key with a default is always shown with (and saved as) a value: absent and default mean the same.
  if (!field.optional || field.defaultValue !== undefined) return 'required';
  return partial ? 'siteDefault' : 'optional';
}

/** An object's fields in schema order; `bare` (the form's top level) leaves out the fieldset. */
export function ObjectFieldset(props: FieldProps<ObjectDescriptor> & { bare?: boolean }) {
  const { ctx, descriptor, path, value, onChange, label, hideLegend, bare } = props;
  const object = isPlainObject(value) ? value : {};
  const notes = notesFor(ctx, path, props.fieldKey);
  const fields = descriptor.fields.map((field) => {
    const fieldPath = [...path, field.key];
    return (
      <FieldView
        key={field.key}
        ctx={ctx}
        descriptor={field.descriptor}
        path={fieldPath}
        value={object[field.key] ?? field.defaultValue}
        fieldKey={field.key}
        label={ctx.labels(field.key, pathKey(fieldPath))}
        absence={absenceOf(field, descriptor.partial)}
        onChange={(next) => onChange(setAt(object, [field.key], next))}
      />
    );
  });
  if (bare)
    return (
      <div className="sf-object">
        <FieldNotes notes={notes} />
        {fields}
      </div>
    );
  return (
    <fieldset className="sf-fieldset" aria-describedby={notes.aria['aria-describedby']}>
      <legend className={hideLegend ? 'visually-hidden' : undefined}>{label}</legend>
      <FieldNotes notes={notes} />
      {fields}
    </fieldset>
  );
}
