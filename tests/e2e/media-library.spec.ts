// The media library in the editor workspace, on a shop of its own (editor-helpers.ts), in German and
// English at 1366 px and 390 px: an editor uploads a picture (its progress shown while the bytes go
// up), writes its alternative texts, picks it for the home page's hero (1366 px) or puts it into a
// content page's HTML (390 px) from the library, publishes, and the shopper sees it as a <picture>
// with AVIF and WebP sources and the alternative text of the shop's language. The library then says
// where the picture is used and offers no deletion; a new file for the banner's picture reaches the
// cached home page as a new version; a file that is no picture is refused in the editor's language;
// axe finds nothing on the page.
import type { Page } from '@playwright/test';
import { fieldLabel } from '#lib/admin/messages.ts';
import { expect, expectNoA11yViolations } from './helpers.ts';
import { altOf, expectShown, noisyPng, publishEntry, say, uploadWithAlt } from './media-helpers.ts';
import {
  entryPath,
  inLanguage,
  openWorkspace,
  richTextField,
  startEditorShop,
  words,
  workspaceTest,
  type EditorShop,
  type WorkspaceLocale,
} from './editor-helpers.ts';

let shop: EditorShop;
const test = workspaceTest(() => shop);
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  shop = await startEditorShop();
});
test.afterAll(async () => {
  await shop?.stop();
});

async function expectUsedAndKept(page: Page, locale: WorkspaceLocale, name: string, where: string): Promise<void> {
  await openWorkspace(page, inLanguage('/admin/media', locale));
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(card.getByRole('listitem').filter({ hasText: where })).toBeVisible();
  await expect(card.getByRole('button', { name: say(locale, 'media.deleteLabel', { name }) })).toHaveCount(0);
  await page.getByRole('radio', { name: say(locale, 'media.filter.unused') }).check();
  await expect(card).toHaveCount(0);
}

const SHOP_PATHS = { de: { home: '/', terms: '/i/agb' }, en: { home: '/en', terms: '/en/i/terms' } } as const;

for (const locale of ['de', 'en'] as const) {
  test(`a banner picture from the library, 1366 px (${locale})`, async ({ contexts }) => {
    const { context } = await contexts.open({ who: 'editor', locale, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const name = `hero-${locale}.png`;
    const id = await uploadWithAlt(page, locale, name, locale === 'de' ? 10 : 20);

    await openWorkspace(page, inLanguage(entryPath('block', 'home-hero', locale), locale));
    const field = fieldLabel(locale, 'image');
    await page.getByRole('button', { name: `${say(locale, 'picker.open')}: ${field}` }).click();
    const dialog = page.getByRole('dialog', { name: say(locale, 'picker.title') });
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: say(locale, 'picker.choose', { name }) }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel(field, { exact: true })).toHaveValue(`/images/lib/${id}`);
    await publishEntry(page, locale);

    const before = await expectShown(page, SHOP_PATHS[locale].home, id, altOf(name, locale));
    await expectUsedAndKept(page, locale, name, 'block:home-hero');

    // A new file for the medium: the home page (served from the page cache until now) names its new version.
    await openWorkspace(page, inLanguage('/admin/media', locale));
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    const chooser = page.waitForEvent('filechooser');
    await card.getByRole('button', { name: say(locale, 'media.replace') }).click();
    await (
      await chooser
    ).setFiles({ name: 'new.png', mimeType: 'image/png', buffer: await noisyPng(locale === 'de' ? 50 : 60) });
    await expect(page.getByRole('status')).toHaveText(say(locale, 'media.replaced', { name }));
    const after = await expectShown(page, SHOP_PATHS[locale].home, id, altOf(name, locale));
    expect(after).not.toBe(before);
  });

  test(`a content page picture from the library, 390 px (${locale})`, async ({ contexts }) => {
    const { context } = await contexts.open({
      who: 'editor',
      locale,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const name = `terms-${locale}.png`;
    const id = await uploadWithAlt(page, locale, name, locale === 'de' ? 30 : 40);

    // A file that is no picture, whatever its name says, is refused in the editor's language.
    await page
      .getByLabel(say(locale, 'media.upload.label'))
      .setInputFiles({ name: 'sheet.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.7\n%%EOF') });
    await expect(page.getByRole('alert')).toHaveText(say(locale, 'media.error.notImage'));

    await openWorkspace(page, inLanguage(entryPath('page', 'agb', locale), locale));
    const html = await richTextField(page, locale);
    await html.click();
    await html.press('ControlOrMeta+End');
    await page.getByRole('button', { name: `${say(locale, 'picker.open')}: ${words(locale, 'editor.html')}` }).click();
    await page
      .getByRole('dialog', { name: say(locale, 'picker.title') })
      .getByRole('button', { name: say(locale, 'picker.choose', { name }) })
      .click();
    await expect(html.locator(`img[src="/images/lib/${id}"][alt=""]`)).toHaveCount(1);
    await publishEntry(page, locale);

    await expectShown(page, SHOP_PATHS[locale].terms, id, altOf(name, locale));
    await expectUsedAndKept(page, locale, name, 'page:agb');
    await expectNoA11yViolations(page);
  });
}
