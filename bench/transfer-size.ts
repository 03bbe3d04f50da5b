// Bytes on the wire per page type: the HTML and every script and stylesheet it references, as the
// shop sends them to a client that accepts nothing, gzip, or brotli and gzip (every browser today).
// Runs the built shop behind its server front on PGlite (300 demo products). Sizes do not depend
// on machine load, so one run is the figure. Writes its section into BENCHMARKS.md.
//
//   npm run bench:transfer            (BENCH_REPORT=0: print only)
import { request } from 'node:http';
import { resolve } from 'node:path';
import { parseEnv } from '#lib/server/env.ts';
import { buildIfStale, openMigrated, root, seedIfEmpty } from '../scripts/lib/prepare.ts';
import { machine, writeSection } from './lib/report.ts';
import { BENCH_OUT_DIR, reportEnabled, startShop, today } from './lib/shop.ts';

const DATA_DIR = '.data/bench-transfer';
const CODINGS = [
  ['none', ''],
  ['gzip', 'gzip'],
  ['brotli', 'br, gzip'],
] as const;

/** Bytes of one answer as they travel (the body is not decoded). */
function transferred(
  url: string,
  acceptEncoding: string,
): Promise<{ status: number; bytes: number; body: Buffer; coding: string | undefined }> {
  return new Promise((done, fail) => {
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        done({ status: res.statusCode ?? 0, bytes: body.length, body, coding: res.headers['content-encoding'] });
      });
    })
      .on('error', fail)
      .end();
  });
}

/** Same-origin scripts and stylesheets a page references (module scripts, preloads, islands' component and renderer URLs). */
function assetsOf(html: string): string[] {
  const refs = [...html.matchAll(/(?:src|href|component-url|renderer-url)="(\/_astro\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1]!,
  );
  return [...new Set(refs)];
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

await buildIfStale(BENCH_OUT_DIR);
const database = await openMigrated(parseEnv({ DATA_DIR }));
await seedIfEmpty(database, 300);
await database.close();
const shop = await startShop({ DATA_DIR: resolve(root, DATA_DIR) });
try {
  const home = (await transferred(`${shop.url}/`, '')).body.toString('utf8');
  const category = /href="(\/c\/[^"]+)"/.exec(home)?.[1];
  const categoryHtml = (await transferred(`${shop.url}${category}`, '')).body.toString('utf8');
  const product = /href="(\/p\/\d+\/[^"]+)"/.exec(categoryHtml)?.[1];
  if (!category || !product) throw new Error('no category or product link to follow');
  const pages: [string, string][] = [
    ['home', '/'],
    ['category', category],
    ['product', product],
    ['search', '/search-details?term=bohr'],
    ['content page', '/i/agb'],
  ];
  const rows: string[] = [];
  for (const [type, path] of pages) {
    const cells: string[] = [];
    const totals: string[] = [];
    for (const [, accept] of CODINGS) {
      // Twice: the first answer renders the page, the second comes from the page cache as most do.
      await transferred(`${shop.url}${path}`, accept);
      const page = await transferred(`${shop.url}${path}`, accept);
      if (page.status !== 200) throw new Error(`${path}: HTTP ${page.status}`);
      const plain = (await transferred(`${shop.url}${path}`, '')).body.toString('utf8');
      const assets = await Promise.all(assetsOf(plain).map((a) => transferred(`${shop.url}${a}`, accept)));
      const assetBytes = assets.reduce((n, a) => n + a.bytes, 0);
      cells.push(kb(page.bytes));
      totals.push(kb(page.bytes + assetBytes));
    }
    rows.push(`| ${type} | ${cells.join(' | ')} | ${totals.join(' | ')} |`);
    console.log(rows.at(-1));
  }
  const title = '## Transfer size per page type (compression at the origin)';
  const section = `${title}

\`npm run bench:transfer\` (bench/transfer-size.ts): the built shop behind its server front (scripts/serve.ts, as
\`npm start\` runs it) on PGlite with 300 demo products. Per page type: the HTML, and the HTML plus every script and
stylesheet it references (all of them, also those loaded on idle), in KB as they travel, for a client that
accepts no coding, gzip only, or brotli (every current browser). Pages come from the page cache (stored in both
codings); scripts and styles are precompressed at build time (brotli 11, gzip 9); API answers are compressed on
the way out (brotli 4). Sizes do not depend on machine load: one run.

Before compression at the origin (issue 12's audit): HTML gzip only from the page cache, scripts, styles, JSON
and sitemaps uncompressed; a category page and its scripts were 557 KiB.

Machine: ${machine()}. Date: ${today()}.

| page type | HTML none | HTML gzip | HTML brotli | with scripts and styles: none | gzip | brotli |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}
`;
  if (reportEnabled()) {
    writeSection(title, section);
    console.log('BENCHMARKS.md updated');
  }
} finally {
  await shop.stop();
}
