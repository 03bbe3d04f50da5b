// What the menu and footer trees share: moves by keyboard and by drag (focus stays on the moved
// entry's handle, a live region says where it is now), hide and delete with an Undo, and the edits of
// one node. Every change goes out as the whole new tree, the value the draft stores.
import { useEffect, useRef, useState } from 'react';
import {
  moveNode,
  moveTo,
  nodeAt,
  removeAt,
  replaceAt,
  type TreeMove,
  type TreePath,
  type TreeShape,
} from '#lib/admin/menu-tree.ts';
import type { TreeStrings } from '#lib/admin/tree-messages.ts';
import { fill } from '#lib/i18n/format.ts';
import type { DropPlace } from './useTreeDrag.ts';

export const pathKey = (path: TreePath): string => path.join('.');

export function useTreeEditor<T>(
  tree: T[],
  onChange: (next: T[]) => void,
  shape: TreeShape<T>,
  nameOf: (node: T) => string,
  t: TreeStrings,
) {
  const [said, setSaid] = useState('');
  const [undo, setUndo] = useState<{ text: string; before: T[] } | null>(null);
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    document.querySelector<HTMLElement>(`[data-tree-handle="${focusNext.current}"]`)?.focus();
    focusNext.current = null;
  });

  const landed = (moved: { tree: T[]; path: number[] } | null, node: T) => {
    if (!moved) return setSaid(fill(t['tree.cannotMove'], { title: nameOf(node) }));
    const parent = moved.path.slice(0, -1);
    const siblings = parent.length ? (shape.children(nodeAt(moved.tree, parent, shape)!) ?? []) : moved.tree;
    onChange(moved.tree);
    focusNext.current = pathKey(moved.path);
    setSaid(
      fill(t['tree.moved'], {
        title: nameOf(node),
        position: moved.path[moved.path.length - 1]! + 1,
        count: siblings.length,
        level: moved.path.length,
      }),
    );
  };
  const withUndo = (key: 'tree.hidden' | 'tree.deleted', node: T, next: T[]) => {
    const text = fill(t[key], { title: nameOf(node) });
    setUndo({ text, before: tree });
    setSaid('');
    onChange(next);
  };

  return {
    said,
    undo,
    move: (path: TreePath, how: TreeMove) => landed(moveNode(tree, path, how, shape), nodeAt(tree, path, shape)!),
    /** A drop: before or after a row, or inside it as its last child; the first place the tree allows. */
    drop: (from: TreePath, place: DropPlace) => {
      const node = nodeAt(tree, from, shape)!;
      const at = place.path[place.path.length - 1]!;
      const parent = place.path.slice(0, -1);
      const inside = () =>
        moveTo(tree, from, place.path, shape.children(nodeAt(tree, place.path, shape)!)?.length ?? 0, shape);
      const moved =
        place.where === 'inside'
          ? (inside() ?? moveTo(tree, from, parent, at + 1, shape))
          : (moveTo(tree, from, parent, place.where === 'before' ? at : at + 1, shape) ?? inside());
      landed(moved, node);
    },
    edit: (path: TreePath, node: T) => onChange(replaceAt(tree, path, node, shape)),
    hide: (path: TreePath, node: T, hidden: boolean) =>
      hidden
        ? withUndo('tree.hidden', node, replaceAt(tree, path, node, shape))
        : onChange(replaceAt(tree, path, node, shape)),
    remove: (path: TreePath) => withUndo('tree.deleted', nodeAt(tree, path, shape)!, removeAt(tree, path, shape)!.tree),
    undoLast: () => {
      if (!undo) return;
      onChange(undo.before);
      setUndo(null);
      setSaid(t['tree.undone']);
    },
  };
}
