// Picks the control for a descriptor. The one place where "emptied" becomes "absent": an optional
// key left empty is removed, so the saved block holds no '' the schema would refuse (min length) or
// that would override a site default.
import { isEmptyValue, resolveDescriptor } from '#lib/admin/form-model.ts';
import type { FieldProps } from './form-context.ts';
import { ArrayList } from './ArrayList.tsx';
import { ChoiceControl } from './ChoiceControl.tsx';
import { ObjectFieldset } from './ObjectFieldset.tsx';
import { RecordRows } from './RecordRows.tsx';
import { TextControl } from './TextControl.tsx';

export function FieldView(props: FieldProps) {
  const { absence, onChange } = props;
  const set = (next: unknown) => onChange(absence !== 'required' && isEmptyValue(next) ? undefined : next);
  const d = resolveDescriptor(props.descriptor);
  switch (d.kind) {
    case 'object':
      return <ObjectFieldset {...props} descriptor={d} onChange={set} />;
    case 'array':
      return <ArrayList {...props} descriptor={d} onChange={set} />;
    case 'record':
      return <RecordRows {...props} descriptor={d} onChange={set} />;
    case 'string':
    case 'number':
      return <TextControl {...props} descriptor={d} onChange={set} />;
    case 'boolean':
    case 'enum':
      return <ChoiceControl {...props} descriptor={d} onChange={set} />;
    // Kept as it is in the value: a field the form cannot edit must not be lost on save.
    case 'unknown':
      return null;
  }
}
