// The footer's columns edited as a two-level tree: a column (its header) at the top, its links
// (label and target, chosen by name) inside. Links move within and between columns, columns among
// themselves, by drag and drop or by keyboard; deleting offers Undo. Edits `columns` of the draft.
import { useId } from 'react';
import type { TreeMove, TreePath } from '#lib/admin/menu-tree.ts';
import { issueOf } from '#lib/admin/menu-tree.ts';
import { fieldLabel } from '#lib/admin/messages.ts';
import { treeMessages } from '#lib/admin/tree-messages.ts';
import { footerShape, isColumn, type FooterColumn, type FooterNode } from '#lib/admin/tree-shapes.ts';
import { fill } from '#lib/i18n/format.ts';
import { LinkPicker } from '../link-picker/LinkPicker.tsx';
import { MoveButtons, TreeHandle } from './TreeControls.tsx';
import { TreeSection } from './TreeSection.tsx';
import { pathKey, useTreeEditor } from './useTreeEditor.ts';
import { useTreeDrag } from './useTreeDrag.ts';
import type { TreeEditorProps } from './tree-editors.ts';

const UP_DOWN: TreeMove[] = ['up', 'down'];

export function FooterTree({ value, onChange, locale, issues }: TreeEditorProps) {
  const t = treeMessages[locale];
  const hintId = useId();
  const columns = (Array.isArray(value) ? value : []) as FooterColumn[];
  const name = (node: FooterNode) => (isColumn(node) ? node.header : node.label) || t['tree.untitled'];
  const tree = useTreeEditor<FooterNode>(columns, onChange, footerShape, name, t);
  const { drag, handlers } = useTreeDrag(tree.drop);

  const row = (node: FooterNode, path: TreePath) => {
    const key = pathKey(path);
    const id = `footer-${key.replace('.', '-')}`;
    const over = drag?.over && pathKey(drag.over.path) === key ? drag.over.where : undefined;
    const text = (field: 'header' | 'label', value: string, edit: (text: string) => FooterNode) => (
      <span className="sf-field tree-title">
        <label htmlFor={`${id}-${field}`}>{fieldLabel(locale, field)}</label>
        <input
          id={`${id}-${field}`}
          type="text"
          value={value}
          onChange={(e) => tree.edit(path, edit(e.target.value))}
        />
      </span>
    );
    const issue = issueOf(issues, 'columns', path, 'items');
    return (
      <div
        className={`tree-row${over ? ` tree-drop-${over}` : ''}`}
        data-tree-row={key}
        role="group"
        aria-label={name(node)}
      >
        <TreeHandle
          pathKey={key}
          title={name(node)}
          hintId={hintId}
          onMove={(how) => tree.move(path, how)}
          drag={handlers(path)}
          t={t}
        />
        {isColumn(node)
          ? text('header', node.header, (header) => ({ ...node, header }))
          : text('label', node.label, (label) => ({ ...node, label }))}
        {!isColumn(node) && (
          <div className="tree-link">
            <LinkPicker
              value={node.url}
              onChange={(url) => tree.edit(path, { ...node, url })}
              label={fieldLabel(locale, 'url')}
              locale={locale}
            />
          </div>
        )}
        <span className="tree-actions">
          <MoveButtons moves={UP_DOWN} onMove={(how) => tree.move(path, how)} t={t} />
          <button type="button" className="sf-button sf-remove" onClick={() => tree.remove(path)}>
            {t['tree.delete']}
          </button>
        </span>
        {issue && <p className="sf-error tree-issue">{fill(t['tree.issue'], { message: issue })}</p>}
      </div>
    );
  };

  return (
    <TreeSection
      label={t['tree.footer']}
      hintId={hintId}
      said={tree.said}
      undo={tree.undo}
      onUndo={tree.undoLast}
      t={t}
    >
      <ol className="tree-level">
        {columns.map((column, c) => (
          <li key={c} className={drag?.from === String(c) ? 'tree-dragging' : undefined}>
            {row(column, [c])}
            <ol className="tree-level">
              {column.items.map((item, i) => (
                <li key={i} className={drag?.from === `${c}.${i}` ? 'tree-dragging' : undefined}>
                  {row(item, [c, i])}
                </li>
              ))}
            </ol>
            <button
              type="button"
              className="sf-button"
              onClick={() => tree.edit([c], { ...column, items: [...column.items, { label: '', url: '' }] })}
            >
              {t['tree.addLink']}
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="sf-button" onClick={() => onChange([...columns, { header: '', items: [] }])}>
        {t['tree.addColumn']}
      </button>
    </TreeSection>
  );
}
