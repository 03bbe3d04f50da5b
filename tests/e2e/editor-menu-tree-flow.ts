// The menu tree editor's journey, shared by editor-menu-tree.spec.ts (1366 px, mouse) and its
// .mobile variant (390 px, touch): an English title renamed in its row, an entry moved by keyboard and
// another by drag, a link picked by its target's name, a hide and a delete undone, axe on the editor;
// then publish and the shopper's English menu shows all of it.
import type { Locator, Page } from '@playwright/test';
import { treeMessages } from '#lib/admin/tree-messages.ts';
import { fill } from '#lib/i18n/format.ts';
import { expect, expectNoA11yViolations, msg } from './helpers.ts';
import {
  entryPath,
  inLanguage,
  openWorkspace,
  words,
  type StaffContext,
  type WorkspaceLocale,
} from './editor-helpers.ts';

/** Drags `handle` onto the top (before) or middle (inside) of `target`, by mouse or by touch. */
export async function drag(page: Page, handle: Locator, target: Locator, touch: boolean): Promise<void> {
  // Both in view: the upper of the two at the top (a drag here does not scroll the page).
  const upper = (await handle.boundingBox())!.y < (await target.boundingBox())!.y ? handle : target;
  await upper.evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  const end = { x: to.x + to.width / 2, y: to.y + Math.min(12, to.height / 6) };
  const steps = Array.from({ length: 12 }, (_, i) => ({
    x: start.x + ((end.x - start.x) * (i + 1)) / 12,
    y: start.y + ((end.y - start.y) * (i + 1)) / 12,
  }));
  if (!touch) {
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    for (const p of steps) await page.mouse.move(p.x, p.y);
    await page.mouse.up();
    return;
  }
  // A finger: touch events as the phone sends them (pointer events of type touch).
  const cdp = await page.context().newCDPSession(page);
  const touchAt = (type: 'touchStart' | 'touchMove' | 'touchEnd', p: { x: number; y: number } | null) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
  await touchAt('touchStart', start);
  for (const p of steps) await touchAt('touchMove', p);
  await touchAt('touchEnd', null);
  await cdp.detach();
}

export async function menuTreeJourney(staff: StaffContext, locale: WorkspaceLocale, touch: boolean): Promise<void> {
  const t = treeMessages[locale];
  const page = await staff.context.newPage();
  await openWorkspace(page, inLanguage(entryPath('block', 'menu'), locale));
  const tree = page.getByRole('region', { name: t['tree.menu'] });
  const row = (name: string) => tree.getByRole('group', { name, exact: true }).first();
  const handle = (name: string) =>
    tree.getByRole('button', { name: fill(t['tree.move'], { title: name }), exact: true }).first();
  // The second entry at the top: Service (whatever its English title is by now), four pages inside.
  const serviceRow = tree.locator('[data-tree-row="1"]');
  const english = (r: Locator) => r.getByLabel(words(locale, 'language.en'), { exact: true });
  const announced = tree.locator('[aria-live]').last();
  await expect(serviceRow).toBeVisible();
  await expectNoA11yViolations(page);

  // Rename: the English title sits in the entry's own row beside the other languages.
  const marker = `Svc-${locale}-${Date.now().toString(36)}`;
  await english(serviceRow).fill(marker);

  // The Service entries as they are now, by their names here and in English.
  const childRows = tree.locator('[data-tree-row^="1."]');
  await expect(childRows).toHaveCount(4);
  const names = await childRows.evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')!));
  const englishNames = await Promise.all(names.map((n) => english(row(n)).inputValue()));

  // Keyboard: the second entry up, focus staying on it and the move said aloud.
  await handle(names[1]!).focus();
  await page.keyboard.press('ArrowUp');
  await expect(handle(names[1]!)).toBeFocused();
  await expect(announced).toHaveText(fill(t['tree.moved'], { title: names[1]!, position: 1, count: 4, level: 2 }));
  await expect(childRows.first()).toHaveAttribute('aria-label', names[1]!);

  // Drag: the fourth onto the top of the third.
  await drag(page, handle(names[3]!), row(names[2]!), touch);
  await expect(childRows.nth(2)).toHaveAttribute('aria-label', names[3]!);
  await expect(announced).toHaveText(fill(t['tree.moved'], { title: names[3]!, position: 3, count: 4, level: 2 }));

  // A link by name: the pro deals entry leads to the drills category from now on.
  const deals = row(locale === 'de' ? 'Profi-Angebote' : 'Pro deals');
  const picker = deals.getByRole('combobox', { name: words(locale, 'field.url'), exact: true });
  await picker.fill('xyz-nothing');
  await picker.press('Escape');
  await expect(deals.getByRole('listbox')).toBeHidden();
  const drillsName = locale === 'de' ? 'Bohrmaschinen' : 'Drills';
  await picker.fill('');
  await picker.fill(drillsName);
  await expect(deals.getByRole('listbox').getByRole('option').first()).toContainText(drillsName);
  await picker.press('Enter');
  await expect(picker).toHaveValue(drillsName);
  await expect(deals.getByText(/c:werkzeuge\/\S*bohrmaschinen/)).toBeVisible();
  const code = /c:\S+/.exec((await deals.getByText(/c:werkzeuge/).textContent())!)![0];

  // Hide and delete, each undone.
  const last = tree.locator('[data-tree-row]').last();
  const lastName = (await last.getAttribute('aria-label'))!;
  const hidden = last.getByRole('checkbox', { name: words(locale, 'field.hidden') });
  await hidden.check();
  await expect(announced).toHaveText(fill(t['tree.hidden'], { title: lastName }));
  await tree.getByRole('button', { name: t['tree.undo'] }).click();
  await expect(hidden).not.toBeChecked();
  const count = await tree.locator('[data-tree-row]').count();
  await last.getByRole('button', { name: t['tree.delete'] }).click();
  await expect(tree.locator('[data-tree-row]')).toHaveCount(count - 1);
  await tree.getByRole('button', { name: t['tree.undo'] }).click();
  await expect(tree.locator('[data-tree-row]')).toHaveCount(count);
  await expect(announced).toHaveText(t['tree.undone']);
  await expectNoA11yViolations(page);

  // Save, publish: the shopper's English menu has the new title, the new order and the new link.
  await page.getByRole('button', { name: words(locale, 'editor.save') }).click();
  await expect(page.getByRole('status')).toContainText(words(locale, 'editor.saved', { revision: '§' }).split('§')[0]!);
  const published = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/publish');
  await page.getByRole('button', { name: words(locale, 'editor.publish'), exact: true }).click();
  expect((await published).status()).toBe(200);

  const target = await staff.context.request.get(`/api/admin/links?${new URLSearchParams({ locale: 'en', code })}`);
  const path = ((await target.json()) as { results: { path: string }[] }).results[0]!.path;
  const shopper = await staff.context.browser()!.newContext({ baseURL: new URL(page.url()).origin });
  const shop = await shopper.newPage();
  const expected = [englishNames[1], englishNames[0], englishNames[3], englishNames[2]];
  await expect(async () => {
    await shop.goto('/en');
    // The desktop row (hidden on a phone, but there): the entries in their order, pro deals included.
    const nav = shop.getByRole('navigation', { name: msg('en', 'header.mainNavigation'), includeHidden: true });
    const links = (await nav.locator('a').allTextContents()).map((s) => s.trim());
    expect(links).toContain(marker);
    const at = expected.map((name) => links.indexOf(name!));
    expect(at.every((i) => i >= 0) && at.every((i, n) => n === 0 || i > at[n - 1]!), `${expected} in ${links}`).toBe(
      true,
    );
    expect(await nav.locator('a', { hasText: 'Pro deals' }).first().getAttribute('href')).toBe(path);
  }).toPass({ timeout: 10_000 });
  await shopper.close();
}
