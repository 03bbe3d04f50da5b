// A form generated from a zod schema: the editor sees a control per field, and the value it produces
// is what the same schema accepts on the server. Purely controlled: the caller holds the value,
// validates it (validate() in #lib/admin/form-model.ts) and passes the issues back by dotted path.
import { useEffect, useMemo, useRef } from 'react';
import type { z } from 'astro/zod';
import { describeSchema, humanizeKey, resolveDescriptor, type FormStrings } from '#lib/admin/form-model.ts';
import type { FormContext } from './form-context.ts';
import type { PickerStrings } from '#lib/media/messages.ts';
import { FieldView } from './FieldView.tsx';
import { ObjectFieldset } from './ObjectFieldset.tsx';

export interface SchemaFormProps {
  schema: z.core.$ZodType;
  value: unknown;
  onChange: (next: unknown) => void;
  /** Messages by dotted path ('entries.0.titles.1.title'), as issuesByPath() gives them. */
  issues: Readonly<Record<string, string>>;
  /** A field's label from its key and dotted path; default: the key in words. */
  labels?: ((key: string, path: string) => string) | undefined;
  /** An enum value's label from its field key; default: the value itself. */
  optionLabels?: ((key: string, value: string) => string) | undefined;
  /** Texts shown beside a field, by dotted path or by field key (e.g. what the site default is). */
  hints?: Readonly<Record<string, string>> | undefined;
  strings: FormStrings;
  /** Makes the ids of this form's controls unique on the page. */
  idPrefix: string;
  /** Offers the media library beside picture fields. */
  mediaPicker?: PickerStrings | undefined;
}

const NO_HINTS: Readonly<Record<string, string>> = {};
const defaultLabel = (key: string) => humanizeKey(key);
const rawOption = (_key: string, value: string) => value;

export function SchemaForm({
  schema,
  value,
  onChange,
  issues,
  labels,
  optionLabels,
  hints,
  strings,
  idPrefix,
  mediaPicker,
}: SchemaFormProps) {
  const descriptor = useMemo(() => describeSchema(schema), [schema]);
  const pendingFocus = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (pendingFocus.current === undefined) return;
    document.getElementById(pendingFocus.current)?.focus();
    pendingFocus.current = undefined;
  });
  const ctx: FormContext = {
    idPrefix,
    issues,
    strings,
    mediaPicker,
    hints: hints ?? NO_HINTS,
    labels: labels ?? defaultLabel,
    optionLabels: optionLabels ?? rawOption,
    focusLater: (id) => {
      pendingFocus.current = id;
    },
  };
  const root = resolveDescriptor(descriptor);
  const common = { ctx, path: [], value, onChange, fieldKey: '', label: '', absence: 'required' } as const;
  return (
    <div className="schema-form">
      {root.kind === 'object' ? (
        <ObjectFieldset {...common} descriptor={root} bare />
      ) : (
        <FieldView {...common} descriptor={root} />
      )}
    </div>
  );
}
