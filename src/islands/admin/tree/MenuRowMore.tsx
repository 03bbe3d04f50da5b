// A menu entry's rarer settings, folded away beneath its row: what kind of entry it is, where it
// shows, its mobile group and sidebar, and the moves as buttons.
import type { MenuEntry } from '#lib/content/schemas.ts';
import { fieldLabel, optionLabel, type AdminLocale } from '#lib/admin/messages.ts';
import type { TreeMove } from '#lib/admin/menu-tree.ts';
import type { TreeStrings } from '#lib/admin/tree-messages.ts';
import { MoveButtons } from './TreeControls.tsx';

const KINDS: MenuEntry['kind'][] = ['link', 'dropdown', 'container'];
const VISIBILITIES: MenuEntry['visibility'][] = ['all', 'desktop', 'mobile'];
const MOVES: TreeMove[] = ['up', 'down', 'indent', 'outdent'];

interface Props {
  entry: MenuEntry;
  id: string;
  locale: AdminLocale;
  t: TreeStrings;
  onEdit(entry: MenuEntry): void;
  onMove(how: TreeMove): void;
}

export function MenuRowMore({ entry, id, locale, t, onEdit, onMove }: Props) {
  const label = (field: string) => fieldLabel(locale, field);
  /** A select of one of the entry's enum fields, each option by its label. */
  const choice = (field: 'kind' | 'visibility', options: readonly string[]) => (
    <>
      <label htmlFor={`${id}-${field}`}>{label(field)}</label>
      <select
        id={`${id}-${field}`}
        value={entry[field]}
        onChange={(e) => onEdit({ ...entry, [field]: e.target.value })}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(locale, field, option)}
          </option>
        ))}
      </select>
    </>
  );
  return (
    <details className="tree-more">
      <summary>{t['tree.more']}</summary>
      <div className="sf-field tree-more-fields">
        {choice('kind', KINDS)}
        {choice('visibility', VISIBILITIES)}
        <label htmlFor={`${id}-group`}>{label('group')}</label>
        <input
          id={`${id}-group`}
          type="text"
          value={entry.group ?? ''}
          onChange={(e) => onEdit({ ...entry, group: e.target.value || undefined })}
        />
        <label className="tree-check">
          <input
            type="checkbox"
            checked={entry.sidebar ?? false}
            onChange={(e) => onEdit({ ...entry, sidebar: e.target.checked || undefined })}
          />{' '}
          {label('sidebar')}
        </label>
      </div>
      <MoveButtons moves={MOVES} onMove={onMove} t={t} />
    </details>
  );
}
