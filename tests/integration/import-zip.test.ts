// A catalogue uploaded as a zip with its pictures and data sheets (no folder lies beside an upload):
// unpacked into a folder of its own and imported with its media, its catalogue files in name order;
// and every zip that could harm the server refused whole before anything is imported: entries
// leaving the folder, absolute paths, symbolic links, more bytes or files than allowed, no catalogue.
import { createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import { products, stock } from '#lib/server/db/schema.ts';
import { runImport } from '#lib/server/import/index.ts';
import { isZip, unpackZip, ZipRefused } from '#lib/server/import/zip-sources.ts';

const fixtures = fileURLToPath(new URL('../fixtures/import/', import.meta.url));
let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'storefront-zip-'));
  process.env.DATA_DIR = scratch;
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Writes a zip of `entries` (path inside → a fixture file or bytes) and returns its path. */
async function zipOf(name: string, entries: Record<string, string | Buffer>): Promise<string> {
  const zip = new ZipFile();
  for (const [inside, content] of Object.entries(entries)) {
    if (typeof content === 'string') zip.addFile(join(fixtures, content), inside);
    else zip.addBuffer(content, inside);
  }
  zip.end();
  const path = join(scratch, name);
  await finished(zip.outputStream.pipe(createWriteStream(path)));
  return path;
}

const folder = () => mkdtempSync(join(scratch, 'unpacked-'));

forEachDatabase('a catalogue in a zip', (ctx) => {
  test('imports its catalogue files in name order with the pictures and data sheets beside them', async () => {
    const path = await zipOf('catalogue.zip', {
      'katalog/2-stock.csv': Buffer.from('sku;stock\nSB-750;42\n'),
      'katalog/1-bmecat.xml': 'bmecat-2005-new.xml',
      'katalog/images/drill-750.jpg': 'images/drill-750.jpg',
      'katalog/images/drill-750-side.jpg': 'images/drill-750-side.jpg',
      'katalog/images/brandt-logo.png': 'images/brandt-logo.png',
      'katalog/images/hss-set-8.jpg': 'images/hss-set-8.jpg',
      'katalog/images/chipboard-screw-4x40.jpg': 'images/chipboard-screw-4x40.jpg',
      'katalog/images/side-handle-43.jpg': 'images/side-handle-43.jpg',
      'katalog/docs/drill-750.pdf': 'docs/drill-750.pdf',
      'katalog/docs/hss-set-8-sdb.pdf': 'docs/hss-set-8-sdb.pdf',
      '__MACOSX/katalog/._1-bmecat.xml': Buffer.from('not a catalogue'),
    });
    expect(await isZip(path)).toBe(true);
    const sources = await unpackZip(path, folder(), 'catalogue.zip');
    // In name order: the stock file after the catalogue that creates its products; the resource fork left out.
    expect(sources.map((s) => s.name)).toEqual([
      'catalogue.zip/katalog/1-bmecat.xml',
      'catalogue.zip/katalog/2-stock.csv',
    ]);
    const result = await runImport(ctx.db, sources, {
      actor: { kind: 'cli' },
      today: new Date('2026-11-27'),
    });
    expect(result.counts.refused).toBe(0);
    // Every picture and data sheet was found beside the catalogue: no report notes about missing media.
    expect(result.report).toEqual([]);
    const [drill] = await ctx.db.select().from(products).where(eq(products.sku, 'SB-750'));
    expect(drill!.coverImage).toMatch(/^\/images\/m\/[a-f0-9]{32}\.jpg$/);
    expect(drill!.documents).toHaveLength(1);
    const [level] = await ctx.db.select().from(stock).where(eq(stock.productId, drill!.id));
    expect(level!.effectiveStock).toBe(42);
  });
});

test('a plain file is no zip', async () => {
  expect(await isZip(join(fixtures, 'stock.csv'))).toBe(false);
});

test.each([
  ['an entry leaving the folder', 'zips/zip-slip.zip', /invalid relative path|not a readable zip/],
  ['an absolute path', 'zips/absolute.zip', /absolute path|not a readable zip/],
  ['a symbolic link', 'zips/symlink.zip', /symbolic link \(images\/link\.jpg\)/],
])('a zip with %s is refused whole, and nothing lands outside its folder', async (_, zip, reason) => {
  const into = folder();
  await expect(unpackZip(join(fixtures, zip), into, zip)).rejects.toThrow(reason);
  await expect(unpackZip(join(fixtures, zip), folder(), zip)).rejects.toBeInstanceOf(ZipRefused);
  expect(existsSync(join(scratch, '..', 'escaped.csv'))).toBe(false);
  expect(existsSync('/tmp/storefront-absolute.csv')).toBe(false);
});

test('a zip bomb is stopped by the bytes it unpacks to, whatever its directory claims', async () => {
  const path = await zipOf('bomb.zip', { 'catalogue.csv': Buffer.alloc(2 * 1024 * 1024, 0x41) });
  await expect(unpackZip(path, folder(), 'bomb.zip', { entries: 10, bytes: 1024 * 1024 })).rejects.toThrow(
    /unpacks to more than 1,048,576 bytes/,
  );
  const many = await zipOf(
    'many.zip',
    Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}.csv`, Buffer.from('sku;stock\n')])),
  );
  await expect(unpackZip(many, folder(), 'many.zip', { entries: 10, bytes: 1024 })).rejects.toThrow(
    /more than 10 files/,
  );
});

test('a zip without a catalogue file, or a file that only starts like one, is refused', async () => {
  const pictures = await zipOf('pictures.zip', { 'images/drill-750.jpg': 'images/drill-750.jpg' });
  await expect(unpackZip(pictures, folder(), 'pictures.zip')).rejects.toThrow(/holds no catalogue file/);
  const broken = join(scratch, 'broken.zip');
  await finished(createWriteStream(broken).end(Buffer.from('PK\u0003\u0004 and then nothing')));
  expect(await isZip(broken)).toBe(true);
  await expect(unpackZip(broken, folder(), 'broken.zip')).rejects.toThrow(/is not a readable zip/);
  expect(readdirSync(scratch).length).toBeGreaterThan(0);
});
