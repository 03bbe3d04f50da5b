// Shared fixtures and checks for the end-to-end specs.
import { test as base, expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { fill, plural } from '#lib/i18n/format.ts';
import { de } from '#lib/i18n/messages/de.ts';
import { en, type Messages } from '#lib/i18n/messages/en.ts';
import { es } from '#lib/i18n/messages/es.ts';
import { fr } from '#lib/i18n/messages/fr.ts';
import { it as itMessages } from '#lib/i18n/messages/it.ts';
import { CONSENT_STORAGE_KEY } from '#lib/shell/consent.ts';
import { LOCALES, LOCALE_TAGS, type Locale } from '#lib/i18n/locales.ts';
import { localePath } from '#lib/site/paths.ts';

export { LOCALES, LOCALE_TAGS, localePath, type Locale };

/** The shop under test (playwright.config.ts starts it on this port). */
export const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? '4329'}`;

/** An absolute URL on the shop under test, as canonical and hreflang links carry them. */
export function absolute(path: string): string {
  return new URL(path, BASE_URL).toString();
}

export const MESSAGES: Record<Locale, Messages> = { de, en, fr, es, it: itMessages };

/** The message with {{placeholders}} filled in, as the shop renders it. */
export function msg(locale: Locale, key: keyof Messages, vars: Record<string, string | number> = {}): string {
  return fill(MESSAGES[locale][key], vars);
}

type PluralKey = keyof Messages extends infer K ? (K extends `${infer Base}_one` ? Base : never) : never;

/** The plural message for a count, in the form and number format the shop picks for the locale. */
export function msgPlural(
  locale: Locale,
  key: PluralKey,
  count: number,
  vars: Record<string, string | number> = {},
): string {
  const m: Record<string, string> = MESSAGES[locale];
  return plural(LOCALE_TAGS[locale], count, { one: m[`${key}_one`]!, other: m[`${key}_other`]! }, vars);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Marks the cookie consent as decided ("only required") before any page script runs, so the consent
 * bar neither covers the page nor locks scrolling in tests that are not about consent.
 */
export async function preDecideConsent(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(
    ([key]) => {
      try {
        if (!window.localStorage.getItem(key!)) {
          window.localStorage.setItem(key!, JSON.stringify({ accepted: false, at: Date.now() }));
        }
      } catch {
        // about:blank and other opaque origins have no storage.
      }
    },
    [CONSENT_STORAGE_KEY],
  );
}

interface Fixtures {
  /** Set to false (test.use) for tests about the cookie consent itself. */
  consentDecided: boolean;
}

export const test = base.extend<Fixtures>({
  consentDecided: [true, { option: true }],
  page: async ({ page, consentDecided }, use) => {
    if (consentDecided) await preDecideConsent(page);
    // An uncaught exception in a page script is a bug a shopper would hit, whatever the test is about.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.stack ?? error.message}`));
    await use(page);
    expect(errors, 'uncaught errors in page scripts').toEqual([]);
  },
});

export { expect };

/**
 * The islands that hydrate on their own (client:load / client:idle) and have not yet: Astro drops an
 * island's `ssr` attribute once it has hydrated. Islands on intent or visibility wait for the shopper.
 */
export const SELF_HYDRATING_PENDING =
  'astro-island[ssr]:not([client="visible"]):not([client="media"]):not([client="intent"])';

/** Waits until the shell's script runs and the islands that hydrate on their own are interactive. */
export async function waitForIslands(page: Page, timeout?: number): Promise<void> {
  await expect(page.locator('html[data-shell="ready"], html:not(:has(.site-header))')).toHaveCount(1, { timeout });
  await expect(page.locator(SELF_HYDRATING_PENDING)).toHaveCount(0, { timeout });
}

/** Reaches for a control of an island that hydrates on intent, and waits until that island is live. */
export async function wake(control: Locator): Promise<void> {
  await control.focus();
  await expect(control.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr', /.*/);
}

/**
 * Ticks a box or radio as a shopper does, perhaps while its island is still loading: the tick shows at
 * once, may be undone for a moment while React hydrates with the server's state, and is then ticked
 * again for the live island (src/lib/shell/intent-islands.ts). So the check is that it ends up ticked.
 */
export async function choose(control: Locator): Promise<void> {
  await control.click();
  await expect(control).toBeChecked();
}

/** Loads a path and waits until the shell's islands are interactive. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForIslands(page);
  return response;
}

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Runs axe (WCAG 2.1 A and AA, or other `tags`) on the page, or on `include` only, and fails listing every violation. */
export async function expectNoA11yViolations(
  page: Page,
  options: { include?: string; exclude?: string; tags?: string[] } = {},
): Promise<void> {
  // Legacy mode runs axe.run() in the page itself. The default runs axe in every frame, then opens a
  // blank page, injects axe's 500 KB again and merges there: 2 to 4 s a scan instead of about 1 s, for
  // frames the shop does not have (its pages have no frames; Stripe's card field is a foreign frame
  // that no test of ours could mend, and legacy mode leaves out only cross-origin frames).
  let builder = new AxeBuilder({ page }).setLegacyMode().withTags(options.tags ?? AXE_TAGS);
  if (options.include) builder = builder.include(options.include);
  if (options.exclude) builder = builder.exclude(options.exclude);
  const { violations } = await builder.analyze();
  const report = violations.map((v) =>
    [
      `[${v.impact ?? 'n/a'}] ${v.id}: ${v.help} (${v.helpUrl})`,
      ...v.nodes.map(
        (n) =>
          `    at ${n.target.join(' ')}\n      ${n.html}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
      ),
    ].join('\n'),
  );
  expect(violations.length, `axe found ${violations.length} violation(s) on ${page.url()}:\n${report.join('\n')}`).toBe(
    0,
  );
}

/** Text of an element or attribute as Astro escaped it in the served HTML. */
export function decodeEntities(text: string): string {
  return text
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!)
    .trim();
}

let clients = 0;
/**
 * Headers of a request from a client of its own (an address from the documentation range), for
 * requests that open accounts: the test server believes X-Forwarded-For (scripts/test-server.ts).
 */
export function newClient(): Record<string, string> {
  clients += 1;
  return { 'x-forwarded-for': `198.51.${100 + (Math.floor(clients / 250) % 100)}.${(clients % 250) + 1}` };
}
