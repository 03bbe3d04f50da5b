// What the tree last did, said aloud (a polite live region): where a moved entry is now, and after a
// hide or delete, what went with an Undo button beside it.
import type { TreeStrings } from '#lib/admin/tree-messages.ts';

interface Props {
  said: string;
  undo: { text: string } | null;
  onUndo(): void;
  t: TreeStrings;
}

export function TreeStatus({ said, undo, onUndo, t }: Props) {
  return (
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
  );
}
