import { useState } from 'react';
import { emptyValue, fillTemplate, isEmptyValue } from '#lib/admin/form-model.ts';
import { domId, isPlainObject, notesFor, type FieldProps } from './form-context.ts';
import { FieldNotes } from './FieldNotes.tsx';
import { FieldView } from './FieldView.tsx';
import type { RecordDescriptor } from './RecordRows.tsx';

interface Row {
  key: string;
  value: unknown;
}

const toRows = (value: unknown): Row[] =>
  Object.entries(isPlainObject(value) ? value : {}).map(([key, v]) => ({ key, value: v }));

/** Rows without a key, and repeats of a key, stay on screen as drafts but are not part of the value. */
function toRecord(rows: readonly Row[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const row of rows) if (row.key !== '' && !Object.hasOwn(out, row.key)) out[row.key] = row.value;
  return out;
}

function sameRecord(a: Record<string, unknown>, b: unknown): boolean {
  const other = isPlainObject(b) ? b : {};
  const keys = Object.keys(a);
  return keys.length === Object.keys(other).length && keys.every((k) => Object.hasOwn(other, k) && a[k] === other[k]);
}

/**
 * Key/value rows. The rows live in local state, because a record cannot hold what an editor passes
 * through while typing (an empty key, a key that repeats another); they are rebuilt from the value
 * only when it changes from outside.
 */
export function FreeKeyRecord({
  ctx,
  descriptor: d,
  path,
  value,
  onChange,
  fieldKey,
  label,
}: FieldProps<RecordDescriptor>) {
  const { strings } = ctx;
  const [drafts, setDrafts] = useState(() => toRows(value));
  const rows = sameRecord(toRecord(drafts), value) ? drafts : toRows(value);
  if (rows !== drafts) setDrafts(rows);
  const notes = notesFor(ctx, path, fieldKey);
  const addId = domId(ctx, path, '-add');
  const keyId = (index: number) => domId(ctx, path, `-key-${index}`);

  const commit = (next: Row[]) => {
    setDrafts(next);
    onChange(toRecord(next));
  };
  const edit = (index: number, change: Partial<Row>) =>
    commit(rows.map((r, i) => (i === index ? { ...r, ...change } : r)));

  return (
    <fieldset className="sf-fieldset sf-record" aria-describedby={notes.aria['aria-describedby']}>
      <legend>{label}</legend>
      <FieldNotes notes={notes} />
      {rows.map((row, index) => {
        const keyError =
          row.key === ''
            ? isEmptyValue(row.value)
              ? undefined
              : strings.keyRequired
            : rows.findIndex((r) => r.key === row.key) !== index
              ? strings.duplicateKey
              : undefined;
        // A draft row has no place in the value, so its value control gets a path no issue can name.
        const valuePath = row.key === '' || keyError ? [...path, `~${index}`] : [...path, row.key];
        const position = index + 1;
        return (
          <div key={index} className="sf-row">
            <div className="sf-field">
              <label htmlFor={keyId(index)}>{strings.key}</label>
              <input
                id={keyId(index)}
                type="text"
                value={row.key}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={keyError ? true : undefined}
                aria-describedby={keyError ? `${keyId(index)}-error` : undefined}
                onChange={(e) => edit(index, { key: e.target.value })}
              />
              {keyError && (
                <p id={`${keyId(index)}-error`} className="sf-error">
                  {keyError}
                </p>
              )}
            </div>
            <FieldView
              ctx={ctx}
              descriptor={d.value}
              path={valuePath}
              value={row.value}
              fieldKey={fieldKey}
              label={strings.value}
              absence="required"
              onChange={(next) => edit(index, { value: next })}
            />
            <button
              type="button"
              className="sf-button sf-remove"
              aria-label={fillTemplate(strings.remove, {
                item: fillTemplate(row.key ? strings.itemRefSummary : strings.itemRef, { position, summary: row.key }),
              })}
              onClick={() => {
                commit(rows.filter((_, i) => i !== index));
                ctx.focusLater(rows.length > 1 ? keyId(Math.min(index, rows.length - 2)) : addId);
              }}
            >
              {strings.removeShort}
            </button>
          </div>
        );
      })}
      <button
        type="button"
        id={addId}
        className="sf-button sf-add"
        onClick={() => {
          commit([...rows, { key: '', value: emptyValue(d.value) }]);
          ctx.focusLater(keyId(rows.length));
        }}
      >
        {fillTemplate(strings.add, { item: strings.item })}
      </button>
    </fieldset>
  );
}
