import { emptyValue, fillTemplate, insertAt, moveItem, removeAt, type Descriptor } from '#lib/admin/form-model.ts';
import { domId, notesFor, type FieldProps } from './form-context.ts';
import { ArrayItem, itemDomId } from './ArrayItem.tsx';
import { FieldNotes } from './FieldNotes.tsx';

type ArrayDescriptor = Extract<Descriptor, { kind: 'array' }>;

/**
 * An ordered list with move, remove and add. Items are keyed by position, so after a move the focus
 * follows the moved item: a keyboard user pressing "up" again moves the same item once more.
 */
export function ArrayList({ ctx, descriptor: d, path, value, onChange, fieldKey, label }: FieldProps<ArrayDescriptor>) {
  const { strings } = ctx;
  const items: unknown[] = Array.isArray(value) ? value : [];
  const notes = notesFor(ctx, path, fieldKey);
  const addId = domId(ctx, path, '-add');
  const itemId = (index: number, suffix = '') => itemDomId(ctx, [...path, index], suffix);

  const move = (from: number, to: number) => {
    onChange(moveItem(items, from, to));
    // The same button again, unless the item reached the end that disables it.
    const button = to > from ? (to < items.length - 1 ? '-down' : '-up') : to > 0 ? '-up' : '-down';
    ctx.focusLater(itemId(to, button));
  };
  const remove = (index: number) => {
    onChange(removeAt(items, index));
    ctx.focusLater(items.length > 1 ? itemId(Math.min(index, items.length - 2)) : addId);
  };
  const add = () => {
    onChange(insertAt(items, items.length, emptyValue(d.element)));
    ctx.focusLater(itemId(items.length));
  };

  return (
    <fieldset className="sf-fieldset sf-array" aria-describedby={notes.aria['aria-describedby']}>
      <legend>{label}</legend>
      <FieldNotes notes={notes} />
      {items.length > 0 && (
        <ol className="sf-list">
          {items.map((item, index) => (
            <ArrayItem
              key={index}
              ctx={ctx}
              element={d.element}
              path={[...path, index]}
              value={item}
              fieldKey={fieldKey}
              count={items.length}
              removable={items.length > (d.min ?? 0)}
              onChange={(next) => onChange(items.map((x, i) => (i === index ? next : x)))}
              onMove={(to) => move(index, to)}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
      )}
      <button
        type="button"
        id={addId}
        className="sf-button sf-add"
        disabled={d.max !== undefined && items.length >= d.max}
        onClick={add}
      >
        {fillTemplate(strings.add, { item: strings.item })}
      </button>
    </fieldset>
  );
}
