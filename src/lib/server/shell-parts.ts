// Parts of the layout that are the same on every page of a language until the next publish (the
// menus, the bottom navigation, the footer): rendered once per shell and then written as they were.
// Rendering them again for every page produced the same HTML each time.
//
// Keyed by the shell object itself: a publish builds new shells (loadShell's memo), so their parts are
// rendered again, and the old ones go with the old shell. A preview's shell is its own object too.
// Only parts whose HTML depends on nothing but the shell belong here: no islands (their hydration
// script and React id prefix are counted per page), nothing from the request.

const parts = new WeakMap<object, Map<string, Promise<string>>>();

/** The part's HTML for this shell, rendered by `render` the first time it is asked for. */
export function shellPart(shell: object, name: string, render: () => Promise<string>): Promise<string> {
  let byName = parts.get(shell);
  if (!byName) parts.set(shell, (byName = new Map()));
  let html = byName.get(name);
  if (!html) {
    html = render();
    byName.set(name, html);
    // A failed render is not kept: the next page tries again.
    html.catch(() => byName.delete(name));
  }
  return html;
}
