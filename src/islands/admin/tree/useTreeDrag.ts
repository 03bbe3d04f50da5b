// Drag and drop of tree rows by their handle, with pointer events (mouse, pen and touch alike): the
// handle captures the pointer, the row under it says where the drop would go (its top third before
// it, its bottom third after it, the middle inside it), and the release makes the move.
import { useRef, useState, type PointerEvent } from 'react';
import type { TreePath } from '#lib/admin/menu-tree.ts';

export interface DropPlace {
  path: TreePath;
  where: 'before' | 'after' | 'inside';
}

/** How far the pointer travels before a press becomes a drag (a tap stays a tap). */
const SLOP_PX = 6;

function placeAt(x: number, y: number): DropPlace | null {
  const row = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-tree-row]');
  if (!row) return null;
  const path = row.dataset.treeRow!.split('.').map(Number);
  const box = row.getBoundingClientRect();
  const share = (y - box.top) / box.height;
  return { path, where: share < 1 / 3 ? 'before' : share > 2 / 3 ? 'after' : 'inside' };
}

export function useTreeDrag(onDrop: (from: TreePath, place: DropPlace) => void) {
  const start = useRef<{ path: TreePath; x: number; y: number; id: number } | null>(null);
  const [drag, setDrag] = useState<{ from: string; over: DropPlace | null } | null>(null);

  const end = () => {
    start.current = null;
    setDrag(null);
  };
  return {
    drag,
    handlers: (path: TreePath) => ({
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        if (event.button !== 0) return;
        event.currentTarget.setPointerCapture(event.pointerId);
        start.current = { path, x: event.clientX, y: event.clientY, id: event.pointerId };
      },
      onPointerMove: (event: PointerEvent<HTMLElement>) => {
        const from = start.current;
        if (!from || from.id !== event.pointerId) return;
        if (!drag && Math.hypot(event.clientX - from.x, event.clientY - from.y) < SLOP_PX) return;
        event.preventDefault();
        setDrag({ from: from.path.join('.'), over: placeAt(event.clientX, event.clientY) });
      },
      onPointerUp: (event: PointerEvent<HTMLElement>) => {
        const from = start.current;
        const over = drag ? placeAt(event.clientX, event.clientY) : null;
        end();
        if (from && over && over.path.join('.') !== from.path.join('.')) onDrop(from.path, over);
      },
      onPointerCancel: end,
    }),
  };
}
