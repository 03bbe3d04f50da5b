// What the XSS suite looks for on a page: payloads that ran (they call the `__xss` binding or open an
// alert dialog) and payloads that became markup (an element with an event handler, a script, or a
// javascript: URL carrying them), even where the browser would not run them on its own.
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { XSS_PAYLOADS } from './xss-payloads.ts';

interface Execution {
  id: string;
  url: string;
  how: 'binding' | 'dialog';
}

/**
 * Elements a payload made: event-handler attributes, executable scripts, frames and objects that carry
 * the recorder, and URL attributes with a script scheme. Text that shows a payload is fine; markup
 * built from it is not. Returns one line per offending element.
 */
function unescapedPayloads(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const marker = /__xss|alert\(\d{4}\)/;
    const scriptUrl = /^(javascript|vbscript|data:text\/html)/i;
    const urlAttributes = new Set([
      'href',
      'src',
      'action',
      'formaction',
      'data',
      'xlink:href',
      'background',
      'dynsrc',
      'lowsrc',
      'poster',
      'values',
      'to',
    ]);
    const found: string[] = [];
    const describe = (el: Element, what: string) => `<${el.tagName.toLowerCase()}> ${what}`.slice(0, 200);
    for (const el of document.querySelectorAll('*')) {
      for (const attr of Array.from(el.attributes)) {
        const name = attr.name.toLowerCase();
        // Browsers drop control characters and spaces before a scheme.
        // eslint-disable-next-line no-control-regex -- stripping control characters is the point
        const value = attr.value.replace(/[\u0000-\u0020]/g, '');
        if (name.startsWith('on') && marker.test(attr.value)) found.push(describe(el, `${name}="${attr.value}"`));
        else if (urlAttributes.has(name) && scriptUrl.test(value)) found.push(describe(el, `${name}="${attr.value}"`));
        else if (name === 'srcdoc' && marker.test(attr.value)) found.push(describe(el, `srcdoc="${attr.value}"`));
        else if (
          name === 'content' &&
          el.tagName === 'META' &&
          el.getAttribute('http-equiv')?.toLowerCase() === 'refresh' &&
          /javascript:/i.test(value)
        ) {
          found.push(describe(el, `content="${attr.value}"`));
        }
      }
      if (el.tagName === 'SCRIPT' && marker.test(el.textContent ?? '')) {
        const type = (el.getAttribute('type') ?? '').toLowerCase();
        if (type === '' || type.includes('javascript') || type === 'module')
          found.push(describe(el, el.textContent ?? ''));
      }
      if (['IFRAME', 'OBJECT', 'EMBED', 'BASE'].includes(el.tagName) && marker.test(el.outerHTML))
        found.push(describe(el, el.outerHTML));
    }
    return found;
  });
}

const PAYLOAD_IDS = new Set(XSS_PAYLOADS.map((p) => String(p.id)));

/** The payload ids a page shows as text (its title, text and form values): proof the payloads got there. */
function shownIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const values = Array.from(document.querySelectorAll('input, textarea'), (el) => (el as HTMLInputElement).value);
    const text = [document.title, document.body.innerText, ...values].join(' ');
    return [...new Set(text.match(/(?<!\d)1[0-2]\d\d(?!\d)/g) ?? [])];
  });
}

/**
 * One test's look at the shop: what ran (recorded as it happens), what became markup, and which
 * payloads the visited pages showed as text.
 */
export class XssProbe {
  readonly executed: Execution[] = [];
  readonly markup: string[] = [];
  /** Uncaught errors in page scripts: a payload that breaks a script is a bug even when it runs nothing. */
  readonly pageErrors: string[] = [];
  readonly shown = new Set<string>();
  pages = 0;
  private readonly base: string;

  constructor(base: string) {
    this.base = base;
  }

  /** Records executions and script errors in every page of `context`; call before the test opens pages. */
  async watch(context: BrowserContext): Promise<void> {
    await context.exposeBinding('__xss', ({ page }, id: unknown) => {
      this.executed.push({ id: String(id), url: page?.url() ?? '', how: 'binding' });
    });
    const watchPage = (page: Page) => {
      page.on('dialog', (dialog) => {
        this.executed.push({ id: dialog.message(), url: page.url(), how: 'dialog' });
        void dialog.dismiss().catch(() => undefined);
      });
      page.on('pageerror', (error) => this.pageErrors.push(`${page.url()}: ${error.message}`));
    };
    context.on('page', watchPage);
    for (const page of context.pages()) watchPage(page);
  }

  /** Looks at the page as it is now. */
  async inspect(page: Page, where: string): Promise<void> {
    this.pages += 1;
    for (const line of await unescapedPayloads(page)) this.markup.push(`${where}: ${line}`);
    for (const id of await shownIds(page)) if (PAYLOAD_IDS.has(id)) this.shown.add(id);
  }

  /** Loads a page of the shop (200 expected), lets its self-hydrating islands start, and inspects it. */
  async visit(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<void> {
    const response = await page.goto(`${this.base}${path}`);
    expect(response?.status(), path).toBe(200);
    await ready(page);
    await this.inspect(page, path);
  }

  /** Nothing ran, nothing became markup; with `coverage`, every payload was shown somewhere as text. */
  verify(coverage: boolean): void {
    expect(this.executed, 'payloads that ran').toEqual([]);
    expect(this.markup, 'payloads that became markup').toEqual([]);
    expect.soft([...new Set(this.pageErrors)], 'uncaught errors in page scripts').toEqual([]);
    if (coverage)
      expect(
        [...PAYLOAD_IDS].filter((id) => !this.shown.has(id)),
        `payloads never shown (over ${this.pages} page views)`,
      ).toEqual([]);
  }
}
