// One menu entry as one row: its title in every shop language side by side, its link chosen by name,
// hide and delete; the rarer settings (kind, visibility, group, sidebar) and the move buttons fold
// away beneath. Its children follow in a list of their own (MenuTree).
import { LOCALES, type Locale } from '#lib/i18n/locales.ts';
import type { MenuEntry } from '#lib/content/schemas.ts';
import { fieldLabel, optionLabel, type AdminLocale } from '#lib/admin/messages.ts';
import type { TreeMove } from '#lib/admin/menu-tree.ts';
import type { TreeStrings } from '#lib/admin/tree-messages.ts';
import { titleIn, withTitle } from '#lib/admin/tree-shapes.ts';
import { fill } from '#lib/i18n/format.ts';
import { LinkPicker } from '../link-picker/LinkPicker.tsx';
import { TreeHandle, type HandleProps } from './TreeControls.tsx';
import { MenuRowMore } from './MenuRowMore.tsx';

export interface MenuRowProps {
  entry: MenuEntry;
  pathKey: string;
  title: string;
  locale: AdminLocale;
  t: TreeStrings;
  hintId: string;
  /** 'before', 'after' or 'inside' while a dragged row is over this one. */
  dropping: string | undefined;
  issue: string | undefined;
  drag: HandleProps['drag'];
  onEdit(entry: MenuEntry): void;
  onHide(hidden: boolean): void;
  onDelete(): void;
  onMove(how: TreeMove): void;
}

export function MenuRow(props: MenuRowProps) {
  const { entry, pathKey, title, locale, t, dropping, issue, onEdit } = props;
  const id = `menu-${pathKey.replaceAll('.', '-')}`;
  const setTitle = (language: Locale, text: string) =>
    onEdit({ ...entry, titles: withTitle(entry.titles, language, text) });
  return (
    <div
      className={`tree-row${entry.hidden ? ' tree-row-hidden' : ''}${dropping ? ` tree-drop-${dropping}` : ''}`}
      data-tree-row={pathKey}
      role="group"
      aria-label={title}
    >
      <TreeHandle pathKey={pathKey} title={title} hintId={props.hintId} onMove={props.onMove} drag={props.drag} t={t} />
      <fieldset className="tree-titles">
        <legend className="visually-hidden">{t['tree.titles']}</legend>
        {LOCALES.map((language) => (
          <span className="sf-field tree-title" key={language}>
            <label htmlFor={`${id}-title-${language}`}>{optionLabel(locale, 'locale', language)}</label>
            <input
              id={`${id}-title-${language}`}
              type="text"
              value={titleIn(entry.titles, language)}
              onChange={(e) => setTitle(language, e.target.value)}
            />
          </span>
        ))}
      </fieldset>
      <div className="tree-link">
        <LinkPicker
          value={entry.url ?? ''}
          onChange={(url) => onEdit({ ...entry, url: url || undefined })}
          label={fieldLabel(locale, 'url')}
          locale={locale}
        />
      </div>
      <span className="tree-actions">
        <label className="tree-check">
          <input type="checkbox" checked={entry.hidden ?? false} onChange={(e) => props.onHide(e.target.checked)} />{' '}
          {fieldLabel(locale, 'hidden')}
        </label>
        <button type="button" className="sf-button sf-remove" onClick={props.onDelete}>
          {t['tree.delete']}
        </button>
      </span>
      <MenuRowMore entry={entry} id={id} locale={locale} t={t} onEdit={onEdit} onMove={props.onMove} />
      {issue && <p className="sf-error tree-issue">{fill(t['tree.issue'], { message: issue })}</p>}
    </div>
  );
}
