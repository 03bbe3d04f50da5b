// The menu tree editor at 1366 px with a mouse, in German and English, on a shop of its own
// (editor-helpers.ts): editor-menu-tree-flow.ts is the journey; this file gives it the desk.
import { onOwnShop } from './editor-helpers.ts';
import { menuTreeJourney } from './editor-menu-tree-flow.ts';

const { test } = onOwnShop();
test.use({ viewport: { width: 1366, height: 900 } });

for (const locale of ['de', 'en'] as const) {
  test(`renames, moves by keyboard and by drag, picks a link by name, undoes hide and delete, publishes (${locale}, 1366 px)`, async ({
    contexts,
  }) => {
    test.setTimeout(180_000);
    await menuTreeJourney(await contexts.open({ who: 'editor', locale }), locale, false);
  });
}
