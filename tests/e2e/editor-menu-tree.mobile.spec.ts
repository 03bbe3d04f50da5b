// The menu tree editor on a 390 px phone, dragged by touch, in German and English, on a shop of its
// own (editor-helpers.ts): the same journey as editor-menu-tree.spec.ts (editor-menu-tree-flow.ts).
import { onOwnShop } from './editor-helpers.ts';
import { menuTreeJourney } from './editor-menu-tree-flow.ts';

const { test } = onOwnShop();

for (const locale of ['de', 'en'] as const) {
  test(`renames, moves by keyboard and by touch drag, picks a link by name, undoes hide and delete, publishes (${locale}, 390 px)`, async ({
    contexts,
  }) => {
    test.setTimeout(180_000);
    await menuTreeJourney(await contexts.open({ who: 'editor', locale }), locale, true);
  });
}
