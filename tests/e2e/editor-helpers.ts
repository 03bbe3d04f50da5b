// Shared parts of the editor workspace specs (editor-workspace.spec.ts, editor-workspace.mobile.spec.ts):
// a shop of their own, the workspace's texts in both of its languages, and signed-in browser contexts.
// Each spec runs its own shop: the journey changes the menu every page shows, which would break the
// specs running side by side on the shared e2e shop.
import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { adminMessages } from '#lib/admin/messages.ts';
import { teamMessages } from '#lib/admin/team-messages.ts';
import { richTextMessages } from '#lib/admin/rich-text-messages.ts';
import { workspaceMessages } from '#lib/admin/workspace-messages.ts';
import { fill } from '#lib/i18n/format.ts';
import {
  buildTestShop,
  seededDataDir,
  startShopInstance,
  type ShopInstance,
  TEST_BUILD_DIR,
} from '#tests/helpers/shop-instance.ts';
import { escapeRegExp, expect, preDecideConsent, test } from './helpers.ts';

export type WorkspaceLocale = 'de' | 'en';
type Words = typeof workspaceMessages.de & typeof teamMessages.de & typeof adminMessages.de;

/**
 * A workspace text in one language, {{placeholders}} (pages, tables) or {placeholders} (the form)
 * filled in: the specs find controls by the words an editor reads.
 */
export function words(locale: WorkspaceLocale, key: keyof Words, vars: Record<string, string | number> = {}): string {
  const all: Record<string, string> = {
    ...workspaceMessages[locale],
    ...teamMessages[locale],
    ...adminMessages[locale],
  };
  const text = all[key];
  if (text === undefined) throw new Error(`no workspace text ${key}`);
  return fill(text, vars).replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** A workspace text as a pattern: each placeholder matches any text (a version, a revision, a time). */
export function wordsPattern(locale: WorkspaceLocale, key: keyof Words): RegExp {
  const template = words(locale, key);
  return new RegExp(
    template
      .split(/\{\{\w+\}\}|\{\w+\}/)
      .map(escapeRegExp)
      .join('.+?'),
  );
}

export interface EditorShop {
  /** http://localhost:<port>: the cookies of a plain-HTTP origin stay usable on localhost. */
  base: string;
  instance: ShopInstance;
  stop(): Promise<void>;
}

/**
 * The built shop on a fresh embedded database seeded with the demo shop (PGlite: the specs change
 * content only through the workspace's HTTP API, so one process holding the database is enough).
 */
export async function startEditorShop(): Promise<EditorShop> {
  const outDir = TEST_BUILD_DIR;
  await buildTestShop(outDir);
  const dataDir = await seededDataDir(120);
  try {
    // Many sign-ins from one machine: each context says which client it is (X-Forwarded-For).
    const instance = await startShopInstance({ outDir, dataDir, env: { TRUST_PROXY: '1', LOG_LEVEL: 'warn' } });
    return {
      base: `http://localhost:${instance.port}`,
      instance,
      stop: async () => {
        await instance.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** The demo staff: an editor of content, and an admin who also manages people and tokens. */
export const STAFF = DEMO_FIXTURES.staff;
export type StaffName = keyof typeof STAFF;

let clients = 0;
/** A client address of its own per context, from the documentation range, so sign-in limits count each. */
function clientAddress(): string {
  clients += 1;
  return `203.0.113.${(clients % 250) + 1}`;
}

/**
 * A browser context of its own on the shop (cookie consent decided, page errors collected), signed
 * in as `who` when given. `errors()` lists the uncaught page errors seen so far.
 */
export async function openContext(
  browser: Browser,
  shop: EditorShop,
  opts: { who?: StaffName; locale?: WorkspaceLocale } & BrowserContextOptions = {},
) {
  const { who, locale = 'en', ...rest } = opts;
  const context = await browser.newContext({
    baseURL: shop.base,
    locale: locale === 'de' ? 'de-DE' : 'en-GB',
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
    ...rest,
  });
  await preDecideConsent(context);
  const seen: string[] = [];
  context.on('page', (page) =>
    page.on('pageerror', (error) => seen.push(`${page.url()}: ${error.stack ?? error.message}`)),
  );
  if (who) await signIn(context, who);
  return { context, errors: () => [...seen] };
}

export type StaffContext = Awaited<ReturnType<typeof openContext>>;

/**
 * The specs' `test`: `contexts.open(opts)` gives a context of its own on the spec's shop (see
 * openContext); each is closed after the test, which fails on any uncaught error in its pages.
 */
export function workspaceTest(shop: () => EditorShop) {
  return test.extend<{ contexts: { open: (opts?: Parameters<typeof openContext>[2]) => Promise<StaffContext> } }>({
    contexts: async ({ browser }, use) => {
      const opened: StaffContext[] = [];
      await use({
        open: async (opts) => {
          const made = await openContext(browser, shop(), opts);
          opened.push(made);
          return made;
        },
      });
      const errors = opened.flatMap((c) => c.errors());
      for (const { context } of opened) await context.close();
      expect(errors, 'uncaught errors in page scripts').toEqual([]);
    },
  });
}

/**
 * A spec's `test` on a shop of its own, started before its first test and stopped after its last;
 * `shop()` is that shop.
 */
export function onOwnShop() {
  let shop: EditorShop | undefined;
  const test = workspaceTest(() => shop!);
  test.beforeAll(async () => {
    // A build (when the sources changed since the last one) and a seeded database.
    test.setTimeout(600_000);
    shop = await startEditorShop();
  });
  test.afterAll(async () => {
    await shop?.stop();
  });
  return { test, shop: () => shop! };
}

/** Signs a context in through the workspace API (the UI's own sign-in is the journey's subject). */
export async function signIn(context: BrowserContext, who: StaffName): Promise<void> {
  const { email, password } = STAFF[who];
  const response = await context.request.post('/api/admin/sign-in', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The editor page of an entry; locale '' is the row every language uses. */
export function entryPath(type: 'block' | 'setting' | 'page', identifier: string, locale = ''): string {
  return `/admin/entry?${new URLSearchParams({ type, identifier, locale })}`;
}

/**
 * The menu tree's title field in `language` of the entry whose row is named `entry` (its title in the
 * workspace's language): one row per entry, a field per shop language side by side.
 */
export function menuTitleField(page: Page, locale: WorkspaceLocale, entry: string, language: string) {
  return page
    .getByRole('group', { name: entry, exact: true })
    .first()
    .getByLabel(words(locale, `language.${language}` as keyof Words), { exact: true });
}

/**
 * Waits until the page's islands are live: Astro drops an island's `ssr` attribute once it has hydrated.
 * Workspace islands hydrate on intent (src/layouts/Admin.astro), so the editor's pointer passes over
 * each first, as it does on the way to any control.
 */
export async function waitForWorkspace(page: Page): Promise<void> {
  await expect(page.locator('main')).toBeVisible();
  // Right after a navigation the layout's script may not be watching yet, and a pointer that passed
  // before it did wakes nothing: pass again until every island is live. Waking loads the island's
  // code, which takes a while on a busy CI machine.
  await expect(async () => {
    for (const island of await page.locator('astro-island[client="intent"][ssr]').all())
      await island.dispatchEvent('pointerover').catch(() => {}); // hydrated (and re-rendered) meanwhile
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/** Opens a workspace page and waits until its islands are live. */
export async function openWorkspace(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForWorkspace(page);
  return response;
}

/** The workspace pages the quality and width checks visit, each as a staff member sees it. */
export const WORKSPACE_PAGES = {
  signIn: '/admin/sign-in',
  entries: '/admin',
  menu: entryPath('block', 'menu'),
  footer: entryPath('block', 'footer'),
  branding: entryPath('setting', 'branding'),
  localeSetting: entryPath('setting', 'locale'),
  contentPage: entryPath('page', 'agb', 'de'),
  media: '/admin/media',
  staff: '/admin/staff',
  tokens: '/admin/tokens',
  webhooks: '/admin/webhooks',
  import: '/admin/import',
  reviews: '/admin/reviews?status=all',
  audit: '/admin/audit',
  setPasswordBadToken: '/admin/set-password?token=not-a-real-token',
} as const;

/** The path with the workspace language chosen by its switch (`lang`, remembered in a cookie). */
export function inLanguage(path: string, locale: WorkspaceLocale): string {
  return `${path}${path.includes('?') ? '&' : '?'}lang=${locale}`;
}

/**
 * The visual editor of the entry's HTML field, once it has loaded (the source textarea stands in until
 * then): its editing area, named by the field's label.
 */
export async function richTextField(page: Page, locale: WorkspaceLocale) {
  await expect(page.getByRole('toolbar', { name: richTextMessages[locale]['rich.toolbar'] })).toBeVisible();
  return page.getByRole('textbox', { name: words(locale, 'editor.html'), exact: true });
}

/** Pastes HTML into a rich-text editing area where its caret is, as from the clipboard. */
export async function pasteHtml(area: Locator, html: string): Promise<void> {
  await area.evaluate((el, data) => {
    const transfer = new DataTransfer();
    transfer.setData('text/html', data);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, html);
}
