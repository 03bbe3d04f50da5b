// Moves in a tree of entries (the menu block's entries, the footer's columns and their items), as the
// workspace's tree editor makes them by keyboard and by drag and drop. Pure functions on plain values:
// each answers a new tree (the input is never changed) and the moved node's new path, or null when the
// move is not possible there, so a refused move changes nothing the draft holds.

/** Where a node is: its index in each level from the root, e.g. [0, 2] is the third child of the first. */
export type TreePath = readonly number[];

/** How a kind of tree keeps children: the menu's `children`, the footer column's `items`. */
export interface TreeShape<T> {
  children(node: T): readonly T[] | undefined;
  withChildren(node: T, children: T[]): T;
  /** The deepest level a node may sit at (0 is the root level); default unlimited. */
  maxDepth?: number;
  /** Whether a node may sit at a depth (a footer column at the root only, its items one level down). */
  fits?(node: T, depth: number): boolean;
}

export type TreeMove = 'up' | 'down' | 'indent' | 'outdent';

const samePath = (a: TreePath, b: TreePath): boolean => a.length === b.length && a.every((n, i) => n === b[i]);

/** The node at `path`, or undefined. */
export function nodeAt<T>(tree: readonly T[], path: TreePath, shape: TreeShape<T>): T | undefined {
  let level: readonly T[] | undefined = tree;
  let node: T | undefined;
  for (const index of path) {
    node = level?.[index];
    if (node === undefined) return undefined;
    level = shape.children(node);
  }
  return node;
}

/** The tree with the list at `parent` (the root for []) replaced by what `change` makes of it. */
function withLevel<T>(tree: readonly T[], parent: TreePath, shape: TreeShape<T>, change: (level: T[]) => T[]): T[] {
  if (parent.length === 0) return change([...tree]);
  const [first, ...rest] = parent;
  return tree.map((node, i) =>
    i === first ? shape.withChildren(node, withLevel(shape.children(node) ?? [], rest, shape, change)) : node,
  );
}

/** The height of a node's subtree: 0 for a leaf. */
function height<T>(node: T, shape: TreeShape<T>): number {
  const kids = shape.children(node) ?? [];
  return kids.length === 0 ? 0 : 1 + Math.max(...kids.map((k) => height(k, shape)));
}

/** Removes the node at `path`: the tree without it, and the node. */
export function removeAt<T>(tree: readonly T[], path: TreePath, shape: TreeShape<T>): { tree: T[]; node: T } | null {
  const node = nodeAt(tree, path, shape);
  if (node === undefined || path.length === 0) return null;
  const index = path[path.length - 1]!;
  return { tree: withLevel(tree, path.slice(0, -1), shape, (level) => level.filter((_, i) => i !== index)), node };
}

/**
 * Moves the node at `from` to position `index` of the children of `parent` (paths in the tree as it
 * is before the move). Refused: a node into itself or its own subtree, deeper than maxDepth, or to
 * a depth its kind does not fit.
 */
export function moveTo<T>(
  tree: readonly T[],
  from: TreePath,
  parent: TreePath,
  index: number,
  shape: TreeShape<T>,
): { tree: T[]; path: number[] } | null {
  const node = nodeAt(tree, from, shape);
  if (node === undefined || from.length === 0) return null;
  if (parent.length >= from.length && samePath(parent.slice(0, from.length), from)) return null;
  if (parent.length > 0 && nodeAt(tree, parent, shape) === undefined) return null;
  const depth = parent.length;
  if (shape.fits?.(node, depth) === false) return null;
  if (shape.maxDepth !== undefined && depth + height(node, shape) > shape.maxDepth) return null;
  const siblings = parent.length === 0 ? tree : (shape.children(nodeAt(tree, parent, shape) as T) ?? []);
  if (index < 0 || index > siblings.length) return null;
  // The parent's path and the index after the node leaves its place.
  const fromParent = from.slice(0, -1);
  const fromIndex = from[from.length - 1]!;
  const target = [...parent];
  let at = index;
  if (fromParent.length < target.length && samePath(target.slice(0, fromParent.length), fromParent)) {
    if (target[fromParent.length]! > fromIndex) target[fromParent.length]! -= 1;
  } else if (samePath(fromParent, parent) && index > fromIndex) at -= 1;
  const removed = removeAt(tree, from, shape)!;
  const next = withLevel(removed.tree, target, shape, (level) => [...level.slice(0, at), node, ...level.slice(at)]);
  return { tree: next, path: [...target, at] };
}

/**
 * One keyboard move: up and down among the siblings, indent into the sibling above (as its last
 * child), outdent to just after the parent.
 */
export function moveNode<T>(
  tree: readonly T[],
  path: TreePath,
  move: TreeMove,
  shape: TreeShape<T>,
): { tree: T[]; path: number[] } | null {
  if (nodeAt(tree, path, shape) === undefined || path.length === 0) return null;
  const parent = path.slice(0, -1);
  const index = path[path.length - 1]!;
  switch (move) {
    case 'up':
      return index === 0 ? null : moveTo(tree, path, parent, index - 1, shape);
    case 'down': {
      const count = parent.length === 0 ? tree.length : (shape.children(nodeAt(tree, parent, shape)!)?.length ?? 0);
      return index + 1 >= count ? null : moveTo(tree, path, parent, index + 2, shape);
    }
    case 'indent': {
      if (index === 0) return null;
      const above = [...parent, index - 1];
      const kids = shape.children(nodeAt(tree, above, shape)!) ?? [];
      return moveTo(tree, path, above, kids.length, shape);
    }
    case 'outdent':
      return parent.length === 0
        ? null
        : moveTo(tree, path, parent.slice(0, -1), parent[parent.length - 1]! + 1, shape);
  }
}

/** The tree with the node at `path` replaced by `node`. */
export function replaceAt<T>(tree: readonly T[], path: TreePath, node: T, shape: TreeShape<T>): T[] {
  const index = path[path.length - 1]!;
  return withLevel(tree, path.slice(0, -1), shape, (level) => level.map((old, i) => (i === index ? node : old)));
}

/** The issue (by dotted path, as validate() gives them) of the node at `path` itself, not of its children. */
export function issueOf(
  issues: Readonly<Record<string, string>>,
  field: string,
  path: TreePath,
  childKey: string,
): string | undefined {
  const prefix = `${field}.${path.join(`.${childKey}.`)}.`;
  const own = Object.keys(issues).find((key) => key.startsWith(prefix) && !key.startsWith(`${prefix}${childKey}.`));
  return own === undefined ? undefined : issues[own];
}
