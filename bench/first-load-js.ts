// First-load JavaScript per page type: every script a built page loads before interaction (module
// scripts, island components and renderers, and everything they import statically), compressed as
// a CDN would serve it. Reads a static export (pages and assets); writes its section into BENCHMARKS.md.
//
//   npm run export -- --out export && npm run bench:js        (or SITE_DIR=<folder> npm run bench:js)
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { machine, writeSection } from './lib/report.ts';

const client = resolve(process.env.SITE_DIR ?? 'export');
if (!existsSync(client)) throw new Error(`no static export in ${client}: run npm run export -- --out ${client} first`);

function firstHtml(dir: string, depth = 0): string | undefined {
  const full = join(client, dir);
  if (!existsSync(full)) return undefined;
  if (existsSync(join(full, 'index.html'))) return join(full, 'index.html');
  if (depth > 4) return undefined;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const found = firstHtml(join(dir, entry.name), depth + 1);
    if (found) return found;
  }
  return undefined;
}

const PAGES: [string, string | undefined][] = [
  ['home', join(client, 'index.html')],
  ['category', firstHtml('c')],
  ['product', firstHtml('p')],
  ['content page', firstHtml('i')],
  ['search page', join(client, 'search-details', 'index.html')],
];

/** Scripts a page starts with: module scripts and the islands' component and renderer modules. */
function entryScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/(?:component-url|renderer-url)="([^"]+\.js)"/g)) urls.add(m[1]!);
  // Astro inlines small hoisted scripts; their static imports count too.
  for (const m of html.matchAll(/import\s*(?:[^'"]*from\s*)?["'](\/_astro\/[^"']+\.js)["']/g)) urls.add(m[1]!);
  return [...urls];
}

function withImports(urls: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...urls];
  while (queue.length > 0) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const source = readFileSync(join(client, url), 'utf8');
    // Static imports only: dynamic import() chunks load later, on demand.
    for (const m of source.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
      queue.push(resolve('/', dirname(url), m[1]!));
    }
  }
  return seen;
}

const rows: string[] = [];
for (const [name, file] of PAGES) {
  if (!file || !existsSync(file)) continue;
  const scripts = withImports(entryScripts(readFileSync(file, 'utf8')));
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const url of scripts) {
    const bytes = readFileSync(join(client, url));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log(
    `${name.padEnd(14)} ${scripts.size} files  raw ${kb(raw)} KB  gzip ${kb(gzip)} KB  brotli ${kb(brotli)} KB`,
  );
  rows.push(`| ${name} | ${scripts.size} | ${kb(raw)} | ${kb(gzip)} | ${kb(brotli)} |`);
}

const title = '## First-load JavaScript per page type';
writeSection(
  title,
  `${title}

\`npm run bench:js\` (bench/first-load-js.ts) on the build in \`${process.env.OUT_DIR ?? 'dist'}\`: every script the German page
loads before any interaction (module scripts, island components and renderers, their static imports;
dynamic chunks excluded), compressed with gzip -9 and brotli -11. Sizes do not depend on machine load.

Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}.

| page type | files | raw (KB) | gzip (KB) | brotli (KB) |
| --- | ---: | ---: | ---: | ---: |
${rows.join('\n')}
`,
);
console.log('BENCHMARKS.md updated');
