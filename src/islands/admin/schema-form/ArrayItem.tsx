import { fillTemplate, itemSummary, resolveDescriptor, type Descriptor, type Path } from '#lib/admin/form-model.ts';
import { domId, type FormContext } from './form-context.ts';
import { FieldView } from './FieldView.tsx';
import { ItemDetails } from './ItemDetails.tsx';

interface ArrayItemProps {
  ctx: FormContext;
  element: Descriptor;
  /** The item's own path; its last segment is its index. */
  path: Path;
  value: unknown;
  fieldKey: string;
  count: number;
  removable: boolean;
  onChange: (next: unknown) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/** The id of a list item (suffix '') or of one of its buttons ('-up', '-down', '-remove'). */
export const itemDomId = (ctx: FormContext, path: Path, suffix = '') => domId(ctx, path, `-item${suffix}`);

/**
 * One list item: an object item folds into a <details> named by its first text (a menu entry by its
 * title), so a long list stays readable; the buttons stay outside it, usable while it is folded.
 */
export function ArrayItem({
  ctx,
  element,
  path,
  value,
  fieldKey,
  count,
  removable,
  onChange,
  onMove,
  onRemove,
}: ArrayItemProps) {
  const { strings } = ctx;
  const index = Number(path.at(-1));
  const position = index + 1;
  const summary = itemSummary(element, value);
  const item = fillTemplate(summary ? strings.itemRefSummary : strings.itemRef, { position, summary });
  const title = fillTemplate(strings.itemTitle, { position });
  const resolved = resolveDescriptor(element);
  const isObject = resolved.kind === 'object';
  // Items that hold lists of their own (menu entries with titles and children) make a list long: those
  // start folded. Flat ones (a title row, a link) start open, ready to edit.
  const holdsList =
    isObject &&
    resolved.fields.some((f) => ['array', 'record', 'object'].includes(resolveDescriptor(f.descriptor).kind));
  const body = (
    <FieldView
      ctx={ctx}
      descriptor={element}
      path={path}
      value={value}
      onChange={onChange}
      fieldKey={fieldKey}
      label={title}
      absence="required"
      hideLegend={isObject}
    />
  );
  return (
    <li id={itemDomId(ctx, path)} tabIndex={-1} className="sf-item">
      {isObject ? (
        <ItemDetails ctx={ctx} path={path} summary={summary || title} startOpen={summary === '' || !holdsList}>
          {body}
        </ItemDetails>
      ) : (
        body
      )}
      <div className="sf-item-actions">
        <button
          type="button"
          id={itemDomId(ctx, path, '-up')}
          className="sf-button"
          disabled={index === 0}
          aria-label={fillTemplate(strings.moveUp, { item })}
          onClick={() => onMove(index - 1)}
        >
          {strings.moveUpShort}
        </button>
        <button
          type="button"
          id={itemDomId(ctx, path, '-down')}
          className="sf-button"
          disabled={index === count - 1}
          aria-label={fillTemplate(strings.moveDown, { item })}
          onClick={() => onMove(index + 1)}
        >
          {strings.moveDownShort}
        </button>
        <button
          type="button"
          id={itemDomId(ctx, path, '-remove')}
          className="sf-button sf-remove"
          disabled={!removable}
          aria-label={fillTemplate(strings.remove, { item })}
          onClick={onRemove}
        >
          {strings.removeShort}
        </button>
      </div>
    </li>
  );
}
