// An entry's history in words and its preview on a 390 px phone, on a shop of its own
// (editor-helpers.ts): the English home hero's headline edited in the German workspace previews on the
// English home, and the history shows the old headline above the new one without sideways scrolling.
import { expect } from './helpers.ts';
import { expectNoSidewaysScroll } from './viewport-check.ts';
import { entryPath, inLanguage, onOwnShop, openWorkspace, words } from './editor-helpers.ts';
import { changeAt, liveVersion, openPreview, publishAndCompare, saveDraft } from './editor-changes-helpers.ts';

const { test } = onOwnShop();

test('German workspace at 390 px: the English hero headline previews on the English home and reads as old and new (de)', async ({
  contexts,
}) => {
  test.setTimeout(120_000);
  const marker = `Headline-${Date.now().toString(36)}`;
  const { context } = await contexts.open({ who: 'editor', locale: 'de' });
  const page = await context.newPage();
  await openWorkspace(page, inLanguage(entryPath('block', 'home-hero', 'en'), 'de'));
  const live = await liveVersion(page, 'de');
  const headline = page.getByLabel(words('de', 'field.headline'), { exact: true });
  const original = await headline.inputValue();
  await headline.fill(marker);
  await saveDraft(page, 'de');

  const preview = await openPreview(page, 'de', '/en', 'en');
  await expect(preview.getByText(marker, { exact: true }).first()).toBeVisible();
  await preview.close();

  const changes = await publishAndCompare(page, 'de', live);
  await expect(changes.getByRole('heading', { level: 3 })).toHaveText([words('de', 'language.en')]);
  const change = changeAt(changes, [words('de', 'field.headline')]);
  await expect(change.getByRole('deletion')).toHaveText(original);
  await expect(change.getByRole('insertion')).toHaveText(marker);
  // Old above new on a phone: the new value starts below the old one.
  const [before, after] = await Promise.all([
    change.getByRole('deletion').boundingBox(),
    change.getByRole('insertion').boundingBox(),
  ]);
  expect(after!.y).toBeGreaterThanOrEqual(before!.y + before!.height);
  await expectNoSidewaysScroll(page, 'the history with the changes open');
});
