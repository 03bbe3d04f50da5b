// Lighthouse (mobile, simulated throttling, the tool's defaults) on every page type in German and
// English, the signed-in editor workspace's included, three runs each; the median run by performance
// score is kept as the page's report under test-results/lighthouse/ (HTML and JSON, with summary.md), the CI artifact. What fails the run is
// what does not depend on the machine's load: layout shift (the runs' median CLS over 0.02),
// render-blocking requests (other than the shop's own stylesheets, see below), a document that is not
// compressed, and unused JavaScript. The scores themselves go to BENCHMARKS.md ("Lighthouse"), read
// from summary.md: on a busy 2-core machine they vary.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import lighthouse, { type Result } from 'lighthouse';
import { BASE_URL, expect, localePath, newClient, test, type Locale } from './helpers.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

const RUNS = 3;
const MAX_CLS = 0.02;
const OUT = join('test-results', 'lighthouse');

/** A free port for Chromium's DevTools endpoint, which Lighthouse drives. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The page types, as a first visitor reaches them (the category and product are the demo's first). */
async function pathsOf(browser: Browser, locale: Locale): Promise<Record<string, string>> {
  const page = await browser.newPage();
  const firstLink = async (from: string, pattern: RegExp) => {
    await page.goto(`${BASE_URL}${from}`);
    const hrefs = await page
      .locator('main a[href]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    const href = hrefs.find((h) => pattern.test(h));
    if (!href) throw new Error(`${from} links to nothing like ${pattern}`);
    return href;
  };
  const category = await firstLink(localePath(locale, '/'), /\/c\//);
  const product = await firstLink(category, /\/p\/\d+\//);
  await page.close();
  return {
    home: localePath(locale, '/'),
    category,
    product,
    search: `${localePath(locale, '/search-details')}?term=${locale === 'de' ? 'bohr' : 'drill'}`,
    content: localePath(locale, '/i/agb'),
  };
}

/**
 * The signed-in workspace (issue 35), each page as the staff member who uses it sees it. Lighthouse
 * sends the session cookie with every request of the run (its `extraHeaders`).
 */
const WORKSPACE_PAGES = {
  'workspace entries': { path: '/admin', who: 'editor' },
  'workspace menu': { path: '/admin/entry?type=block&identifier=menu', who: 'editor' },
  'workspace media': { path: '/admin/media', who: 'editor' },
  'workspace audit': { path: '/admin/audit', who: 'admin' },
} as const;

/** A staff session's cookie header, signed in through the workspace API from a client address of its own. */
async function staffCookie(who: 'editor' | 'admin'): Promise<string> {
  const { email, password } = DEMO_FIXTURES.staff[who];
  const response = await fetch(`${BASE_URL}/api/admin/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...newClient() },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

interface Summary {
  locale: Locale;
  type: string;
  path: string;
  scores: number[];
  median: Result;
}

const summaries: Summary[] = [];

test.describe('Lighthouse', () => {
  test.describe.configure({ mode: 'serial', timeout: 15 * 60_000 });

  let browser: Browser;
  let port: number;
  test.beforeAll(async () => {
    port = await freePort();
    // A browser of its own: Lighthouse drives it over its DevTools port, with a clean profile.
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        `--remote-debugging-port=${port}`,
      ],
    });
    mkdirSync(OUT, { recursive: true });
  });
  test.afterAll(async () => {
    await browser.close();
    const rows = summaries.map((s) => {
      const audit = (id: string) => s.median.audits[id]?.displayValue ?? '';
      const blocking = s.median.audits['render-blocking-insight']?.metricSavings?.FCP ?? 0;
      return `| ${s.locale} | ${s.type} | ${s.scores.join(', ')} | **${Math.round((s.median.categories.performance?.score ?? 0) * 100)}** | ${audit('first-contentful-paint')} | ${audit('largest-contentful-paint')} | ${audit('total-blocking-time')} | ${s.median.audits['cumulative-layout-shift']?.numericValue?.toFixed(3)} | ${blocking} ms |`;
    });
    writeFileSync(
      join(OUT, 'summary.md'),
      [
        `Lighthouse ${summaries[0]?.median.lighthouseVersion ?? ''}, mobile, simulated throttling; ${RUNS} runs per page, median by score.`,
        '',
        '| locale | page | scores | median | FCP | LCP | TBT | CLS | stylesheets hold up FCP |',
        '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
        ...rows,
        '',
      ].join('\n'),
    );
  });

  for (const locale of ['de', 'en'] as const) {
    test(`${locale}: every page type without layout shift, render-blocking requests, uncompressed responses or unused JavaScript`, async () => {
      const pages: [string, string, Record<string, string>?][] = Object.entries(await pathsOf(browser, locale));
      const cookies = { editor: await staffCookie('editor'), admin: await staffCookie('admin') };
      for (const [type, { path, who }] of Object.entries(WORKSPACE_PAGES))
        pages.push([type, `${path}${path.includes('?') ? '&' : '?'}lang=${locale}`, { Cookie: cookies[who] }]);
      for (const [type, path, extraHeaders] of pages) {
        const runs: { lhr: Result; html: string }[] = [];
        for (let i = 0; i < RUNS; i++) {
          const result = await lighthouse(`${BASE_URL}${path}`, {
            port,
            onlyCategories: ['performance'],
            logLevel: 'error',
            output: 'html',
            ...(extraHeaders ? { extraHeaders } : {}),
          });
          if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
          runs.push({ lhr: result.lhr, html: String(result.report) });
        }
        const score = (r: Result) => r.categories.performance?.score ?? 0;
        const kept = [...runs].sort((a, b) => score(a.lhr) - score(b.lhr))[Math.floor(RUNS / 2)]!;
        const median = kept.lhr;
        summaries.push({ locale, type, path, scores: runs.map((r) => Math.round(score(r.lhr) * 100)), median });
        writeFileSync(join(OUT, `${locale}-${type}.json`), JSON.stringify(median));
        writeFileSync(join(OUT, `${locale}-${type}.html`), kept.html);
        const where = `${locale} ${type} (${path})`;
        // The median of the runs' own CLS: one run disturbed by the machine does not decide, a shift every run makes does.
        const shifts = runs
          .map((r) => r.lhr.audits['cumulative-layout-shift']?.numericValue ?? 1)
          .sort((a, b) => a - b);
        expect
          .soft(shifts[Math.floor(shifts.length / 2)], `${where}: CLS of the runs ${shifts.join(', ')}`)
          .toBeLessThanOrEqual(MAX_CLS);
        const unused = median.audits['unused-javascript'];
        expect
          .soft(
            unused?.score === null || (unused?.score ?? 0) >= 0.9,
            `${where}: unused JavaScript ${unused?.displayValue ?? ''}`,
          )
          .toBe(true);
        // Nothing blocks the first paint but the shop's own stylesheets (6-8 KB, cached from page to
        // page): no script and nothing from another origin. What inlining them would gain is in the
        // summary (it depends on the machine's load); it would add those kilobytes to every page's HTML.
        const blocking = median.audits['render-blocking-insight'];
        const blockers = ((blocking?.details as { items?: { url: string }[] } | undefined)?.items ?? []).map(
          (item) => item.url,
        );
        expect
          .soft(
            blockers.filter((url) => !url.startsWith(BASE_URL) || !url.endsWith('.css')),
            `${where}: render-blocking requests`,
          )
          .toEqual([]);
        // The document's own compression (the insight also weighs server time, which depends on load).
        const latency = median.audits['document-latency-insight']?.details as
          { items?: { usesCompression?: { value?: boolean } } } | undefined;
        expect.soft(latency?.items?.usesCompression?.value, `${where}: the document is compressed`).toBe(true);
      }
    });
  }
});
