// The media library through its route files on the demo shop: uploads checked by their bytes (a PDF
// or text named .png, an SVG with script, too many bytes or pixels: each refused with its code), the
// same bytes stored once, a medium used only with its alternative text in every language, a used
// medium kept from deletion, a replacement giving the medium a new versioned address and publishing
// the entries that show it, and every write in the audit trail.
import sharp from 'sharp';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Browser, prepareDataDir, type ApiResult } from '../helpers/auth-harness.ts';
import { callAdmin, signInDemoStaff } from '../helpers/admin-harness.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { closeDatabase, getDb } from '#lib/server/db/index.ts';
import { auditLog, publishEvents } from '#lib/server/db/schema.ts';
import { shownLogo, withMediaPictures } from '#lib/server/images/index.ts';
import { MAX_MEDIUM_BYTES } from '#lib/media/rules.ts';
import * as mediaRoute from '../../src/pages/api/admin/media.ts';
import * as replaceRoute from '../../src/pages/api/admin/media/replace.ts';
import * as altRoute from '../../src/pages/api/admin/media/alt.ts';
import * as deleteRoute from '../../src/pages/api/admin/media/delete.ts';
import * as entryRoute from '../../src/pages/api/admin/entry.ts';
import * as draftRoute from '../../src/pages/api/admin/draft.ts';
import * as publishRoute from '../../src/pages/api/admin/publish.ts';
import * as imageRoute from '../../src/pages/images/[kind]/[file].ts';

const editor = new Browser();
const ALT = { de: 'Bohrer im Einsatz', en: 'Drill at work', fr: 'Perceuse au travail', es: 'Taladro', it: 'Trapano' };
const HERO = { type: 'block', identifier: 'home-hero', locale: 'en' } as const;

const png = (r: number, width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 90, b: 160 } } })
    .png()
    .toBuffer();

const upload = (bytes: Buffer | string, name: string, b: Browser | undefined = editor) =>
  callAdmin(
    mediaRoute.POST,
    {
      path: `/api/admin/media?name=${encodeURIComponent(name)}`,
      rawBody: bytes,
      contentType: 'application/octet-stream',
    },
    b,
  );
const replace = (id: number, bytes: Buffer) =>
  callAdmin(
    replaceRoute.POST,
    { path: `/api/admin/media/replace?id=${id}`, rawBody: bytes, contentType: 'application/octet-stream' },
    editor,
  );
const list = (query = '') => callAdmin(mediaRoute.GET, { method: 'GET', path: `/api/admin/media${query}` }, editor);
const image = (kind: string, path: string) => {
  const file = path.replace(/^\/images\/[a-z]+\//, '').replace(/\?.*$/, '');
  return callAdmin(imageRoute.GET, { method: 'GET', path, params: { kind, file } });
};

function refused(r: ApiResult, code: string, status: number) {
  expect(r.status).toBe(status);
  expect(r.body).toMatchObject({ code, status, message: expect.any(String) });
}

async function heroConfig(): Promise<Record<string, unknown>> {
  const q = new URLSearchParams(HERO).toString();
  const r = await callAdmin(entryRoute.GET, { method: 'GET', path: `/api/admin/entry?${q}` }, editor);
  expect(r.status).toBe(200);
  return (r.body as { live: { config: Record<string, unknown> } }).live.config;
}
const saveHero = (config: unknown, revision: number) =>
  callAdmin(draftRoute.POST, { path: '/api/admin/draft', body: { ...HERO, config, content: null, revision } }, editor);

const audited = async (target: string) =>
  (await (await getDb()).select().from(auditLog).where(eq(auditLog.target, target)).orderBy(auditLog.id)).map(
    (r) => r.action,
  );

beforeAll(async () => {
  await prepareDataDir();
  await signInDemoStaff(editor, DEMO_FIXTURES.staff.editor.email);
});
afterAll(() => closeDatabase());

describe('uploads', () => {
  test('no session: 401 before the file is read', async () => {
    refused(await upload(await png(1), 'a.png', new Browser()), 'UNAUTHENTICATED', 401);
  });

  test('the same bytes uploaded twice are one medium', async () => {
    const bytes = await png(2);
    const first = await upload(bytes, 'first.png');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ created: true, medium: { name: 'first.png', width: 64, height: 48, uses: [] } });
    const again = await upload(bytes, 'second-name.png');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      created: false,
      medium: { id: (first.body as { medium: { id: number } }).medium.id },
    });
    const { id } = (first.body as { medium: { id: number } }).medium;
    expect(await audited(`media:${id}`)).toEqual(['media.upload']);
  });

  test('a PDF or a text file named .png is refused by its bytes', async () => {
    refused(await upload(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF'), 'sheet.png'), 'MEDIA_NOT_IMAGE', 422);
    refused(await upload('just some words, not a picture', 'notes.png'), 'MEDIA_NOT_IMAGE', 422);
    const truncated = (await png(3, 400, 300)).subarray(0, 200);
    refused(await upload(truncated, 'cut.png'), 'MEDIA_NOT_IMAGE', 422);
  });

  test('an SVG is refused, script or not', async () => {
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
    refused(await upload(svg, 'logo.png'), 'MEDIA_SVG_REFUSED', 415);
    refused(await upload('<svg xmlns="http://www.w3.org/2000/svg"></svg>', 'plain.svg'), 'MEDIA_SVG_REFUSED', 415);
  });

  test('too many bytes or pixels: refused, the limit named', async () => {
    const big = await upload(Buffer.alloc(MAX_MEDIUM_BYTES + 1, 1), 'huge.png');
    refused(big, 'MEDIA_TOO_LARGE', 413);
    expect((big.body as { message: string }).message).toContain('10 MB');
    const wide = await upload(await png(4, 10_000, 4_500), 'scan.png');
    refused(wide, 'MEDIA_TOO_MANY_PIXELS', 422);
    expect((wide.body as { message: string }).message).toContain('40 megapixels');
    expect((await list()).body).not.toMatchObject({
      media: expect.arrayContaining([expect.objectContaining({ name: 'scan.png' })]),
    });
  });
});

describe('using a medium', () => {
  let id: number;
  let src: string;

  test('a banner may use it only once its alternative text is written in every language', async () => {
    const up = await upload(await png(5, 320, 200), 'hero.png');
    ({ id, src } = (up.body as { medium: { id: number; src: string } }).medium);
    const config = { ...(await heroConfig()), image: `/images/lib/${id}` };
    refused(await saveHero(config, 0), 'MEDIA_ALT_MISSING', 422);
    const partial = await callAdmin(
      altRoute.POST,
      { path: '/api/admin/media/alt', body: { id, alt: { de: ALT.de, en: ALT.en } } },
      editor,
    );
    expect(partial.status).toBe(200);
    const stillMissing = await saveHero(config, 0);
    refused(stillMissing, 'MEDIA_ALT_MISSING', 422);
    expect(stillMissing.body).toMatchObject({ details: { id, missing: ['fr', 'es', 'it'] } });
    expect(
      (await callAdmin(altRoute.POST, { path: '/api/admin/media/alt', body: { id, alt: ALT } }, editor)).status,
    ).toBe(200);
    const saved = await saveHero(config, 0);
    expect(saved.status).toBe(200);
    const published = await callAdmin(
      publishRoute.POST,
      { path: '/api/admin/publish', body: { ...HERO, revision: 1 } },
      editor,
    );
    expect(published.status).toBe(200);
    refused(await saveHero({ ...config, image: '/images/lib/999999' }, 0), 'MEDIA_NOT_FOUND', 404);
  });

  test('the library says where it is used; a used medium is not deleted, nor listed as unused', async () => {
    const all = (await list()).body as { media: { id: number; uses: unknown[] }[] };
    expect(all.media.find((m) => m.id === id)?.uses).toEqual([{ ...HERO, draft: false }]);
    const unused = (await list('?unused=1')).body as { media: { id: number }[] };
    expect(unused.media.some((m) => m.id === id)).toBe(false);
    expect(unused.media.length).toBeGreaterThan(0);
    refused(
      await callAdmin(deleteRoute.POST, { path: '/api/admin/media/delete', body: { id } }, editor),
      'MEDIA_IN_USE',
      409,
    );
    const spare = unused.media[0]!.id;
    expect(
      (await callAdmin(deleteRoute.POST, { path: '/api/admin/media/delete', body: { id: spare } }, editor)).status,
    ).toBe(200);
    expect(await audited(`media:${spare}`)).toEqual(['media.upload', 'media.delete']);
  });

  test('served as AVIF and WebP renditions, cached for good at its version', async () => {
    const avif = await image('lib', src.replace('?', '.w300.avif?'));
    expect(avif.status).toBe(200);
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(avif.headers.get('cache-control')).toContain('immutable');
    expect((await sharp(avif.bytes).metadata()).width).toBe(300);
    const html = await withMediaPictures(`<p><img src="/images/lib/${id}" alt=""></p>`, 'fr');
    expect(html).toContain('<source type="image/avif"');
    expect(html).toContain('<source type="image/webp"');
    expect(html).toContain(`alt="${ALT.fr}"`);
    // The branding logo from the library: one raster rendition at its version; a typed path stays as it is.
    expect(await shownLogo(`/images/lib/${id}`)).toBe(src.replace('?', '.w300.webp?'));
    expect(await shownLogo('/brand/logo.svg')).toBe('/brand/logo.svg');
  });

  test('replacing its file changes its address and publishes the entries showing it', async () => {
    const db = await getDb();
    const [before] = await db
      .select({ seq: publishEvents.seq })
      .from(publishEvents)
      .orderBy(desc(publishEvents.seq))
      .limit(1);
    const r = await replace(id, await png(6, 320, 200));
    expect(r.status).toBe(200);
    const next = (r.body as { src: string; revision: number }).src;
    expect(next).not.toBe(src);
    expect(r.body).toMatchObject({ id, revision: 2 });
    const events = await db
      .select()
      .from(publishEvents)
      .where(and(eq(publishEvents.source, 'editor')))
      .orderBy(desc(publishEvents.seq))
      .limit(1);
    expect(events[0]!.seq).toBeGreaterThan(before?.seq ?? 0);
    expect(events[0]!.changes).toEqual({ content: [{ type: 'block', identifier: 'home-hero', locale: 'en' }] });
    const old = await image('lib', src.replace('?', '.w300.webp?'));
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(next.replace('?', '.w300.webp?'));
    refused(await replace(id, (await png(7)).subarray(0, 100)), 'MEDIA_NOT_IMAGE', 422);
    expect(await audited(`media:${id}`)).toEqual(['media.upload', 'media.alt', 'media.alt', 'media.replace']);
  });
});
