// An entry's history in words and its preview where the edit shows, at 1366 px, on a shop of its own
// (editor-helpers.ts): an English menu title edited in the German workspace previews on the English
// home and reads in the history as "Entries › Sortiment › Titles per language › English › Title",
// old beside new; an English content page edited in the English workspace previews at its English
// address, and its HTML, carrying the XSS payloads, shows in the history as sanitized markup that runs
// nothing. axe finds nothing on the entry page with the changes open.
import { changeMessages } from '#lib/admin/change-messages.ts';
import { XssProbe } from '#tests/adversarial/xss-check.ts';
import { STORABLE_PAYLOADS } from '#tests/adversarial/xss-payloads.ts';
import { expect, expectNoA11yViolations, msg } from './helpers.ts';
import {
  entryPath,
  inLanguage,
  menuTitleField,
  onOwnShop,
  openWorkspace,
  pasteHtml,
  richTextField,
  words,
} from './editor-helpers.ts';
import { changeAt, liveVersion, openPreview, publishAndCompare, saveDraft } from './editor-changes-helpers.ts';

const { test, shop } = onOwnShop();
const viewport = { width: 1366, height: 900 };

test('German workspace: an English menu title previews on the English home and reads as a change of that title (de)', async ({
  contexts,
}) => {
  test.setTimeout(120_000);
  const marker = `Range-${Date.now().toString(36)}`;
  const { context } = await contexts.open({ who: 'editor', locale: 'de', viewport });
  const page = await context.newPage();
  await openWorkspace(page, inLanguage(entryPath('block', 'menu'), 'de'));
  const live = await liveVersion(page, 'de');
  const title = await menuTitleField(page, 'de', 'Sortiment', 'en');
  const original = await title.inputValue();
  await title.fill(marker);
  await saveDraft(page, 'de');

  // The row serves every language, but the draft changes the English one: the English home shows it.
  const preview = await openPreview(page, 'de', '/en', 'en');
  await expect(preview.getByRole('dialog', { name: msg('en', 'menu.menu'), includeHidden: true })).toContainText(
    marker,
  );
  await preview.close();

  const changes = await publishAndCompare(page, 'de', live);
  // One change, under English, named by the form's labels; nothing unchanged is listed.
  await expect(changes.getByRole('heading', { level: 3 })).toHaveText([words('de', 'language.en')]);
  await expect(changes.getByRole('listitem')).toHaveCount(1);
  const change = changeAt(changes, [
    words('de', 'field.entries'),
    'Sortiment',
    words('de', 'field.titles'),
    words('de', 'language.en'),
    words('de', 'field.title'),
  ]);
  await expect(change.getByRole('deletion')).toHaveText(original);
  await expect(change.getByRole('insertion')).toHaveText(marker);
  await expect(change).toContainText(changeMessages.de['changes.before']);
  await expect(change).toContainText(changeMessages.de['changes.after']);
  await expectNoA11yViolations(page);
});

test('English workspace: an English content page previews at its English address; its HTML shows sanitized (en)', async ({
  contexts,
}) => {
  test.setTimeout(120_000);
  const marker = `Terms-${Date.now().toString(36)}`;
  const { context } = await contexts.open({ who: 'editor', locale: 'en', viewport });
  const probe = new XssProbe(shop().base);
  await probe.watch(context);
  const page = await context.newPage();
  await openWorkspace(page, inLanguage(entryPath('page', 'agb', 'en'), 'en'));
  const live = await liveVersion(page, 'en');
  const title = page.getByLabel(words('en', 'field.title'), { exact: true });
  const originalTitle = await title.inputValue();
  await title.fill(`${originalTitle} ${marker}`);
  // The payloads the server takes as text (it refuses control characters), before the page's own text.
  const payloads = STORABLE_PAYLOADS.filter((p) => ![...p.text].some((c) => /[\p{Cc}]/u.test(c) && c !== '\n'));
  // Pasted into the visual editor at the start of the page's text (an editor has no HTML source).
  const html = await richTextField(page, 'en');
  await html.click();
  await html.press('ControlOrMeta+Home');
  await pasteHtml(html, [`<p><strong>${marker}</strong></p>`, ...payloads.map((p) => `<p>${p.text}</p>`)].join('\n'));
  await expect(html.locator('strong', { hasText: marker })).toBeVisible();
  await saveDraft(page, 'en');

  const preview = await openPreview(page, 'en', '/en/i/terms', 'en');
  await expect(preview.getByRole('heading', { level: 1, name: `${originalTitle} ${marker}` })).toBeVisible();
  await preview.close();

  const changes = await publishAndCompare(page, 'en', live);
  await expect(changes.getByRole('heading', { level: 3 })).toHaveText([words('en', 'language.en')]);
  await expect(changes.getByRole('listitem')).toHaveCount(2);
  const titleChange = changeAt(changes, [words('en', 'field.title')]);
  await expect(titleChange.getByRole('deletion')).toHaveText(originalTitle);
  await expect(titleChange.getByRole('insertion')).toHaveText(`${originalTitle} ${marker}`);
  // The HTML as the shop shows it, old beside new: markup, not its source text.
  const htmlChange = changeAt(changes, [words('en', 'editor.html')]);
  await expect(htmlChange.getByRole('insertion').locator('strong', { hasText: marker })).toBeVisible();
  await expect(htmlChange.getByRole('deletion')).not.toContainText(marker);
  await expect(htmlChange.getByRole('insertion')).not.toContainText('<p>');
  await expect(changes.locator('script, iframe, object, embed, [onerror], [onload]')).toHaveCount(0);
  await probe.inspect(page, 'the changes');
  probe.verify(false);
  await expectNoA11yViolations(page);
});
