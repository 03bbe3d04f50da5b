// The terms a buyer accepts with the order button (issue 31): each order keeps the version of the terms
// page published in its language when it was placed ('de@4'), a republished page changes it for new
// orders only, and the ERP export carries it in JSON and openTRANS.
import { sql } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { prepareDataDir } from '../helpers/auth-harness.ts';
import { apiToken, callAdmin, signedInAdmin } from '../helpers/admin-harness.ts';
import { CookieJar } from '../helpers/cart-harness.ts';
import { api, ok, orderHarness, orderRequest, readyCart, type OrderHarness } from '../helpers/order-harness.ts';
import { rows } from '../helpers/raw-rows.ts';
import { closeDatabase, getDb } from '#lib/server/db/index.ts';
import type { Db } from '#lib/server/db/client.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { EntryKey } from '#lib/admin/contract.ts';
import { putLive } from '#lib/server/admin/content-writes.ts';
import type { ExportedOrder } from '#lib/server/order-export/shape.ts';
import * as orderRoute from '../../src/pages/api/admin/orders/[id].ts';

let db: Db;
let h: OrderHarness;
let reader: string;

beforeAll(async () => {
  await prepareDataDir();
  db = await getDb();
  reader = await apiToken(await signedInAdmin(), ['orders:read']);
  h = orderHarness(() => db);
});
afterAll(() => closeDatabase());

/** Places an invoice order in `locale` from a fresh browser; its id. */
async function placeOrder(locale: Locale): Promise<string> {
  const jar = new CookieJar();
  const cart = await readyCart(h, jar);
  return (await ok(api(h, jar, 'orders', 'create', orderRequest(cart, { locale })))).order!.id;
}

async function storedTerms(orderId: string): Promise<string | null> {
  const [row] = await rows<{ terms: string | null }>(
    db,
    sql`SELECT terms_version AS terms FROM orders WHERE id = ${orderId}`,
  );
  return row!.terms;
}

async function publishedVersion(locale: string): Promise<number> {
  const [row] = await rows<{ version: number }>(
    db,
    sql`SELECT version FROM content_blocks WHERE type = 'page' AND identifier = 'agb' AND locale = ${locale}`,
  );
  return row!.version;
}

/** Publishes the terms page of `locale` again, as the content API does, with new wording. */
async function republish(locale: EntryKey['locale'], wording: string): Promise<void> {
  const key: EntryKey = { type: 'page', identifier: 'agb', locale };
  const [live] = await rows<{ config: unknown; version: number }>(
    db,
    sql`SELECT config, version FROM content_blocks WHERE type = 'page' AND identifier = 'agb' AND locale = ${locale}`,
  );
  await putLive(db, { kind: 'cli' }, key, { config: live!.config, content: `<p>${wording}</p>` }, `"${live!.version}"`);
}

const exported = async (id: string, accept: string) =>
  callAdmin(orderRoute.GET, {
    method: 'GET',
    path: `/api/admin/orders/${id}`,
    params: { id },
    bearer: reader,
    headers: { accept },
  });

/** The texts of the openTRANS document's REMARKS elements, by their type attribute. */
function remarks(xml: string): Record<string, string> {
  const found: Record<string, string> = {};
  let open: string | null = null;
  const parser = new SaxesParser({ xmlns: true });
  parser.on('opentag', (node) => {
    if (node.local === 'REMARKS') open = String(node.attributes.type?.value ?? '');
  });
  parser.on('text', (text) => {
    if (open !== null) found[open] = (found[open] ?? '') + text;
  });
  parser.on('closetag', () => {
    open = null;
  });
  parser.write(xml).close();
  return found;
}

describe('the terms version an order keeps', () => {
  const placed: Record<string, string> = {};

  test('an order keeps the published terms page of its language: de@N, en@N', async () => {
    const de = await publishedVersion('de');
    placed.deBefore = await placeOrder('de');
    expect(await storedTerms(placed.deBefore)).toBe(`de@${de}`);
    const en = await publishedVersion('en');
    placed.en = await placeOrder('en');
    expect(await storedTerms(placed.en)).toBe(`en@${en}`);
  });

  test('after the terms are republished, new orders keep the new version and older ones theirs', async () => {
    const before = await publishedVersion('de');
    await republish('de', 'Neue Fassung der AGB.');
    expect(await publishedVersion('de')).toBe(before + 1);
    placed.deAfter = await placeOrder('de');
    expect(await storedTerms(placed.deAfter)).toBe(`de@${before + 1}`);
    expect(await storedTerms(placed.deBefore!)).toBe(`de@${before}`);
    // Another language's page is its own: the English order placed before keeps the English version.
    expect(await storedTerms(placed.en!)).toBe(`en@${await publishedVersion('en')}`);
  });

  test('the ERP export carries it: termsVersion in JSON, REMARKS type="terms" in openTRANS', async () => {
    for (const id of [placed.deBefore!, placed.deAfter!]) {
      const json = await exported(id, 'application/json');
      expect(json.status).toBe(200);
      const stored = await storedTerms(id);
      expect((json.body.order as ExportedOrder).termsVersion).toBe(stored);
      const xml = await exported(id, 'application/xml');
      expect(xml.status).toBe(200);
      expect(remarks(xml.body as string)).toEqual({ terms: stored });
    }
  });

  test("a language without its own terms page keeps the all-languages page's version, as the page falls back", async () => {
    await putLive(
      db,
      { kind: 'cli' },
      { type: 'page', identifier: 'agb', locale: 'it' },
      null,
      `"${await publishedVersion('it')}"`,
    );
    const [all] = await rows<{ config: unknown }>(
      db,
      sql`SELECT config FROM content_blocks WHERE type = 'page' AND identifier = 'agb' AND locale = 'de'`,
    );
    await putLive(
      db,
      { kind: 'cli' },
      { type: 'page', identifier: 'agb', locale: '' },
      { config: all!.config, content: '<p>AGB</p>' },
      null,
    );
    expect(await storedTerms(await placeOrder('it'))).toBe(`*@${await publishedVersion('')}`);
  });

  test('without a terms page the order keeps none, and the export says null and leaves the remark out', async () => {
    await db.execute(sql`DELETE FROM content_blocks WHERE type = 'page' AND identifier = 'agb'`);
    const id = await placeOrder('de');
    expect(await storedTerms(id)).toBeNull();
    expect(((await exported(id, 'application/json')).body.order as ExportedOrder).termsVersion).toBeNull();
    expect(remarks((await exported(id, 'application/xml')).body as string)).toEqual({});
  });
});
