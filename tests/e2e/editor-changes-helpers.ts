// The steps the readable-changes specs share (editor-changes.spec.ts, editor-changes.mobile.spec.ts):
// read the live version, save the draft, open its preview, publish and open what changed since.
import type { Locator, Page } from '@playwright/test';
import { changeMessages } from '#lib/admin/change-messages.ts';
import { fill } from '#lib/i18n/format.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { expect, msg } from './helpers.ts';
import { words, wordsPattern, type WorkspaceLocale } from './editor-helpers.ts';

/** The live version the entry page says it shows. */
export async function liveVersion(page: Page, locale: WorkspaceLocale): Promise<number> {
  const state = page.getByText(wordsPattern(locale, 'editor.status.published'));
  const live = Number(/\d+/.exec((await state.textContent()) ?? '')?.[0]);
  expect(live).toBeGreaterThan(0);
  return live;
}

export async function saveDraft(page: Page, locale: WorkspaceLocale): Promise<void> {
  await page.getByRole('button', { name: words(locale, 'editor.save') }).click();
  await expect(page.getByRole('status')).toContainText(wordsPattern(locale, 'editor.saved'));
}

/**
 * Clicks "Preview": the shop must open at `path` in preview, and the link name the shop language
 * `shop` it opens (checked after the address, which is what the editor relies on). The shop page.
 */
export async function openPreview(page: Page, locale: WorkspaceLocale, path: string, shop: Locale): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: words(locale, 'editor.preview') }).click();
  const preview = await popup;
  await expect(preview).toHaveURL(new URL(path, page.url()).href);
  await expect(preview.getByText(msg(shop, 'site.previewNotice'))).toBeVisible();
  const name = fill(changeMessages[locale]['changes.previewIn'], { language: words(locale, `language.${shop}`) });
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  return preview;
}

/** Publishes the draft made against version `from`, then opens what changed since `from`: the changes' group. */
export async function publishAndCompare(page: Page, locale: WorkspaceLocale, from: number): Promise<Locator> {
  await page.getByRole('button', { name: words(locale, 'editor.publish'), exact: true }).click();
  await expect(page.getByText(words(locale, 'editor.status.published', { version: from + 1 }))).toBeVisible();
  const history = page.getByRole('region', { name: words(locale, 'history.title') });
  await history.getByRole('button', { name: `${words(locale, 'history.diff')} (${from})` }).click();
  const changes = history.getByRole('group', { name: fill(changeMessages[locale]['changes.label'], { from }) });
  await expect(changes).toBeVisible();
  return changes;
}

/** The change whose place (the labels from the entry down to the field) is `where`. */
export function changeAt(changes: Locator, where: string[]): Locator {
  return changes.getByRole('listitem').filter({ has: changes.page().getByText(where.join(' › '), { exact: true }) });
}
