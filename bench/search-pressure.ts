// A cached page's latency while clients hammer the search page (issue 28): /search-details?term=…
// runs a search and its filter counts on every request, so 8 clients asking it in a loop used to slow
// every other answer of the shop, cached pages included. Measures one category page served from the
// page cache (HIT), from a client of its own that asks every PROBE_MS: alone, then while 8 keep-alive
// clients (concurrency 1 each, as fast as they are answered, varying terms) hammer the search page as
// 8 addresses, then as 1 address. Counts the hammer's 200 and 429 answers. The BUILT shop on PGlite
// with the demo catalogue, TRUST_PROXY=1 (each client's address from X-Forwarded-For, as behind the
// shipped Varnish) and the default budgets (RATE_LIMIT_SCALE=1). Writes its section into BENCHMARKS.md.
//
//   npm run bench:search-pressure                       (BENCH_SECONDS=10 RUNS=3 PROBE_MS=20)
//   BENCH_SECONDS=3 RUNS=1 BENCH_REPORT=0 npm run bench:search-pressure
//   BENCH_BEFORE=/work/before npm run bench:search-pressure
//
// BENCH_BEFORE names another checkout of the shop (a `git worktree` of an older commit) with this file
// copied into its bench/: each run then measures both trees, alternating which goes first, and the
// section puts them side by side. Every tree builds, seeds and serves itself (this file run there with
// `--prepare` and `--run`, as a child process in that tree), so the file needs nothing but the bench/lib
// helpers an older tree has too. Also BENCH_OUT_DIR (default dist-bench) and BENCH_PRODUCTS (300).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join, resolve } from 'node:path';

const [role, ...roleArgs] = process.argv.slice(2);

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.RUNS ?? 3);
/** The cached page's client asks again this long after its last question began (or at once, if slower). */
const PROBE_MS = Number(process.env.PROBE_MS ?? 20);
const HAMMERS = 8;
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 300);
const DATA_DIR = '.data/bench-search-pressure';
/** What shoppers type, typos included, in rotation: no two consecutive requests of a client ask the same. */
const TERMS = [
  'bohr',
  'schraube',
  'Bohrmaschine',
  'Trennscheiben',
  'saege',
  'drill',
  'cordless impact',
  'bohrmashine',
  'schraubendreer',
  'hamer',
  'akku',
  'winkelschleifer',
  'zange',
  'zzqqxx',
  'messer',
  'hammer',
];
/** Documentation addresses (RFC 5737): the 8 hammering clients, the same 8 as one address, the cached page's reader. */
const SPREAD = Array.from({ length: HAMMERS }, (_, i) => `198.51.100.${i + 1}`);
const SINGLE = ['203.0.113.1'];
const READER = '192.0.2.1';

interface Answer {
  status: number;
  cache: string | null;
}

/** One GET on a keep-alive agent; the whole body read, as a browser does. */
function get(url: string, agent: Agent, address: string): Promise<Answer> {
  return new Promise((done, fail) => {
    request(url, { agent, headers: { 'accept-encoding': 'gzip', 'x-forwarded-for': address } }, (res) => {
      res.resume();
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, cache: (res.headers['x-astro-cache'] as string | undefined) ?? null }),
      );
    })
      .on('error', fail)
      .end();
  });
}

interface Hammered {
  statuses: Record<string, number>;
  ms: number;
}

/** `--hammer`: HAMMERS clients, each one connection asking the next term as soon as it has its answer. */
async function hammer(origin: string, addresses: string[], seconds: number): Promise<void> {
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: HAMMERS }, async (_, client) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = client * 3; performance.now() < end; i++) {
        const url = `${origin}/search-details?term=${encodeURIComponent(TERMS[i % TERMS.length]!)}`;
        const { status } = await get(url, agent, addresses[client % addresses.length]!).catch(() => ({ status: 0 }));
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
      agent.destroy();
    }),
  );
  process.stdout.write(`${JSON.stringify({ statuses, ms: performance.now() - started } satisfies Hammered)}\n`);
}

interface Latency {
  p50: number;
  p99: number;
  max: number;
  samples: number;
  notHit: number;
}
interface Phase extends Latency {
  hammer?: { ok: number; limited: number; other: number; seconds: number };
}
interface RunResult {
  alone: Phase;
  spread: Phase;
  single: Phase;
  load1: string;
  page: string;
}

if (role === '--hammer') await hammer(roleArgs[0]!, roleArgs[1]!.split(','), Number(roleArgs[2]));
else if (role === '--prepare') await prepare();
else if (role === '--run') await run();
else await bench();

/** `--prepare`: this tree's server build (when stale) and its seeded database. */
async function prepare(): Promise<void> {
  const { parseEnv } = await import('#lib/server/env.ts');
  const { buildIfStale, openMigrated, seedIfEmpty } = await import('../scripts/lib/prepare.ts');
  const { BENCH_OUT_DIR } = await import('./lib/shop.ts');
  await buildIfStale(process.env.BENCH_OUT_DIR ?? BENCH_OUT_DIR);
  const database = await openMigrated(parseEnv({ DATA_DIR }));
  await seedIfEmpty(database, PRODUCTS);
  await database.close();
}

/** `--run`: one run against a fresh server process of this tree; prints a RunResult. */
async function run(): Promise<void> {
  const { root } = await import('../scripts/lib/prepare.ts');
  const { percentile } = await import('./lib/report.ts');
  const { BENCH_OUT_DIR, load1, sitemapPaths, sleep, startShop } = await import('./lib/shop.ts');
  const loadAtStart = load1();
  const shop = await startShop(
    { DATA_DIR: resolve(root, DATA_DIR), TRUST_PROXY: '1', RATE_LIMIT_SCALE: '1' },
    { outDir: process.env.BENCH_OUT_DIR ?? BENCH_OUT_DIR },
  );
  try {
    const page = (await sitemapPaths(shop.url)).find((p) => p.startsWith('/c/'));
    if (!page) throw new Error('the sitemap lists no German category page');
    const pageUrl = `${shop.url}${page}`;
    const reader = new Agent({ keepAlive: true, maxSockets: 1 });
    const isHit = async () => (await get(pageUrl, reader, READER)).cache === 'HIT';
    for (let i = 0; i < 5 && !(await isHit()); i++) await sleep(100);
    if (!(await isHit())) throw new Error(`${pageUrl} is not answered from the page cache`);

    /** The reader: one keep-alive connection asking the cached page every PROBE_MS for `seconds`. */
    const probe = async (seconds: number): Promise<Latency> => {
      const times: number[] = [];
      let notHit = 0;
      const end = performance.now() + seconds * 1000;
      while (performance.now() < end) {
        const started = performance.now();
        const answer = await get(pageUrl, reader, READER);
        const took = performance.now() - started;
        if (answer.status === 200 && answer.cache === 'HIT') times.push(took);
        else notHit += 1;
        await sleep(Math.max(0, PROBE_MS - took));
      }
      times.sort((a, b) => a - b);
      return {
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        max: times.at(-1)!,
        samples: times.length,
        notHit,
      };
    };
    /** The reader's figures while the hammer (another process) runs; it starts a second earlier and ends after. */
    const underHammer = async (addresses: string[]): Promise<Phase> => {
      const child = spawn(
        process.execPath,
        [import.meta.filename, '--hammer', shop.url, addresses.join(','), String(SECONDS + 1.5)],
        {
          cwd: root,
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let stdout = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      const exited = new Promise<number | null>((done) => child.once('exit', done));
      await sleep(1000);
      const latency = await probe(SECONDS);
      const code = await exited;
      if (code !== 0) throw new Error(`the hammer exited with ${code}`);
      const { statuses, ms } = JSON.parse(stdout) as Hammered;
      const ok = statuses['200'] ?? 0;
      const limited = statuses['429'] ?? 0;
      const other = Object.values(statuses).reduce((n, c) => n + c, 0) - ok - limited;
      return { ...latency, hammer: { ok, limited, other, seconds: ms / 1000 } };
    };

    // Warm-up: the JIT of the page cache's path and of the search page (a client of its own, within its budget).
    const warm = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; i < 30; i++)
      await get(`${shop.url}/search-details?term=${encodeURIComponent(TERMS[i % TERMS.length]!)}`, warm, '192.0.2.200');
    warm.destroy();
    await probe(2);

    const alone = await probe(SECONDS);
    const spread = await underHammer(SPREAD);
    await sleep(1000);
    const single = await underHammer(SINGLE);
    if (!(await isHit())) throw new Error(`${pageUrl} left the page cache during the run`);
    reader.destroy();
    process.stdout.write(
      `${JSON.stringify({ alone, spread, single, load1: loadAtStart, page } satisfies RunResult)}\n`,
    );
  } finally {
    await shop.stop();
  }
}

interface Tree {
  label: string;
  root: string;
  describe: string;
}

/** Runs this file in a tree's checkout: its own code, build, database and bench/lib. */
function inTree(tree: Tree, args: string[], show = false): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(tree.root, 'bench/search-pressure.ts'), ...args], {
      cwd: tree.root,
      stdio: ['ignore', show ? 'inherit' : 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    child.once('exit', (code) =>
      code === 0 ? done(stdout) : fail(new Error(`${tree.label}: ${args.join(' ')} exited with ${code}\n${stdout}`)),
    );
  });
}

/** What a tree is: its commit, and whether its sources differ from it. */
function describe(root: string): string {
  const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
  try {
    const commit = git('rev-parse', '--short', 'HEAD');
    return git('status', '--porcelain', '--', 'src', 'scripts') === ''
      ? `commit ${commit}`
      : `commit ${commit} with uncommitted changes`;
  } catch {
    return root;
  }
}

async function bench(): Promise<void> {
  const { root } = await import('../scripts/lib/prepare.ts');
  const { machine, median, writeSection } = await import('./lib/report.ts');
  const { BENCH_OUT_DIR, load1, ms, reportEnabled, today } = await import('./lib/shop.ts');

  const trees: Tree[] = [];
  const before = process.env.BENCH_BEFORE;
  if (before) {
    const beforeRoot = resolve(before);
    if (!existsSync(join(beforeRoot, 'bench/search-pressure.ts'))) {
      throw new Error(`BENCH_BEFORE=${before}: copy bench/search-pressure.ts into that checkout's bench/ first`);
    }
    trees.push({ label: 'before', root: beforeRoot, describe: describe(beforeRoot) });
  }
  trees.push({ label: before ? 'after' : 'this tree', root, describe: describe(root) });

  const loadAtStart = load1();
  for (const tree of trees) {
    console.log(`[bench] ${tree.label} (${tree.root}): build and seed`);
    await inTree(tree, ['--prepare'], true);
  }
  const results = new Map<Tree, RunResult[]>(trees.map((t) => [t, []]));
  for (let i = 0; i < RUNS; i++) {
    // Alternating order, so a change of load on the machine does not always hit the same tree.
    for (const tree of i % 2 === 0 ? trees : [...trees].reverse()) {
      const output = await inTree(tree, ['--run']);
      const result = JSON.parse(output.trim().split('\n').at(-1)!) as RunResult;
      results.get(tree)!.push(result);
      const line = (name: string, p: Phase) =>
        `${name} p50 ${ms(p.p50)} p99 ${ms(p.p99)} ms${p.hammer ? ` (hammer 200: ${p.hammer.ok}, 429: ${p.hammer.limited}${p.hammer.other ? `, other: ${p.hammer.other}` : ''})` : ''}`;
      console.log(
        `[bench] run ${i + 1} ${tree.label.padEnd(6)} load ${result.load1}  ${line('alone', result.alone)} | ${line('8 addresses', result.spread)} | ${line('1 address', result.single)}`,
      );
    }
  }

  type Key = 'alone' | 'spread' | 'single';
  const runsOf = (tree: Tree) => results.get(tree)!;
  const latency = (tree: Tree, key: Key) => {
    const list = runsOf(tree).map((r) => r[key]);
    return `${ms(median(list.map((p) => p.p50)))} / **${ms(median(list.map((p) => p.p99)))}** (${list.map((p) => ms(p.p99)).join(', ')})`;
  };
  const hammered = (tree: Tree, key: Key) => {
    const list = runsOf(tree).map((r) => r[key].hammer!);
    const perSecond = (pick: (h: NonNullable<Phase['hammer']>) => number) =>
      median(list.map((h) => pick(h) / h.seconds)).toFixed(0);
    const other = list.reduce((n, h) => n + h.other, 0);
    return `${perSecond((h) => h.ok)} / ${perSecond((h) => h.limited)}${other ? ` (${other} other)` : ''}`;
  };
  const samples = trees.flatMap((t) => runsOf(t).flatMap((r) => [r.alone, r.spread, r.single]));
  const notHit = samples.reduce((n, p) => n + p.notHit, 0);
  const loads = trees.flatMap((t) => runsOf(t).map((r) => Number(r.load1)));
  const row = (what: string, cell: (tree: Tree) => string) => `| ${what} | ${trees.map(cell).join(' | ')} |`;
  // What the 8 addresses got each, in the last tree (this one): whether a per-address budget could bind at all.
  const last = trees.at(-1)!;
  const perAddress = median(runsOf(last).map((r) => r.spread.hammer!.ok / r.spread.hammer!.seconds)) / HAMMERS;
  const spreadLimited = runsOf(last).some((r) => r.spread.hammer!.limited > 0);

  const title = '## Search page under pressure: a cached page while 8 clients hammer /search-details';
  const section = `${title}

\`npm run bench:search-pressure\` (bench/search-pressure.ts)${before ? ', with `BENCH_BEFORE=<checkout of the older commit>`' : ''}. The built shop
(\`${process.env.BENCH_OUT_DIR ?? BENCH_OUT_DIR}/server/entry.mjs\` through scripts/serve.ts, PGlite, demo seed of ${PRODUCTS} products) with \`TRUST_PROXY=1\`
and the default budgets (\`RATE_LIMIT_SCALE=1\`), a fresh server process per run. One German category page (\`${runsOf(trees[0]!)[0]!.page}\`),
answered from the page cache (every answer checked to be a HIT${notHit ? `, except ${notHit}` : ''}), is read by a client of its own: one keep-alive
connection asking every ${PROBE_MS} ms (at once when an answer took longer), ${SECONDS} s per phase, after a warm-up. Phases: the page alone;
then while ${HAMMERS} other clients, each one keep-alive connection asking again as soon as it has its answer, request
\`/search-details?term=…\` (${TERMS.length} terms in rotation, typos included) from another process, each with its own address in
\`X-Forwarded-For\` (${HAMMERS} addresses: ${HAMMERS} shoppers or hosts); then the same ${HAMMERS} clients as one address (one host, what a
single attacker behind the shipped Varnish is, as it sets \`X-Forwarded-For\` itself). ${RUNS} runs${trees.length > 1 ? ', alternating which tree goes first' : ''};
median of the runs (each run's p99 in brackets). Hammer answers per second: median of the runs.
${trees.map((t) => `${t.label}: ${t.describe}`).join('; ')}.

Machine: ${machine()}. Date: ${today()}.
Load average (1 min): ${loadAtStart} at start (other work on the shared machine), ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)} at the runs' starts and
${load1()} at the end (these include the bench's own shop, hammer and reader, which share the machine's cores).

Reading (${last.label}): as ${HAMMERS} addresses, each got ${perAddress.toFixed(1)} search pages a second, ${
    spreadLimited
      ? 'and some 429'
      : `all it asked for:
the shop renders no faster, and the search budget (60 at once, then 10 a second per address: src/lib/server/client-budget.ts)
is above that, so it never answers 429 and the cached page waits behind the renders`
  }. As one address, the ${HAMMERS} clients share
one budget: 60 at once, then 10 a second rendered, the rest answered 429 from the message file alone.

| cached page, ms: p50 / **p99** | ${trees.map((t) => t.label).join(' | ')} |
| --- | ${trees.map(() => '---:').join(' | ')} |
${row('alone', (t) => latency(t, 'alone'))}
${row(`${HAMMERS} clients hammer the search page, ${HAMMERS} addresses`, (t) => latency(t, 'spread'))}
${row('search answers per second: 200 / 429', (t) => hammered(t, 'spread'))}
${row(`${HAMMERS} clients hammer the search page, 1 address`, (t) => latency(t, 'single'))}
${row('search answers per second: 200 / 429', (t) => hammered(t, 'single'))}
`;
  console.log(`\n${section}`);
  if (reportEnabled()) {
    writeSection(title, section);
    console.log('BENCHMARKS.md updated');
  }
}
