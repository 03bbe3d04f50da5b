// The menu block edited as a tree (instead of the generic form): one row per entry with its titles in
// every language, nested as the shop nests them; rows move by drag and drop or by keyboard, hide and
// delete offer Undo. It edits `entries`, the value the draft stores, so saving, preview, publishing
// and the history work as for every entry.
import { useId } from 'react';
import type { MenuEntry } from '#lib/content/schemas.ts';
import { issueOf, type TreePath } from '#lib/admin/menu-tree.ts';
import { treeMessages } from '#lib/admin/tree-messages.ts';
import { menuShape, nameOf } from '#lib/admin/tree-shapes.ts';
import { MenuRow } from './MenuRow.tsx';
import { TreeSection } from './TreeSection.tsx';
import { pathKey, useTreeEditor } from './useTreeEditor.ts';
import { useTreeDrag } from './useTreeDrag.ts';
import type { TreeEditorProps } from './tree-editors.ts';

const newEntry = (locale: string): MenuEntry => ({
  kind: 'link',
  titles: [{ locale: locale === 'en' ? 'en' : 'de', title: '' }],
  visibility: 'all',
});

export function MenuTree({ value, onChange, locale, issues }: TreeEditorProps) {
  const t = treeMessages[locale];
  const hintId = useId();
  const entries = (Array.isArray(value) ? value : []) as MenuEntry[];
  const title = (entry: MenuEntry) => nameOf(entry.titles, locale) || t['tree.untitled'];
  const tree = useTreeEditor(entries, onChange, menuShape, title, t);
  const { drag, handlers } = useTreeDrag(tree.drop);

  const level = (nodes: readonly MenuEntry[], parent: TreePath) => (
    <ol className="tree-level">
      {nodes.map((entry, index) => {
        const path = [...parent, index];
        const key = pathKey(path);
        const over = drag?.over && pathKey(drag.over.path) === key ? drag.over.where : undefined;
        return (
          <li key={key} className={drag?.from === key ? 'tree-dragging' : undefined}>
            <MenuRow
              entry={entry}
              pathKey={key}
              title={title(entry)}
              locale={locale}
              t={t}
              hintId={hintId}
              dropping={over}
              issue={issueOf(issues, 'entries', path, 'children')}
              drag={handlers(path)}
              onEdit={(next) => tree.edit(path, next)}
              onHide={(hidden) => tree.hide(path, { ...entry, hidden: hidden || undefined }, hidden)}
              onDelete={() => tree.remove(path)}
              onMove={(how) => tree.move(path, how)}
            />
            {entry.children?.length ? level(entry.children, path) : null}
          </li>
        );
      })}
    </ol>
  );

  return (
    <TreeSection label={t['tree.menu']} hintId={hintId} said={tree.said} undo={tree.undo} onUndo={tree.undoLast} t={t}>
      {level(entries, [])}
      <button type="button" className="sf-button" onClick={() => onChange([...entries, newEntry(locale)])}>
        {t['tree.add']}
      </button>
    </TreeSection>
  );
}
