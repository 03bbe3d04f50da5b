// The tree editor's moves (src/lib/admin/menu-tree.ts) on the menu's and the footer's shapes: each
// keeps every entry exactly once, keeps the tree valid for the shop's schema, and the keyboard moves
// undo each other.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moveNode, moveTo, nodeAt, type TreeMove } from '#lib/admin/menu-tree.ts';
import { footerShape, menuShape, type FooterNode } from '#lib/admin/tree-shapes.ts';
import { contentConfigSchemas, type MenuEntry } from '#lib/content/schemas.ts';

const entry = (title: string, children?: MenuEntry[]): MenuEntry => ({
  kind: children ? 'dropdown' : 'link',
  titles: [{ locale: 'de', title }],
  url: 'i:agb',
  visibility: 'all',
  ...(children ? { children } : {}),
});

/** The titles in document order with their depth: what stays the same multiset under every move. */
const flat = (tree: readonly MenuEntry[], depth = 0): string[] =>
  tree.flatMap((e) => [`${e.titles[0]!.title}`, ...flat(e.children ?? [], depth + 1)]);
const shape = (tree: readonly MenuEntry[]): unknown => tree.map((e) => [e.titles[0]!.title, shape(e.children ?? [])]);

const sample = () => [entry('A', [entry('A1'), entry('A2', [entry('A2a')])]), entry('B'), entry('C')];

describe('keyboard moves in the menu', () => {
  it('moves up and down among siblings and refuses past the ends', () => {
    const down = moveNode(sample(), [0, 0], 'down', menuShape)!;
    expect(shape(down.tree)).toEqual([
      [
        'A',
        [
          ['A2', [['A2a', []]]],
          ['A1', []],
        ],
      ],
      ['B', []],
      ['C', []],
    ]);
    expect(down.path).toEqual([0, 1]);
    expect(moveNode(sample(), [0, 1], 'down', menuShape)).toBeNull();
    expect(moveNode(sample(), [0], 'up', menuShape)).toBeNull();
    const up = moveNode(sample(), [2], 'up', menuShape)!;
    expect(shape(up.tree)).toEqual(shape([sample()[0]!, entry('C'), entry('B')]));
    expect(up.path).toEqual([1]);
  });

  it('indents into the entry above as its last child and outdents to just after the parent', () => {
    const indented = moveNode(sample(), [1], 'indent', menuShape)!;
    expect(indented.path).toEqual([0, 2]);
    expect(nodeAt(indented.tree, [0, 2], menuShape)!.titles[0]!.title).toBe('B');
    expect(moveNode(sample(), [0], 'indent', menuShape)).toBeNull();
    const out = moveNode(sample(), [0, 1, 0], 'outdent', menuShape)!;
    expect(out.path).toEqual([0, 2]);
    // A2 lost its only child: it stores no empty children list.
    expect(nodeAt(out.tree, [0, 1], menuShape)).not.toHaveProperty('children');
    expect(moveNode(sample(), [1], 'outdent', menuShape)).toBeNull();
  });

  it('never moves an entry into its own subtree, and leaves the input as it was', () => {
    const tree = sample();
    const before = structuredClone(tree);
    expect(moveTo(tree, [0], [0, 1], 0, menuShape)).toBeNull();
    expect(moveTo(tree, [0], [0], 0, menuShape)).toBeNull();
    moveTo(tree, [0, 1, 0], [], 3, menuShape);
    expect(tree).toEqual(before);
  });

  it('moves by drag to any place, counting places as they are before the move', () => {
    const moved = moveTo(sample(), [2], [0, 1], 0, menuShape)!;
    expect(moved.path).toEqual([0, 1, 0]);
    expect(flat(moved.tree)).toEqual(['A', 'A1', 'A2', 'C', 'A2a', 'B']);
    const later = moveTo(sample(), [0, 0], [], 3, menuShape)!;
    expect(later.path).toEqual([3]);
    const same = moveTo(sample(), [0], [], 2, menuShape)!;
    expect(flat(same.tree)).toEqual(['B', 'A', 'A1', 'A2', 'A2a', 'C']);
    expect(same.path).toEqual([1]);
  });
});

const menuTree: fc.Arbitrary<MenuEntry[]> = fc.letrec<{ tree: MenuEntry[] }>((tie) => ({
  tree: fc
    .array(
      fc.record({
        title: fc.string({ minLength: 1, maxLength: 3 }),
        kids: fc.option(tie('tree'), { nil: undefined, maxDepth: 3 }),
      }),
      { maxLength: 4 },
    )
    .map((rows) => rows.map((r, i) => entry(`${r.title}#${i}`, r.kids?.length ? r.kids : undefined))) as fc.Arbitrary<
    MenuEntry[]
  >,
})).tree;

/** Every path in a tree, depth first. */
const paths = (tree: readonly MenuEntry[], prefix: number[] = []): number[][] =>
  tree.flatMap((e, i) => [[...prefix, i], ...paths(e.children ?? [], [...prefix, i])]);

const menuValid = (tree: MenuEntry[]) => contentConfigSchemas['block:menu'].safeParse({ entries: tree }).success;
const MOVES: TreeMove[] = ['up', 'down', 'indent', 'outdent'];
const UNDO: Record<TreeMove, TreeMove> = { up: 'down', down: 'up', indent: 'outdent', outdent: 'indent' };

describe('every keyboard move on any menu', () => {
  it('keeps every entry once, keeps the menu valid, lands where it says, and the opposite move undoes it', () => {
    fc.assert(
      fc.property(menuTree, fc.nat(), fc.constantFrom(...MOVES), (tree, pick, move) => {
        const all = paths(tree);
        if (all.length === 0) return;
        const path = all[pick % all.length]!;
        const node = nodeAt(tree, path, menuShape)!;
        const moved = moveNode(tree, path, move, menuShape);
        if (!moved) return;
        expect(flat(moved.tree).sort()).toEqual(flat(tree).sort());
        expect(menuValid(moved.tree)).toBe(true);
        expect(nodeAt(moved.tree, moved.path, menuShape)).toEqual(node);
        // Indent then outdent comes back; so do up/down. Outdent's opposite holds only for a last child.
        const back = moveNode(moved.tree, moved.path, UNDO[move], menuShape);
        const wasNotLast =
          path.length > 1 &&
          move === 'outdent' &&
          path.at(-1) !== nodeAt(tree, path.slice(0, -1), menuShape)!.children!.length - 1;
        if (!wasNotLast) expect(back?.tree).toEqual(tree);
      }),
      { numRuns: 500 },
    );
  });

  it('moves by drag keep every entry once, or refuse', () => {
    fc.assert(
      fc.property(menuTree, fc.nat(), fc.nat(), fc.nat({ max: 5 }), (tree, a, b, index) => {
        const all = paths(tree);
        if (all.length === 0) return;
        const from = all[a % all.length]!;
        const parent = [[], ...all][b % (all.length + 1)]!;
        const moved = moveTo(tree, from, parent, index, menuShape);
        if (!moved) return;
        expect(flat(moved.tree).sort()).toEqual(flat(tree).sort());
        expect(menuValid(moved.tree)).toBe(true);
        expect(nodeAt(moved.tree, moved.path, menuShape)).toEqual(nodeAt(tree, from, menuShape));
      }),
      { numRuns: 500 },
    );
  });
});

describe('the footer: columns at the top, links inside', () => {
  const footer: FooterNode[] = [
    {
      header: 'Service',
      items: [
        { label: 'Kontakt', url: 'i:kontakt' },
        { label: 'AGB', url: 'i:agb' },
      ],
    },
    { header: 'Leer', items: [] },
  ];
  it('moves a link into another column, never a link to the top or a column into a column', () => {
    const moved = moveTo(footer, [0, 1], [1], 0, footerShape)!;
    expect(moved.path).toEqual([1, 0]);
    expect(contentConfigSchemas['block:footer'].safeParse({ columns: moved.tree, social: [] }).success).toBe(true);
    expect(moveNode(footer, [0, 0], 'outdent', footerShape)).toBeNull();
    expect(moveNode(footer, [1], 'indent', footerShape)).toBeNull();
    expect(moveTo(footer, [1], [0], 0, footerShape)).toBeNull();
    expect(moveNode(footer, [0, 1], 'indent', footerShape)).toBeNull();
    expect(moveNode(footer, [1], 'up', footerShape)!.path).toEqual([0]);
  });
});
