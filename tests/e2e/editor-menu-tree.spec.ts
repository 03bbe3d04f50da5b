// The menu tree editor at 1366 px with a mouse, in German and English, on a shop of its own
// (editor-helpers.ts): editor-menu-tree-flow.ts is the journey; this file gives it the desk. And the
// footer's columns and links as a two-level tree.
import { treeMessages } from '#lib/admin/tree-messages.ts';
import { fill } from '#lib/i18n/format.ts';
import { expect, expectNoA11yViolations } from './helpers.ts';
import { entryPath, inLanguage, onOwnShop, openWorkspace, words, wordsPattern } from './editor-helpers.ts';
import { drag, menuTreeJourney } from './editor-menu-tree-flow.ts';

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

test('the footer as a tree: a link moved by keyboard and dragged into the next column, a delete undone, published (de)', async ({
  contexts,
}) => {
  test.setTimeout(120_000);
  const t = treeMessages.de;
  const { context } = await contexts.open({ who: 'editor', locale: 'de' });
  const page = await context.newPage();
  await openWorkspace(page, inLanguage(entryPath('block', 'footer', 'de'), 'de'));
  const tree = page.getByRole('region', { name: t['tree.footer'] });
  const handle = (name: string) =>
    tree.getByRole('button', { name: fill(t['tree.move'], { title: name }), exact: true });
  const rows = tree.locator('[data-tree-row]');
  await expect(tree.locator('[data-tree-row="0.1"]')).toBeVisible();
  await expectNoA11yViolations(page);
  const second = (await tree.locator('[data-tree-row="0.1"]').getAttribute('aria-label'))!;
  const first = (await tree.locator('[data-tree-row="0.0"]').getAttribute('aria-label'))!;
  await handle(second).focus();
  await page.keyboard.press('ArrowUp');
  await expect(tree.locator('[data-tree-row="0.0"]')).toHaveAttribute('aria-label', second);
  // A link cannot become a column.
  await page.keyboard.press('ArrowLeft');
  await expect(tree.locator('[aria-live]').last()).toHaveText(fill(t['tree.cannotMove'], { title: second }));
  // By drag into the next column, before its first link.
  await drag(page, handle(first), tree.locator('[data-tree-row="1.0"]'), false);
  await expect(tree.locator('[data-tree-row="1.0"]')).toHaveAttribute('aria-label', first);
  const count = await rows.count();
  await tree.locator('[data-tree-row="0.0"]').getByRole('button', { name: t['tree.delete'] }).click();
  await expect(rows).toHaveCount(count - 1);
  await tree.getByRole('button', { name: t['tree.undo'] }).click();
  await expect(rows).toHaveCount(count);

  await page.getByRole('button', { name: words('de', 'editor.save') }).click();
  await expect(page.getByRole('status')).toContainText(words('de', 'editor.saved', { revision: '§' }).split('§')[0]!);
  await page.getByRole('button', { name: words('de', 'editor.publish'), exact: true }).click();
  await expect(page.getByText(wordsPattern('de', 'editor.published'))).toBeVisible();
  const shopper = await contexts.open();
  const shop = await shopper.context.newPage();
  await expect(async () => {
    await shop.goto('/');
    const links = (await shop.getByRole('contentinfo').locator('a').allTextContents()).map((s) => s.trim());
    expect(links.indexOf(second)).toBeGreaterThanOrEqual(0);
    expect(links.indexOf(second)).toBeLessThan(links.indexOf(first));
  }).toPass({ timeout: 10_000 });
});
