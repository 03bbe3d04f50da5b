// The rich editor's toolbar: one labelled button per command, in the page's tab order. A format that
// applies where the caret is shows as pressed (aria-pressed); the table's row and column commands are
// disabled outside a table, undo and redo when there is nothing to undo or redo.
import { useEditorState, type Editor } from '@tiptap/react';
import type { ReactNode } from 'react';
import type { RichTextStrings } from '#lib/admin/rich-text-messages.ts';

type Chain = ReturnType<Editor['chain']>;
type Label = keyof RichTextStrings;

interface Props {
  editor: Editor;
  strings: RichTextStrings;
  /** Opens the link dialog. */
  onLink: () => void;
  /** The picture button (the media library's picker). */
  picture: ReactNode;
}

export function Toolbar({ editor, strings: t, onLink, picture }: Props) {
  const on = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      'rich.paragraph': e.isActive('paragraph'),
      'rich.h2': e.isActive('heading', { level: 2 }),
      'rich.h3': e.isActive('heading', { level: 3 }),
      'rich.bold': e.isActive('bold'),
      'rich.italic': e.isActive('italic'),
      'rich.bulletList': e.isActive('bulletList'),
      'rich.orderedList': e.isActive('orderedList'),
      'rich.link': e.isActive('link'),
      table: e.isActive('table'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const button = (label: Label, action: () => void, options: { pressed?: boolean; enabled?: boolean } = {}) => (
    <button
      type="button"
      className="button"
      aria-pressed={options.pressed}
      disabled={options.enabled === false}
      onClick={action}
    >
      {t[label]}
    </button>
  );
  const format = (label: keyof typeof on & Label, command: (chain: Chain) => Chain) =>
    button(label, () => void command(editor.chain().focus()).run(), { pressed: on[label] });
  const command = (label: Label, run: (chain: Chain) => Chain, enabled: boolean) =>
    button(label, () => void run(editor.chain().focus()).run(), { enabled });

  return (
    <div role="toolbar" aria-label={t['rich.toolbar']} className="rich-toolbar">
      <span className="rich-group">
        {format('rich.paragraph', (c) => c.setParagraph())}
        {format('rich.h2', (c) => c.toggleHeading({ level: 2 }))}
        {format('rich.h3', (c) => c.toggleHeading({ level: 3 }))}
      </span>
      <span className="rich-group">
        {format('rich.bold', (c) => c.toggleBold())}
        {format('rich.italic', (c) => c.toggleItalic())}
        {format('rich.bulletList', (c) => c.toggleBulletList())}
        {format('rich.orderedList', (c) => c.toggleOrderedList())}
        {button('rich.link', onLink, { pressed: on['rich.link'] })}
        {picture}
      </span>
      <span className="rich-group">
        {command('rich.table', (c) => c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }), !on.table)}
        {command('rich.rowAdd', (c) => c.addRowAfter(), on.table)}
        {command('rich.rowRemove', (c) => c.deleteRow(), on.table)}
        {command('rich.columnAdd', (c) => c.addColumnAfter(), on.table)}
        {command('rich.columnRemove', (c) => c.deleteColumn(), on.table)}
      </span>
      <span className="rich-group">
        {command('rich.undo', (c) => c.undo(), on.undo)}
        {command('rich.redo', (c) => c.redo(), on.redo)}
      </span>
    </div>
  );
}
