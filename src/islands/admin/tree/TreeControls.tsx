// A tree row's move controls: the handle (drag it, or focus it and use the arrow keys) and the same
// four moves as buttons, for touch screens without a keyboard and for anyone who prefers them.
import type { KeyboardEvent, PointerEvent } from 'react';
import type { TreeMove } from '#lib/admin/menu-tree.ts';
import type { TreeStrings } from '#lib/admin/tree-messages.ts';
import { fill } from '#lib/i18n/format.ts';

const KEYS: Record<string, TreeMove> = { ArrowUp: 'up', ArrowDown: 'down', ArrowRight: 'indent', ArrowLeft: 'outdent' };

export interface HandleProps {
  /** The row's path as 'i.j.k': where focus returns after a move. */
  pathKey: string;
  title: string;
  hintId: string;
  onMove(how: TreeMove): void;
  drag: {
    onPointerDown(event: PointerEvent<HTMLElement>): void;
    onPointerMove(event: PointerEvent<HTMLElement>): void;
    onPointerUp(event: PointerEvent<HTMLElement>): void;
    onPointerCancel(): void;
  };
  t: TreeStrings;
}

export function TreeHandle({ pathKey, title, hintId, onMove, drag, t }: HandleProps) {
  const keys = (event: KeyboardEvent<HTMLButtonElement>) => {
    const how = KEYS[event.key];
    if (!how || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    onMove(how);
  };
  return (
    <button
      type="button"
      className="tree-handle"
      data-tree-handle={pathKey}
      aria-label={fill(t['tree.move'], { title })}
      aria-describedby={hintId}
      onKeyDown={keys}
      {...drag}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
}

/** The moves a kind of row has (a footer link no indent, a footer column neither indent nor outdent). */
export function MoveButtons({
  moves,
  onMove,
  t,
}: {
  moves: readonly TreeMove[];
  onMove(how: TreeMove): void;
  t: TreeStrings;
}) {
  return (
    <span className="tree-moves">
      {moves.map((how) => (
        <button key={how} type="button" className="sf-button" onClick={() => onMove(how)}>
          {t[`tree.${how}`]}
        </button>
      ))}
    </span>
  );
}
