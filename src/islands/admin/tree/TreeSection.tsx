// The frame of a tree editor: its heading, how to move rows, the rows, and what the tree last did,
// said aloud (a polite live region): where a moved entry is now, and after a hide or delete, what
// went, with an Undo button beside it.
import type { ReactNode } from 'react';
import type { TreeStrings } from '#lib/admin/tree-messages.ts';

interface Props {
  label: string;
  hintId: string;
  said: string;
  undo: { text: string } | null;
  onUndo(): void;
  t: TreeStrings;
  children: ReactNode;
}

export function TreeSection({ label, hintId, said, undo, onUndo, t, children }: Props) {
  return (
    <section className="tree-editor" aria-label={label}>
      <h2>{label}</h2>
      <p id={hintId} className="admin-muted">
        {t['tree.moveHint']}
      </p>
      {children}
      <div className="tree-status">
        {/* aria-live, not role=status: the editor's own save status stays the page's one status. */}
        <p aria-live="polite" className={said || undo ? 'admin-muted' : 'visually-hidden'}>
          {said || undo?.text}
        </p>
        {undo && (
          <button type="button" className="sf-button" onClick={onUndo}>
            {t['tree.undo']}
          </button>
        )}
      </div>
    </section>
  );
}
