// The editor workspace as its people use it, on a shop of its own (editor-helpers.ts): a new editor's
// way from sign-in to a published menu change and back by the history; a content page whose HTML
// carries scripts; the checks before a save; two people saving the same entry; what an editor may not
// open and what an admin's API token may do; and axe and the Nu Html Checker on every workspace page
// in German and English.
import type { APIRequestContext, Page } from '@playwright/test';
import { htmlErrors } from './html-checker.ts';
import { expect, expectNoA11yViolations, msg } from './helpers.ts';
import {
  STAFF,
  WORKSPACE_PAGES,
  waitForWorkspace,
  entryPath,
  inLanguage,
  menuTitleField,
  openWorkspace,
  pasteHtml,
  richTextField,
  startEditorShop,
  words,
  wordsPattern,
  workspaceTest,
  type EditorShop,
  type WorkspaceLocale,
} from './editor-helpers.ts';

let shop: EditorShop;
const test = workspaceTest(() => shop);

test.beforeAll(async () => {
  // A build (when the sources changed since the last one) and a seeded database.
  test.setTimeout(600_000);
  shop = await startEditorShop();
});

test.afterAll(async () => {
  await shop?.stop();
});

/** The page's HTML as a shopper without cookies gets it (the page cache's copy when it has one). */
async function shopperHtml(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

/** The first link on a page whose path matches (a category tile on the home page, a product in a category). */
function firstLink(html: string, pattern: RegExp, from: string): string {
  const href = [...html.matchAll(/href="([^"#?]+)"/g)].map((m) => m[1]!).find((h) => pattern.test(h));
  expect(href, `${from} links to ${pattern}`).toBeDefined();
  return href!;
}

/** What the German home shows of the menu: the desktop row and the mobile menu, as text. */
async function germanMenuTexts(page: Page): Promise<string[]> {
  await page.goto('/');
  const texts = [
    await page.getByRole('navigation', { name: msg('de', 'header.mainNavigation') }).textContent(),
    await page.getByRole('dialog', { name: msg('de', 'menu.menu'), includeHidden: true }).textContent(),
  ];
  return texts.map((t) => (t ?? '').replace(/\s+/g, ' ').trim());
}

test.describe('the journey of a new editor', () => {
  test('signs in, changes the English menu title, previews, publishes, compares and restores', async ({ contexts }) => {
    test.setTimeout(180_000);
    const marker = `E2E-${Date.now().toString(36)}`;
    // The editor's browser asks for German; the shopper has no cookies at all (no session, no preview).
    const { context } = await contexts.open({ locale: 'de' });
    const shopper = await contexts.open();
    const shopperPage = await shopper.context.newPage();

    // The shop before: the English pages cached (each asked for once), the German menu as it reads.
    const enHome = await shopperHtml(shopper.context.request, '/en');
    const category = firstLink(enHome, /^\/en\/c\/[^/]+$/, '/en');
    const product = firstLink(await shopperHtml(shopper.context.request, category), /^\/en\/p\/\d+\/[^/]+$/, category);
    await shopperHtml(shopper.context.request, product);
    const germanBefore = await germanMenuTexts(shopperPage);
    expect(germanBefore.join(' ')).toContain('Sortiment');

    // German workspace: /admin sends to the sign-in, which leads back to the entries.
    const page = await context.newPage();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin$/);
    await expect(page.getByRole('heading', { level: 1, name: words('de', 'title.signIn') })).toBeVisible();
    await waitForWorkspace(page);
    await page.getByLabel(words('de', 'signIn.email'), { exact: true }).fill(STAFF.editor.email);
    await page.getByLabel(words('de', 'signIn.password'), { exact: true }).fill(STAFF.editor.password);
    await page.getByRole('button', { name: words('de', 'signIn.submit') }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(
      page.getByText(words('de', 'nav.signedInAs', { email: STAFF.editor.email, role: words('de', 'role.editor') })),
    ).toBeVisible();
    // The entries table is an island: a click while it hydrates can be lost.
    await waitForWorkspace(page);

    const table = page.getByRole('region', { name: words('de', 'entries.tableLabel') });
    await table.getByRole('link', { name: words('de', 'kind.block:menu'), exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/entry\?type=block&identifier=menu&locale=$/);
    await waitForWorkspace(page);
    const state = page.getByText(wordsPattern('de', 'editor.status.published'));
    const live = Number(/\d+/.exec((await state.textContent()) ?? '')?.[0]);
    expect(live).toBeGreaterThan(0);

    // The first menu entry's English title, beside its other languages in the entry's row.
    const englishTitle = menuTitleField(page, 'de', 'Sortiment', 'en');
    const original = await englishTitle.inputValue();
    await englishTitle.fill(marker);
    await expect(page.getByText(words('de', 'editor.unsaved'))).toBeVisible();
    await page.getByRole('button', { name: words('de', 'editor.save') }).click();
    await expect(page.getByRole('status')).toContainText(wordsPattern('de', 'editor.saved'));
    await expect(page.getByText(words('de', 'editor.status.changed', { version: live }))).toBeVisible();

    // A draft is nobody's but the editor's: the shopper's English home does not show it.
    expect(await shopperHtml(shopper.context.request, '/en')).not.toContain(marker);

    // On to English: the switch keeps the entry, and the saved draft is what the form shows.
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/lang=en/);
    await waitForWorkspace(page);
    await expect(page.getByText(words('en', 'editor.status.changed', { version: live }))).toBeVisible();

    // Preview: a tab of its own, on the shop, with the draft and the bar saying so; never cached or indexed.
    // The entry is every language's; the English workspace previews the English shop.
    const landed = context.waitForEvent(
      'response',
      (r) => r.request().isNavigationRequest() && r.url() === `${shop.base}/en`,
    );
    const popup = page.waitForEvent('popup');
    await page.getByRole('link', { name: words('en', 'editor.preview') }).click();
    const preview = await popup;
    const previewed = await landed;
    await expect(preview).toHaveURL(`${shop.base}/en`);
    expect(previewed.status()).toBe(200);
    expect(previewed.headers()['cache-control']).toBe('private, no-store');
    expect(previewed.headers()['x-robots-tag']).toBe('noindex');
    await expect(preview.getByText(msg('en', 'site.previewNotice'))).toBeVisible();
    await expect(preview.getByRole('link', { name: msg('en', 'site.previewExit') })).toBeVisible();
    await expect(preview.getByRole('dialog', { name: msg('en', 'menu.menu'), includeHidden: true })).toContainText(
      marker,
    );
    await preview.close();

    // Publish: the status names the new version; the shopper's cached pages show the change within 1 s.
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/publish');
    await page.getByRole('button', { name: words('en', 'editor.publish'), exact: true }).click();
    expect((await answer).status()).toBe(200);
    const answeredAt = Date.now();
    let elapsed: number;
    for (;;) {
      const [home, categoryPage, productPage, german] = await Promise.all(
        ['/en', category, product, '/'].map((path) => shopperHtml(shopper.context.request, path)),
      );
      elapsed = Date.now() - answeredAt;
      expect(german, 'the German home').not.toContain(marker);
      if ([home, categoryPage, productPage].every((html) => html!.includes(marker))) break;
      if (elapsed > 5_000) break;
    }
    test.info().annotations.push({ type: 'publish-to-visible', description: `${elapsed} ms` });
    expect(
      elapsed,
      'ms from the publish answer until /en, a category and a product show the change',
    ).toBeLessThanOrEqual(1_000);
    await expect(page.getByRole('status')).toContainText(
      words('en', 'editor.published', { version: live + 1, at: '§', ms: '§' }).split('§')[0]!,
    );
    await expect(page.getByText(words('en', 'editor.status.published', { version: live + 1 }))).toBeVisible();
    expect(await germanMenuTexts(shopperPage)).toEqual(germanBefore);

    // Versions: what changed since the one before is the marker line; restoring it takes the marker off the shop.
    const history = page.getByRole('region', { name: words('en', 'history.title') });
    await history.getByRole('button', { name: `${words('en', 'history.diff')} (${live})` }).click();
    await expect(history.getByRole('insertion').filter({ hasText: marker })).toBeVisible();
    await expect(history.getByRole('deletion').filter({ hasText: original })).toBeVisible();
    page.once('dialog', (dialog) => {
      expect(dialog.type()).toBe('confirm');
      expect(dialog.message()).toBe(words('en', 'history.confirm', { version: live }));
      void dialog.accept();
    });
    await history.getByRole('button', { name: words('en', 'history.rollback', { version: live }) }).click();
    await expect(page.getByRole('status')).toContainText(
      words('en', 'history.rolledBack', { version: live, next: live + 2 }),
    );
    await expect.poll(async () => (await shopperHtml(shopper.context.request, '/en')).includes(marker)).toBe(false);
    expect(await shopperHtml(shopper.context.request, '/en')).toContain(original);
    expect(await germanMenuTexts(shopperPage)).toEqual(germanBefore);
  });
});

test.describe('the sign-in', () => {
  for (const locale of ['de', 'en'] as const) {
    test(`says in the form what went wrong and, after five wrong passwords, when to try again; then signs in by keyboard (${locale})`, async ({
      contexts,
    }) => {
      const { context } = await contexts.open({ locale });
      const page = await context.newPage();
      await page.goto(inLanguage('/admin/sign-in?next=%2Fadmin%2Fstaff', locale));
      const email = page.getByLabel(words(locale, 'signIn.email'), { exact: true });
      const password = page.getByLabel(words(locale, 'signIn.password'), { exact: true });
      const alert = page.getByRole('alert');
      /** Sends the form and waits for the page the server answers with; its status. */
      const send = async (address: string, secret: string) => {
        await email.fill(address);
        await password.fill(secret);
        const answer = page.waitForResponse((r) => r.request().method() === 'POST');
        const shown = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
        await page.getByRole('button', { name: words(locale, 'signIn.submit') }).click();
        const status = (await answer).status();
        await shown;
        await page.waitForLoadState();
        return status;
      };
      // An address nobody has, so that the editors' own attempts stay uncounted.
      const nobody = `nobody-${locale}-${Date.now().toString(36)}@example.com`;

      // While the form is on its way, the button says so and takes no second press: its state just after
      // the press, kept in the tab's storage (the page it was read on is gone once the answer comes).
      await page.evaluate(() => {
        const form = document.querySelector('form')!;
        form.addEventListener('submit', () =>
          queueMicrotask(() => {
            const button = form.querySelector('button')!;
            sessionStorage.setItem('pressed', JSON.stringify([button.textContent, button.disabled]));
          }),
        );
      });
      expect(await send(nobody, 'Not-the-password-1')).toBe(401);
      const pressed = await page.evaluate(() => sessionStorage.getItem('pressed'));
      expect(JSON.parse(pressed ?? '[]')).toEqual([words(locale, 'signIn.pending'), true]);

      // A wrong password: said in the form, the address kept, the password to type again focused.
      await expect(alert).toHaveText(words(locale, 'signIn.invalid'));
      await expect(email).toHaveValue(nobody);
      await expect(password).toHaveValue('');
      await expect(password).toBeFocused();
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await expect(password).toHaveAccessibleDescription(words(locale, 'signIn.invalid'));
      await expectNoA11yViolations(page);
      for (let attempt = 2; attempt <= 5; attempt += 1) {
        expect(await send(nobody, `Not-the-password-${attempt}`)).toBe(401);
        await expect(alert).toHaveText(words(locale, 'signIn.invalid'));
      }
      // The sixth is not even checked: the window is 15 minutes, from the first attempt.
      expect(await send(nobody, 'Not-the-password-6')).toBe(429);
      await expect(alert).toHaveText(words(locale, 'signIn.tooMany_other', { count: 15 }));
      await expect(password).not.toHaveAttribute('aria-invalid', /.*/);

      // The keyboard alone: Enter in the password field signs in and leads on to the page asked for.
      await email.fill(STAFF.admin.email);
      await password.fill(STAFF.admin.password);
      await password.press('Enter');
      await expect(page).toHaveURL(/\/admin\/staff$/);
      await expect(page.getByRole('heading', { level: 1, name: words(locale, 'title.staff') })).toBeVisible();
    });
  }
});

/**
 * The content page's HTML ran nothing: its text is there, no script or event handler made it into the
 * page, no javascript: link, and the payloads' flag is unset after load and after a click on the link.
 */
async function expectInert(page: Page, dialogs: string[]): Promise<void> {
  const article = page.getByRole('article');
  await expect(article.getByText('Safe text')).toBeVisible();
  await expect(article.locator('script')).toHaveCount(0);
  await expect(page.locator('[onerror]')).toHaveCount(0);
  await expect(page.locator('[href^="javascript:" i]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await article.getByText('x', { exact: true }).click();
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs, 'dialogs opened by the page').toEqual([]);
}

test.describe('a content page with rich text', () => {
  test('is created, previewed and published; the scripts in its HTML never run', async ({ contexts }) => {
    test.setTimeout(120_000);
    const slug = 'e2e-safe-page';
    const { context } = await contexts.open({ who: 'editor' });
    const dialogs: string[] = [];
    context.on('page', (p) =>
      p.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      }),
    );
    const page = await context.newPage();
    await openWorkspace(page, '/admin');
    const create = page.getByRole('region', { name: words('en', 'newPage.title') });
    await create.getByLabel(words('en', 'newPage.identifier')).fill('e2e-xss');
    await create.getByLabel(words('en', 'newPage.locale')).selectOption('en');
    await create.getByRole('button', { name: words('en', 'newPage.create') }).click();
    await expect(page).toHaveURL(/\/admin\/entry\?type=page&identifier=e2e-xss&locale=en$/);
    await waitForWorkspace(page);
    await expect(page.getByText(words('en', 'editor.status.new'))).toBeVisible();

    await page.getByLabel(words('en', 'field.title'), { exact: true }).fill('Rich text check');
    await page.getByLabel(words('en', 'field.slug'), { exact: true }).fill(slug);
    // Pasted into the visual editor (an editor has no HTML source): what would run is not kept.
    const area = await richTextField(page, 'en');
    await area.click();
    await pasteHtml(
      area,
      '<p>Safe text</p><script>window.__xss=1</script><img src=x onerror="window.__xss=2"><a href="javascript:window.__xss=3">x</a>',
    );
    await expect(area.getByText('Safe text')).toBeVisible();
    await page.getByRole('button', { name: words('en', 'editor.save') }).click();
    await expect(page.getByRole('status')).toContainText(wordsPattern('en', 'editor.saved'));

    const popup = page.waitForEvent('popup');
    await page.getByRole('link', { name: words('en', 'editor.preview') }).click();
    const preview = await popup;
    // The page at the address the draft gives it (soft: the checks below still run on that address).
    await expect.soft(preview, 'Preview opens the saved page at its slug').toHaveURL(new RegExp(`/en/i/${slug}$`));
    if (!preview.url().endsWith(`/en/i/${slug}`)) await preview.goto(`/en/i/${slug}`);
    // Soft as well: the published page below is checked whatever the preview shows.
    await expect.soft(preview.getByText(msg('en', 'site.previewNotice')), 'the draft page in preview').toBeVisible();
    if (await preview.getByRole('article').count()) await expectInert(preview, dialogs);
    await preview.close();

    await page.getByRole('button', { name: words('en', 'editor.publish'), exact: true }).click();
    await expect(page.getByText(words('en', 'editor.status.published', { version: 1 }))).toBeVisible();

    // The published page rendered for the editor's preview (drafts over published content) runs nothing either.
    const previewed = await context.newPage();
    await previewed.goto(`/admin/preview?to=${encodeURIComponent(`/en/i/${slug}`)}`);
    await expect(previewed).toHaveURL(new RegExp(`/en/i/${slug}$`));
    await expect(previewed.getByText(msg('en', 'site.previewNotice'))).toBeVisible();
    await expectInert(previewed, dialogs);
    await previewed.close();

    const shopper = await contexts.open();
    shopper.context.on('page', (p) =>
      p.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      }),
    );
    const shopperPage = await shopper.context.newPage();
    const response = await shopperPage.goto(`/en/i/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(shopperPage.getByRole('heading', { level: 1, name: 'Rich text check' })).toBeVisible();
    await expect(shopperPage.getByText(msg('en', 'site.previewNotice'))).toHaveCount(0);
    await expectInert(shopperPage, dialogs);
  });
});

test.describe('the checks before a save', () => {
  test('an invalid colour is marked at its field and nothing is saved; the server refuses it too (422)', async ({
    contexts,
  }) => {
    const { context } = await contexts.open({ who: 'editor' });
    const page = await context.newPage();
    const key = { type: 'block', identifier: 'notification-bar', locale: 'en' } as const;
    await openWorkspace(page, entryPath(key.type, key.identifier, key.locale));
    const state = page.getByText(wordsPattern('en', 'editor.status.published'));
    const before = await state.textContent();
    const colour = page.getByLabel(words('en', 'field.backgroundColor'), { exact: true });
    const saved = await colour.inputValue();

    await colour.fill('red');
    await page.getByRole('button', { name: words('en', 'editor.save') }).click();
    await expect(colour).toHaveAttribute('aria-invalid', 'true');
    await expect(colour).toHaveAccessibleDescription(new RegExp(`^${words('en', 'issue.pattern').split('{')[0]}`));
    await expect(page.getByRole('alert')).toContainText(words('en', 'editor.invalid', { count: 1 }));
    await expect(state).toHaveText(before!);
    await expect(page.getByRole('link', { name: words('en', 'editor.preview') })).toHaveCount(0);

    // Nothing reached the server: no draft, and a reload shows the saved colour.
    const entry = await page.request.get(`/api/admin/entry?${new URLSearchParams(key)}`);
    expect(((await entry.json()) as { draft: unknown }).draft).toBeNull();
    await openWorkspace(page, entryPath(key.type, key.identifier, key.locale));
    await expect(page.getByLabel(words('en', 'field.backgroundColor'), { exact: true })).toHaveValue(saved);

    // The server checks with the same schema: a script sending the same config gets a 422.
    const refused = await page.request.post('/api/admin/draft', {
      data: { ...key, config: { backgroundColor: 'red', iconColor: '#b45309' }, content: '<p>x</p>', revision: 0 },
    });
    expect(refused.status()).toBe(422);
    expect(((await refused.json()) as { code: string }).code).toBe('CONTENT_INVALID');
    const after = await page.request.get(`/api/admin/entry?${new URLSearchParams(key)}`);
    expect(((await after.json()) as { draft: unknown }).draft).toBeNull();
  });
});

test.describe('two people on one entry', () => {
  test('the second save is a conflict, said in an alert, and keeps what the second person typed', async ({
    contexts,
  }) => {
    const path = entryPath('block', 'top-banner', 'de');
    const [editor, admin] = await Promise.all([contexts.open({ who: 'editor' }), contexts.open({ who: 'admin' })]);
    const first = await editor.context.newPage();
    const second = await admin.context.newPage();
    await openWorkspace(first, path);
    await openWorkspace(second, path);
    const html = (page: Page) => richTextField(page, 'en');
    const theirs = 'Versandkostenfrei ab 300 € – geändert von der Redaktion';
    const mine = 'Versandkostenfrei ab 200 € – geändert von der Administration';
    await (await html(first)).fill(theirs);
    await (await html(second)).fill(mine);

    await first.getByRole('button', { name: words('en', 'editor.save') }).click();
    await expect(first.getByRole('status')).toContainText(wordsPattern('en', 'editor.saved'));
    await second.getByRole('button', { name: words('en', 'editor.save') }).click();
    await expect(second.getByRole('alert')).toContainText(wordsPattern('en', 'editor.conflict'));
    await expect(second.getByRole('alert').getByRole('link', { name: words('en', 'editor.reload') })).toBeVisible();
    await expect(await html(second)).toHaveText(mine);
    await expect(second.getByText(words('en', 'editor.unsaved'))).toBeVisible();

    // The draft is the first person's, untouched by the refused save.
    const entry = await second.request.get(
      `/api/admin/entry?${new URLSearchParams({ type: 'block', identifier: 'top-banner', locale: 'de' })}`,
    );
    expect(((await entry.json()) as { draft: { content: string; by: string } }).draft).toMatchObject({
      content: `<p>${theirs}</p>`,
      by: expect.stringContaining(STAFF.editor.email),
    });
  });
});

test.describe('roles', () => {
  test('an editor sees no staff or token pages; opening them answers 403 with a message', async ({ contexts }) => {
    const { context } = await contexts.open({ who: 'editor' });
    const page = await context.newPage();
    await openWorkspace(page, '/admin');
    const nav = page.getByRole('navigation', { name: words('en', 'nav.label') });
    await expect(nav.getByRole('link', { name: words('en', 'nav.content') })).toBeVisible();
    await expect(nav.getByRole('link', { name: words('en', 'nav.staff') })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: words('en', 'nav.tokens') })).toHaveCount(0);
    for (const path of ['/admin/staff', '/admin/tokens']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByText(words('en', 'page.forbidden'))).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
    }
  });

  test('an admin creates an API token, sees it once, uses it, revokes it', async ({ contexts }) => {
    const { context } = await contexts.open({ who: 'admin' });
    const page = await context.newPage();
    await openWorkspace(page, '/admin/tokens');
    const name = 'E2E content reader';
    await page.getByLabel(words('en', 'tokens.name')).fill(name);
    await page.getByRole('checkbox', { name: words('en', 'scope.content:read') }).check();
    await page.getByRole('button', { name: words('en', 'tokens.createSubmit') }).click();
    await expect(page.getByText(words('en', 'tokens.created', { name }))).toBeVisible();
    const shown = page.getByRole('textbox', { name: words('en', 'tokens.secret') });
    await expect(shown).toBeFocused();
    const token = await shown.inputValue();
    expect(token.length).toBeGreaterThanOrEqual(20);
    await expect(page.getByText(words('en', 'tokens.secretWarning'))).toBeVisible();

    const read = () =>
      fetch(`${shop.base}/api/admin/content/block/menu`, { headers: { authorization: `Bearer ${token}` } });
    const allowed = await read();
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('etag')).toBeTruthy();
    expect(((await allowed.json()) as { identifier: string }).identifier).toBe('menu');

    // Shown once: after a reload the page has the token's name, never the token.
    await openWorkspace(page, '/admin/tokens');
    await expect(page.getByRole('textbox', { name: words('en', 'tokens.secret') })).toHaveCount(0);
    expect(await page.content()).not.toContain(token);
    const row = page
      .getByRole('region', { name: words('en', 'tokens.tableLabel') })
      .getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(words('en', 'scope.content:read'));

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(words('en', 'tokens.confirmRevoke', { name }));
      void dialog.accept();
    });
    await row.getByRole('button', { name: words('en', 'tokens.revokeLabel', { name }) }).click();
    await expect(page.getByText(words('en', 'tokens.revoked', { name }))).toBeVisible();
    expect((await read()).status).toBe(401);
  });
});

const QUALITY_PAGES = Object.entries(WORKSPACE_PAGES);
const LANGUAGES: WorkspaceLocale[] = ['de', 'en'];

test.describe('quality of the workspace pages', () => {
  for (const locale of LANGUAGES) {
    for (const [name, path] of QUALITY_PAGES) {
      test(`axe: ${name} (${locale})`, async ({ contexts }) => {
        // The sign-in and set-password pages are for people who are not signed in.
        const signedOut = name === 'signIn' || name === 'setPasswordBadToken';
        const { context } = await contexts.open(signedOut ? { locale } : { who: 'admin', locale });
        const page = await context.newPage();
        const response = await openWorkspace(page, inLanguage(path, locale));
        expect(response?.status(), path).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expectNoA11yViolations(page);
        if (name === 'setPasswordBadToken') {
          // Sending a new password with the bad link says the link is no good.
          await page
            .getByLabel(words(locale, 'setPassword.password'), { exact: true })
            .fill('Lange-genug-und-selten-42');
          await page.getByLabel(words(locale, 'setPassword.repeat'), { exact: true }).fill('Lange-genug-und-selten-42');
          await page.getByRole('button', { name: words(locale, 'setPassword.submit') }).click();
          await expect(page.getByRole('alert')).toHaveText(words(locale, 'setPassword.invalidToken'));
          await expectNoA11yViolations(page);
        }
      });
    }

    test(`Nu Html Checker: every workspace page (${locale})`, async ({ contexts }) => {
      test.setTimeout(120_000);
      const { context } = await contexts.open({ who: 'admin', locale });
      const documents = new Map<string, string>();
      for (const [, path] of QUALITY_PAGES) {
        const url = inLanguage(path, locale);
        const response = await context.request.get(url);
        expect(response.status(), url).toBe(200);
        documents.set(url, await response.text());
      }
      const errors = await htmlErrors(documents);
      expect(errors.length, `Nu Html Checker found ${errors.length} error(s):\n${errors.join('\n')}`).toBe(0);
    });
  }
});
