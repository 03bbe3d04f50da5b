// Save → live in the editor workspace: how long after an editor saves a change to the English menu and
// publishes it the English pages show it. The built server runs as a child process, as in production,
// signed in as the demo editor over HTTP. Writes its section into BENCHMARKS.md.
//
//   npm run bench:editor                 (BENCH_EVENTS=50 by default)
//   BENCH_EVENTS=10 BENCH_REPORT=0 npm run bench:editor
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from '#lib/server/env.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import type { MenuEntry } from '#lib/content/schemas.ts';
import { startPostgres } from '#tests/helpers/postgres.ts';
import { startVarnish } from '#tests/helpers/varnish.ts';
import { buildIfStale, openMigrated, root, seedIfEmpty } from '../scripts/lib/prepare.ts';
import { machine, percentile, writeSection } from './lib/report.ts';
import {
  BENCH_OUT_DIR,
  freePort,
  load1,
  ms,
  numberFromEnv,
  reportEnabled,
  sitemapPaths,
  sleep,
  startShop,
  today,
} from './lib/shop.ts';

const EVENTS = numberFromEnv('BENCH_EVENTS', 50);
const PRODUCTS = 300;
const POLL_MS = 5;
const TIMEOUT_MS = 30_000;
const PGLITE_DIR = '.data/bench-editor';
const runId = randomUUID().slice(0, 8);

interface Scenario {
  name: string;
  live: number[];
  allPages: number[];
  publishAnswered: number[];
  lost: number;
}

async function api(shop: string, cookie: string, path: string, body?: object): Promise<Record<string, unknown>> {
  const response = await fetch(
    `${shop}${path}`,
    body === undefined
      ? { headers: { cookie } }
      : { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

async function signIn(shop: string): Promise<string> {
  const { email, password } = DEMO_FIXTURES.staff.editor;
  const response = await fetch(`${shop}/api/admin/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c?.startsWith('vsf-staff='));
  if (!response.ok || !cookie) throw new Error(`sign-in answered ${response.status}`);
  return cookie;
}

/** GETs until the page shows `marker`; ms since `since`, or undefined after the timeout. */
async function shows(url: string, marker: string, since: number): Promise<number | undefined> {
  for (;;) {
    const html = await (await fetch(url)).text();
    if (html.includes(marker)) return performance.now() - since;
    if (performance.now() - since > TIMEOUT_MS) return undefined;
    await sleep(POLL_MS);
  }
}

const MENU = { type: 'block', identifier: 'menu', locale: '' } as const;

async function run(name: string, writeTo: string, readFrom: string, pages: string[]): Promise<Scenario> {
  const cookie = await signIn(writeTo);
  const scenario: Scenario = { name, live: [], allPages: [], publishAnswered: [], lost: 0 };
  for (let i = 0; i < EVENTS; i++) {
    const entry = (await api(writeTo, cookie, `/api/admin/entry?${new URLSearchParams(MENU)}`)) as {
      live: { config: { entries: MenuEntry[] } };
    };
    const marker = `Menu ${runId} ${i}`;
    const entries = structuredClone(entry.live.config.entries);
    entries[0]!.titles = [...entries[0]!.titles.filter((t) => t.locale !== 'en'), { locale: 'en', title: marker }];
    for (const page of pages) await (await fetch(`${readFrom}${page}`)).arrayBuffer(); // cached before the change
    const started = performance.now();
    const draft = (await api(writeTo, cookie, '/api/admin/draft', {
      ...MENU,
      config: { entries },
      content: null,
      revision: 0,
    })) as { revision: number };
    const published = api(writeTo, cookie, '/api/admin/publish', { ...MENU, revision: draft.revision }).then(
      () => performance.now() - started,
    );
    const [home, ...rest] = await Promise.all(pages.map((page) => shows(`${readFrom}${page}`, marker, started)));
    scenario.publishAnswered.push(await published);
    if (home === undefined || rest.includes(undefined)) scenario.lost += 1;
    else {
      scenario.live.push(home);
      scenario.allPages.push(Math.max(home, ...(rest as number[])));
    }
  }
  const sorted = [...scenario.allPages].sort((a, b) => a - b);
  console.log(
    `${name.padEnd(50)} every page: p50 ${ms(percentile(sorted, 50))} ms  p95 ${ms(percentile(sorted, 95))} ms  lost ${scenario.lost}`,
  );
  return scenario;
}

/** /en and the first English category and product pages of the sitemap: each shows the menu. */
async function englishPages(shop: string): Promise<string[]> {
  const paths = await sitemapPaths(shop);
  const first = (prefix: string) => paths.find((p) => p.startsWith(prefix))!;
  return ['/en', first('/en/c/'), first('/en/p/')];
}

const loadAtStart = load1();
await buildIfStale(BENCH_OUT_DIR);
const scenarios: Scenario[] = [];
const stops: (() => Promise<void>)[] = [];
try {
  rmSync(resolve(root, PGLITE_DIR), { recursive: true, force: true });
  const embedded = await openMigrated(parseEnv({ DATA_DIR: PGLITE_DIR }));
  await seedIfEmpty(embedded, PRODUCTS);
  await embedded.close();
  const shop = await startShop({ DATA_DIR: resolve(root, PGLITE_DIR) });
  stops.push(() => shop.stop());
  scenarios.push(await run('PGlite: at the origin', shop.url, shop.url, await englishPages(shop.url)));
  while (stops.length > 0) await stops.pop()!();

  const postgres = await startPostgres();
  stops.push(() => postgres.stop());
  const seeding = await openMigrated(parseEnv({ DATABASE_URL: postgres.url, DATA_DIR: '.data' }));
  await seedIfEmpty(seeding, PRODUCTS);
  await seeding.close();
  const port = await freePort();
  const varnish = await startVarnish({ backendPort: port });
  stops.push(() => varnish.stop());
  const origin = await startShop({ DATABASE_URL: postgres.url, CDN_PURGE_URL: `${varnish.url}/` }, { port });
  stops.push(() => origin.stop());
  // Varnish started first, so its probe found the shop down: it serves once two probes succeeded.
  await varnish.waitUntilHealthy();
  scenarios.push(
    await run('PostgreSQL: pages read through Varnish', origin.url, varnish.url, await englishPages(origin.url)),
  );
} finally {
  while (stops.length > 0) await stops.pop()!().catch((error: unknown) => console.error(error));
}

const figure = (values: number[], p: number) =>
  values.length > 0
    ? ms(
        percentile(
          [...values].sort((a, b) => a - b),
          p,
        ),
      )
    : '–';
const rows = scenarios.map(
  (s) =>
    `| ${s.name} | ${s.live.length} | ${figure(s.live, 50)} | ${figure(s.live, 95)} | ${figure(s.allPages, 50)} | ${figure(s.allPages, 95)} | ${figure(s.publishAnswered, 50)} | ${s.lost} |`,
);
const title = '## Editor workspace: save to live';
const section = `${title}

\`npm run bench:editor\` (bench/editor-publish.ts). The built server runs as a child process on loopback with the
${PRODUCTS}-product demo catalogue; the bench signs in as the demo editor over HTTP. One event: read the menu entry,
GET the English home, category and product pages (so they are cached), start the clock, save a draft renaming the
first menu entry in English (\`POST /api/admin/draft\`), publish it (\`POST /api/admin/publish\`), and meanwhile GET
each page every ${POLL_MS} ms until its HTML shows the new title. "/en live" is the time until the home page showed it;
"every page" until the last of the three did; "publish answered" until the publish call's answer. ${EVENTS} events per
scenario, one after the other. PostgreSQL: a local throwaway cluster (fsync off), the shop purging Varnish
(deploy/varnish/storefront.vcl) by tag, pages read from Varnish. "Lost": not shown within ${TIMEOUT_MS / 1000} s.

Machine: ${machine()}. Date: ${today()}. Load average (1 min) at start and end: ${loadAtStart} / ${load1()}.

| scenario | events | /en live p50 (ms) | /en live p95 (ms) | every page p50 (ms) | every page p95 (ms) | publish answered p50 (ms) | lost |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}
`;
console.log(`\n${section}`);
if (reportEnabled()) {
  writeSection(title, section);
  console.log('BENCHMARKS.md updated');
}
