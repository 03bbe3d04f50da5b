// The rich-text journey of editor-rich-text.spec.ts (1366 px) and editor-rich-text.mobile.spec.ts
// (390 px): an editor writes a content page in the visual editor (heading, list, link, table, a picture
// from the media library), publishes it, and the shopper sees that markup and the picture as AVIF and
// WebP; the HTML source switch is there for an admin only; axe finds nothing on the editor page.
import type { BrowserContextOptions, Page } from '@playwright/test';
import { richTextMessages, type RichTextStrings } from '#lib/admin/rich-text-messages.ts';
import { expect, expectNoA11yViolations } from './helpers.ts';
import { expectNoSidewaysScroll } from './viewport-check.ts';
import {
  entryPath,
  inLanguage,
  type openContext,
  openWorkspace,
  richTextField,
  waitForWorkspace,
  words,
  type StaffContext,
  type WorkspaceLocale,
} from './editor-helpers.ts';
import { altOf, expectShown, publishEntry, say, uploadWithAlt } from './media-helpers.ts';

type Open = (opts?: Parameters<typeof openContext>[2]) => Promise<StaffContext>;

const TEXT = {
  de: { heading: 'Lieferbedingungen', items: ['Palettenversand', 'Paketversand'], link: 'AGB', cell: 'Gewicht' },
  en: { heading: 'Delivery terms', items: ['Pallet freight', 'Parcel post'], link: 'Terms', cell: 'Weight' },
};
/**
 * The demo's terms page (i:agb): a word of its title, the title the link picker names it by, and its
 * address in the language of the page that links it (the stored HTML keeps the code).
 */
const TERMS_PAGE = {
  de: { typed: 'Geschäftsbedingungen', title: 'Allgemeine Geschäftsbedingungen und Datenschutz', path: '/i/agb' },
  en: { typed: 'Terms and conditions', title: 'Terms and conditions and privacy policy', path: '/en/i/terms' },
};

async function createPage(page: Page, locale: WorkspaceLocale, identifier: string): Promise<void> {
  await openWorkspace(page, inLanguage('/admin', locale));
  const create = page.getByRole('region', { name: words(locale, 'newPage.title') });
  await create.getByLabel(words(locale, 'newPage.identifier')).fill(identifier);
  await create.getByLabel(words(locale, 'newPage.locale')).selectOption(locale);
  await create.getByRole('button', { name: words(locale, 'newPage.create') }).click();
  await expect(page).toHaveURL(new RegExp(`identifier=${identifier}&locale=${locale}$`));
  await waitForWorkspace(page);
  await page.getByLabel(words(locale, 'field.title'), { exact: true }).fill(`Rich ${identifier}`);
  await page.getByLabel(words(locale, 'field.slug'), { exact: true }).fill(identifier);
}

/** Writes the page's text with the toolbar (and the keyboard for one button). */
async function write(page: Page, locale: WorkspaceLocale, t: RichTextStrings, picture: string): Promise<void> {
  const text = TEXT[locale];
  const area = await richTextField(page, locale);
  const tool = (name: keyof RichTextStrings) =>
    page.getByRole('toolbar', { name: t['rich.toolbar'] }).getByRole('button', { name: t[name], exact: true });
  await area.click();
  await area.press('ControlOrMeta+a');
  await area.press('Delete');
  await area.pressSequentially(text.heading);
  await tool('rich.h2').click();
  await expect(tool('rich.h2')).toHaveAttribute('aria-pressed', 'true');
  await area.press('End');
  await area.press('Enter');
  await tool('rich.bulletList').click();
  await area.pressSequentially(`${text.items[0]}\n${text.items[1]}\n\n`);
  await area.pressSequentially(`${text.link} `);
  // The editor has taken the typing in before the caret moves: a key pressed before ProseMirror has read
  // the DOM's change can be undone by it (seen on a loaded machine, one arrow key in three runs).
  await expect(area.locator('p').last()).toHaveText(text.link);
  // The link's words selected, as an editor would before pressing "Link".
  await area.press('ArrowLeft');
  await area.press('Shift+Home');
  await expect.poll(() => page.evaluate(() => getSelection()?.toString())).toBe(text.link);
  // Keyboard: the toolbar's buttons are in the tab order and show their focus.
  await tool('rich.link').focus();
  await expect(tool('rich.link')).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: t['link.title'] });
  const target = dialog.getByRole('combobox', { name: t['link.target'], exact: true });
  await expect(target).toBeFocused();
  await target.fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: t['link.apply'] }).click();
  await expect(dialog.getByRole('alert')).toHaveText(t['link.invalid']);
  await expectNoA11yViolations(page);
  // Escape leaves what the picker was typing first, then the dialog.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await tool('rich.link').click();
  // The target picked by its name (the link picker): Enter takes the option, Enter again the link.
  await target.fill(TERMS_PAGE[locale].typed);
  await expect(dialog.getByRole('listbox').getByRole('option').first()).toContainText(TERMS_PAGE[locale].title);
  await target.press('Enter');
  await expect(dialog.locator('.link-picker-target')).toContainText('i:agb');
  await target.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(area.getByRole('link', { name: text.link })).toHaveAttribute('href', 'i:agb');
  await expect(tool('rich.link')).toHaveAttribute('aria-pressed', 'true');

  await area.press('End');
  await area.press('Enter');
  await tool('rich.table').click();
  await area.pressSequentially(text.cell);
  await tool('rich.rowAdd').click();
  // Tab goes to the next cell: the column removed is the second, not the one with the text.
  await area.press('Tab');
  await tool('rich.columnRemove').click();
  await expect(area.locator('table tr')).toHaveCount(4);
  await expect(area.locator('table tr').first().locator('th')).toHaveCount(2);
  await expect(tool('rich.undo')).toBeEnabled();
  await tool('rich.undo').click();
  await expect(area.locator('table tr').first().locator('th')).toHaveCount(3);
  await tool('rich.redo').click();
  await expect(area.locator('table tr').first().locator('th')).toHaveCount(2);

  await page.getByRole('button', { name: `${say(locale, 'picker.open')}: ${words(locale, 'editor.html')}` }).click();
  await page
    .getByRole('dialog', { name: say(locale, 'picker.title') })
    .getByRole('button', { name: say(locale, 'picker.choose', { name: picture }) })
    .click();
  await expect(area.locator('img[src^="/images/lib/"][alt=""]')).toHaveCount(1);
}

export async function richTextJourney(open: Open, locale: WorkspaceLocale, viewport: BrowserContextOptions) {
  const t = richTextMessages[locale];
  const width = viewport.viewport!.width;
  const identifier = `rich-${locale}-${width}`;
  const editor = await open({ ...viewport, who: 'editor', locale });
  const page = await editor.context.newPage();
  const picture = `${identifier}.png`;
  const id = await uploadWithAlt(page, locale, picture, width % 200);

  await createPage(page, locale, identifier);
  // An editor gets the visual editor only: no switch to the HTML source.
  await write(page, locale, t, picture);
  await expect(page.getByRole('button', { name: t['rich.source'] })).toHaveCount(0);
  await expect(page.locator('.admin-html-field textarea')).toHaveCount(0);
  await expectNoSidewaysScroll(page, `${identifier}: editor`);
  await expectNoA11yViolations(page);
  await publishEntry(page, locale);

  const text = TEXT[locale];
  const path = locale === 'de' ? `/i/${identifier}` : `/en/i/${identifier}`;
  await expectShown(page, path, id, altOf(picture, locale));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: text.heading })).toBeVisible();
  await expect(main.getByRole('listitem').filter({ hasText: text.items[1] })).toBeVisible();
  await expect(main.getByRole('link', { name: text.link, exact: true })).toHaveAttribute(
    'href',
    TERMS_PAGE[locale].path,
  );
  await expect(main.getByRole('columnheader', { name: text.cell })).toBeVisible();

  // An admin has the switch to the source, which shows the same HTML.
  const admin = await open({ ...viewport, who: 'admin', locale });
  const adminPage = await admin.context.newPage();
  await openWorkspace(adminPage, inLanguage(entryPath('page', identifier, locale), locale));
  await richTextField(adminPage, locale);
  const source = adminPage.getByRole('button', { name: t['rich.source'] });
  await expect(source).toHaveAttribute('aria-pressed', 'false');
  await source.click();
  await expect(source).toHaveAttribute('aria-pressed', 'true');
  const html = adminPage.getByRole('textbox', { name: words(locale, 'editor.html'), exact: true });
  await expect(html).toHaveValue(new RegExp(`^<h2>${text.heading}</h2><ul>.*<a href="i:agb">${text.link}</a>`));
  await expectNoA11yViolations(adminPage);
}
