// The import API through its route files on the demo shop: who may import (a token with
// catalog:write or a signed-in admin; a token without the scope and an editor get 403), an upload
// answered 202 and then followed to its report (and the report as CSV), the ERP's stock and price
// deltas (all or nothing, live in the price index at once), and bad input answered with a clear error.
import type { APIRoute } from 'astro';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ZipFile } from 'yazl';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Browser, prepareDataDir, type ApiResult } from '../helpers/auth-harness.ts';
import { apiToken, callAdmin, signInDemoStaff, type AdminRequest } from '../helpers/admin-harness.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { closeDatabase } from '#lib/server/db/index.ts';
import { priceIndex } from '#lib/server/catalog/price-index-store.ts';
import * as importsRoute from '../../src/pages/api/admin/imports.ts';
import * as importRoute from '../../src/pages/api/admin/imports/[id].ts';
import * as reportRoute from '../../src/pages/api/admin/imports/[id]/report.csv.ts';
import * as stockRoute from '../../src/pages/api/admin/stock.ts';
import * as pricesRoute from '../../src/pages/api/admin/prices.ts';

const { editor, admin } = DEMO_FIXTURES.staff;
const SKU = DEMO_FIXTURES.products.available;
const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`../fixtures/import/${name}`, import.meta.url)));

const editorBrowser = new Browser();
const adminBrowser = new Browser();
let writer: string;
let reader: string;

const signIn = (b: Browser, email: string): Promise<void> => signInDemoStaff(b, email);

const token = (scopes: string[]): Promise<string> => apiToken(adminBrowser, scopes);

const call = (route: APIRoute, req: AdminRequest, b?: Browser): Promise<ApiResult> => callAdmin(route, req, b);
const upload = (body: Buffer, query: string, auth: { bearer?: string; browser?: Browser }) =>
  call(
    importsRoute.POST,
    {
      path: `/api/admin/imports?${query}`,
      rawBody: body,
      contentType: 'application/octet-stream',
      bearer: auth.bearer,
    },
    auth.browser,
  );

/** Polls the import until it ends, as a client would. */
async function finished(id: string, bearer: string): Promise<ApiResult> {
  for (;;) {
    const r = await call(importRoute.GET, { method: 'GET', path: `/api/admin/imports/${id}`, params: { id }, bearer });
    expect(r.status).toBe(200);
    if (r.body.status !== 'running') return r;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  await prepareDataDir();
  await signIn(editorBrowser, editor.email);
  await signIn(adminBrowser, admin.email);
  writer = await token(['catalog:write']);
  reader = await token(['content:read', 'content:write']);
});
afterAll(() => closeDatabase());

describe('who may import', () => {
  test('no credentials: 401; a token without catalog:write and an editor: 403; nothing is stored', async () => {
    const csv = Buffer.from(`sku;stock\n${SKU};5\n`);
    expect((await upload(csv, 'name=a.csv', {})).status).toBe(401);
    const wrongScope = await upload(csv, 'name=a.csv', { bearer: reader });
    expect(wrongScope.status).toBe(403);
    expect(wrongScope.body.code).toBe('FORBIDDEN');
    expect((await upload(csv, 'name=a.csv', { browser: editorBrowser })).status).toBe(403);
    expect(
      (
        await call(stockRoute.PUT, {
          method: 'PUT',
          path: '/api/admin/stock',
          body: { items: [{ sku: SKU, stock: 1 }] },
          bearer: reader,
        })
      ).status,
    ).toBe(403);
    const list = await call(importsRoute.GET, { method: 'GET', path: '/api/admin/imports' }, adminBrowser);
    expect(list.body.imports).toEqual([]);
  });
});

describe('uploads', () => {
  test('202 with an id, then progress until done, the report naming the refused line, and the report as CSV', async () => {
    const csv = Buffer.from(`sku;stock\n${SKU};42\nNO-SUCH-SKU;1\n`);
    const started = await upload(csv, 'name=stock.csv', { bearer: writer });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toMatchObject({ id: expect.any(String), status: 'running' });
    const done = await finished(started.body.id as string, writer);
    expect(done.body).toMatchObject({
      status: 'done',
      fileName: 'stock.csv',
      counts: { read: 2, updated: 1, refused: 1 },
    });
    expect(done.body.report).toEqual([
      { file: 'stock.csv', line: 3, id: 'NO-SUCH-SKU', field: 'sku', reason: expect.stringContaining('NO-SUCH-SKU') },
    ]);
    const [entry] = (await priceIndex()).lookup([SKU], { currency: 'EUR', pricesVisible: true });
    expect(entry!.stock!.effectivestock).toBe(42);

    const id = started.body.id as string;
    const csvReport = await call(
      reportRoute.GET,
      { method: 'GET', path: `/api/admin/imports/${id}/report.csv`, params: { id } },
      adminBrowser,
    );
    expect(csvReport.status).toBe(200);
    expect(csvReport.body).toContain('"stock.csv","3","NO-SUCH-SKU","sku"');
    const list = await call(importsRoute.GET, { method: 'GET', path: '/api/admin/imports' }, adminBrowser);
    expect(list.body.imports[0]).toMatchObject({ id, status: 'done', actor: expect.stringMatching(/^token:/) });
  });

  test('a check-only upload of a BMEcat file changes nothing', async () => {
    const started = await upload(fixture('bmecat-2005-new.xml'), 'name=catalog.xml&check=1', { bearer: writer });
    const done = await finished(started.body.id as string, writer);
    expect(done.body).toMatchObject({ status: 'done', check: true });
    expect(done.body.counts.created).toBeGreaterThan(0);
    // Pictures beside the file cannot come with a single upload: reported, not fatal.
    expect((await priceIndex()).lookup(['SB-750'], { currency: 'EUR', pricesVisible: true })).toEqual([]);
  });

  test('invite=1: each new customer of a customer CSV is mailed its activation link, an existing one none', async () => {
    const outbox = join(process.env.DATA_DIR!, 'outbox');
    const mails = () => (existsSync(outbox) ? readdirSync(outbox).length : 0);
    const before = mails();
    const csv = Buffer.from(
      'customer_number;email;first_name;last_name\n' +
        `K-API-1;api1@example.com;Ada;Eins\nK-API-2;api2@example.com;Bert;Zwei\n${DEMO_FIXTURES.customers.normal.customernum};${DEMO_FIXTURES.customers.normal.email};Max;Mustermann\n`,
    );
    const started = await upload(csv, 'name=customers.csv&invite=1', { bearer: writer });
    const done = await finished(started.body.id as string, writer);
    expect(done.body).toMatchObject({ status: 'done', counts: { created: 2, refused: 0 } });
    expect(mails() - before).toBe(2);
  });

  test('a zip with its pictures is imported with them; a hostile zip is refused whole with 422', async () => {
    const zip = new ZipFile();
    zip.addBuffer(fixture('bmecat-1.2.xml'), 'catalogue/bmecat-1.2.xml');
    for (const picture of readdirSync(fileURLToPath(new URL('../fixtures/import/images/', import.meta.url))))
      zip.addBuffer(fixture(`images/${picture}`), `catalogue/images/${picture}`);
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    const started = await upload(Buffer.concat(chunks), 'name=katalog.zip', { bearer: writer });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const done = await finished(started.body.id as string, writer);
    expect(done.body).toMatchObject({ status: 'done', fileName: 'katalog.zip/catalogue/bmecat-1.2.xml' });
    expect(done.body.counts.refused).toBe(0);
    expect(done.body.report.filter((line: { field?: string }) => line.field?.startsWith('images'))).toEqual([]);

    const slip = await upload(fixture('zips/zip-slip.zip'), 'name=evil.zip', { bearer: writer });
    expect(slip.status).toBe(422);
    expect(slip.body.code).toBe('IMPORT_ZIP_REFUSED');
    expect(readdirSync(join(process.env.DATA_DIR!, 'imports'))).toEqual([]);
  });

  test('an empty body and an unknown format are answered clearly', async () => {
    const empty = await upload(Buffer.alloc(0), 'name=x.csv', { bearer: writer });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('IMPORT_EMPTY');
    const binary = await upload(Buffer.from([0, 1, 2, 3, 4, 5]), 'name=x.bin', { bearer: writer });
    const done = await finished(binary.body.id as string, writer);
    expect(done.body.counts.refused).toBe(1);
    expect(done.body.report[0].reason).toMatch(/neither a BMEcat/);
  });
});

describe('ERP deltas', () => {
  test('stock: up to 10,000 items in one transaction, live in the price index; an unknown sku changes nothing', async () => {
    const refused = await call(stockRoute.PUT, {
      method: 'PUT',
      path: '/api/admin/stock',
      body: {
        items: [
          { sku: SKU, stock: 9 },
          { sku: 'NOPE-1', stock: 1 },
        ],
      },
      bearer: writer,
    });
    expect(refused.status).toBe(404);
    expect(refused.body.details).toEqual({ missing: ['NOPE-1'] });
    const ok = await call(stockRoute.PUT, {
      method: 'PUT',
      path: '/api/admin/stock',
      body: { items: [{ sku: SKU, stock: 9 }] },
      bearer: writer,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ updated: 1, unchanged: 0 });
    const [entry] = (await priceIndex()).lookup([SKU], { currency: 'EUR', pricesVisible: true });
    expect(entry!.stock!.effectivestock).toBe(9);
    const tooMany = await call(stockRoute.PUT, {
      method: 'PUT',
      path: '/api/admin/stock',
      body: { items: Array.from({ length: 10_001 }, (_, i) => ({ sku: `S-${i}`, stock: 1 })) },
      bearer: writer,
    });
    expect(tooMany.status).toBe(400);
  });

  test('prices: a price with tiers, live in the price index; a refused item changes nothing', async () => {
    const refused = await call(pricesRoute.PUT, {
      method: 'PUT',
      path: '/api/admin/prices',
      body: {
        items: [
          { sku: SKU, prices: [{ currency: 'EUR', cents: 1111 }] },
          { sku: 'NOPE-2', prices: [{ currency: 'EUR', cents: 1 }] },
        ],
      },
      bearer: writer,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('IMPORT_REFUSED');
    const ok = await call(pricesRoute.PUT, {
      method: 'PUT',
      path: '/api/admin/prices',
      body: {
        items: [
          {
            sku: SKU,
            prices: [
              { currency: 'EUR', cents: 1234 },
              { currency: 'EUR', cents: 1100, minQuantity: 10 },
            ],
          },
        ],
      },
      bearer: writer,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ updated: 1 });
    const [entry] = (await priceIndex()).lookup([SKU], { currency: 'EUR', pricesVisible: true });
    expect(entry!.priceInfo!.regular).toBe(12.34);
  });
});
