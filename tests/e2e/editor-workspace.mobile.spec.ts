// The editor workspace on a 390 px phone, on a shop of its own (editor-helpers.ts): the sign-in, the
// entries table, the menu, branding and content page editors, the media library and a page in preview
// neither scroll sideways nor leave a button out of reach, in German and English.
import type { Page } from '@playwright/test';
import { expect, msg } from './helpers.ts';
import { expectNoSidewaysScroll } from './viewport-check.ts';
import {
  STAFF,
  WORKSPACE_PAGES,
  waitForWorkspace,
  openWorkspace,
  startEditorShop,
  words,
  workspaceTest,
  type EditorShop,
  type WorkspaceLocale,
} from './editor-helpers.ts';

let shop: EditorShop;
const test = workspaceTest(() => shop);

test.beforeAll(async () => {
  test.setTimeout(600_000);
  shop = await startEditorShop();
});

test.afterAll(async () => {
  await shop?.stop();
});

/**
 * Every button on the page can be brought into view and pressed: once scrolled to (by the page or by
 * the region holding it), it lies within the viewport's width and nothing covers its middle.
 */
async function expectButtonsReachable(page: Page, what: string): Promise<void> {
  await expect(page.getByRole('button').first(), `${what}: a button`).toBeVisible();
  const { checked, unreachable } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const buttons = [...document.querySelectorAll<HTMLElement>('button, [role="button"], input[type="submit"]')].filter(
      (b) => b.checkVisibility(),
    );
    const problems: string[] = [];
    for (const button of buttons) {
      button.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const r = button.getBoundingClientRect();
      const name = button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '';
      if (r.left < 0 || r.right > width + 0.5)
        problems.push(`"${name}" spans ${Math.round(r.left)}..${Math.round(r.right)} px`);
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(button === hit || button.contains(hit)))
        problems.push(`"${name}" is covered by ${hit?.outerHTML.slice(0, 80) ?? 'nothing'}`);
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    return { checked: buttons.length, unreachable: problems };
  });
  expect(checked, `${what}: buttons checked`).toBeGreaterThan(0);
  expect(unreachable, `${what}: buttons out of reach at ${page.viewportSize()!.width} px`).toEqual([]);
}

async function expectFits(page: Page, what: string): Promise<void> {
  await expectNoSidewaysScroll(page, what);
  await expectButtonsReachable(page, what);
}

for (const locale of ['de', 'en'] as WorkspaceLocale[]) {
  test.describe(`the workspace at 390 px (${locale})`, () => {
    test('sign-in, entries table and the menu, branding and content page editors fit the width', async ({
      contexts,
    }) => {
      test.setTimeout(120_000);
      const { context } = await contexts.open({ locale });
      const page = await context.newPage();
      await openWorkspace(page, '/admin');
      await expect(page).toHaveURL(/\/admin\/sign-in/);
      await expectFits(page, 'sign-in');
      await page.getByLabel(words(locale, 'signIn.email'), { exact: true }).fill(STAFF.editor.email);
      await page.getByLabel(words(locale, 'signIn.password'), { exact: true }).fill(STAFF.editor.password);
      await page.getByRole('button', { name: words(locale, 'signIn.submit') }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await waitForWorkspace(page);
      await expectFits(page, 'entries table');

      await openWorkspace(page, WORKSPACE_PAGES.menu);
      // A second-level entry of the tree, its more settings unfolded: the deepest row an editor meets first.
      const child = page.getByRole('group', { name: locale === 'de' ? 'Werkzeuge' : 'Tools', exact: true });
      await child.locator('summary').click();
      await expect(child.getByLabel(words(locale, 'language.en'), { exact: true })).toBeVisible();
      await expect(child.getByLabel(words(locale, 'field.visibility'), { exact: true })).toBeVisible();
      await expectFits(page, 'menu editor');

      await openWorkspace(page, WORKSPACE_PAGES.branding);
      await expectFits(page, 'branding editor');

      await openWorkspace(page, WORKSPACE_PAGES.contentPage);
      await expectFits(page, 'content page editor');

      await openWorkspace(page, WORKSPACE_PAGES.media);
      await expectFits(page, 'media library');
    });

    test('a page in preview: the preview bar fits the width and leads out of the preview', async ({ contexts }) => {
      const { context } = await contexts.open({ who: 'editor', locale });
      const page = await context.newPage();
      const shopPath = locale === 'de' ? '/' : '/en';
      await page.goto(`/admin/preview?to=${encodeURIComponent(shopPath)}`);
      await expect(page).toHaveURL(new RegExp(`${shopPath.replace('/', '\\/')}$`));
      const bar = page.getByText(msg(locale, 'site.previewNotice'));
      await expect(bar).toBeVisible();
      await expectNoSidewaysScroll(page, 'preview');
      const leave = page.getByRole('link', { name: msg(locale, 'site.previewExit') });
      const box = (await leave.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      await leave.click();
      await expect(page.getByText(msg(locale, 'site.previewNotice'))).toHaveCount(0);
    });
  });
}
