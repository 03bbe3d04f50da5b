// Kept in .ts with createElement: vitest.config.ts collects *.test.ts only.
import { describe, expect, test } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { contentConfigSchemas } from '#lib/content/schemas.ts';
import { formStrings } from '#lib/admin/messages.ts';
import { SchemaForm, type SchemaFormProps } from '#islands/admin/schema-form/SchemaForm.tsx';

const render = (props: Pick<SchemaFormProps, 'schema' | 'value'> & Partial<SchemaFormProps>) =>
  renderToStaticMarkup(
    createElement(SchemaForm, {
      onChange: () => undefined,
      issues: {},
      strings: formStrings('en'),
      idPrefix: 'f',
      ...props,
    }),
  );

/** The opening tag of the element with this id. */
const tagWithId = (html: string, id: string) =>
  html.match(new RegExp(`<[a-z]+ [^>]*id="${id.replace(/[.]/g, '\\.')}"[^>]*>`))?.[0];

const entry = (title: string, extra: object = {}) => ({
  kind: 'link',
  titles: [{ locale: 'en', title }],
  visibility: 'all',
  ...extra,
});
const menu = {
  entries: [entry('Home'), entry('Products', { kind: 'dropdown', children: [entry('Drills'), entry('Saws')] })],
};

const branding = {
  logo: '/logo.svg',
  title: 'Shop',
  description: 'Tools',
  descriptions: {},
  favicon: '/favicon.ico',
  meta: [],
  links: [],
  flags: { isSortingEnabled: false },
};

describe('SchemaForm', () => {
  test('offers the site default for each branding flag, with the hint beside it', () => {
    const html = render({
      schema: contentConfigSchemas['setting:branding'],
      value: branding,
      hints: { isCategoryBarEnabled: 'Site default: on' },
    });
    const select = tagWithId(html, 'f-flags.isCategoryBarEnabled');
    expect(select).toMatch(/^<select /);
    expect(select).toContain('aria-describedby="f-flags.isCategoryBarEnabled-hint"');
    expect(html).toContain('<p id="f-flags.isCategoryBarEnabled-hint" class="sf-hint">Site default: on</p>');
    expect(html).toMatch(
      /id="f-flags.isCategoryBarEnabled"[^>]*><option value="" selected="">Site default<\/option><option value="true">Yes<\/option>/,
    );
    // A flag that is set shows its value, and an enum flag offers the site default as well.
    expect(html).toMatch(
      /id="f-flags.isSortingEnabled"[^>]*><option value="">Site default<\/option><option value="true">Yes<\/option><option value="false" selected="">No/,
    );
    expect(html).toMatch(
      /id="f-flags.company"[^>]*><option value="" selected="">Site default<\/option><option value="required">/,
    );
    // The top level is not a fieldset; long texts get a text area.
    expect(html).toMatch(/^<div class="schema-form"><div class="sf-object">/);
    expect(tagWithId(html, 'f-description')).toMatch(/^<textarea /);
    expect(tagWithId(html, 'f-descriptions.en')).toMatch(/^<textarea /);
  });

  test('renders a nested menu as nested lists whose buttons name the entry', () => {
    const html = render({ schema: contentConfigSchemas['block:menu'], value: menu });
    expect(html).toMatch(/<ol class="sf-list">.*<ol class="sf-list">.*<\/ol>.*<\/ol>/s);
    for (const name of [
      'Move entry 2 (Products) up',
      'Move entry 2 (Products) down',
      'Remove entry 2 (Products)',
      'Move entry 1 (Drills) down',
      'Remove entry 2 (Saws)',
    ]) {
      expect(html).toContain(`aria-label="${name}"`);
    }
    expect(html).toContain('<summary>Products</summary>');
    expect(tagWithId(html, 'f-entries.0-item-up')).toContain('disabled');
    expect(html).toContain('>Add entry</button>');
  });

  test('marks a refused field and ties its message to it', () => {
    const value = { entries: [entry('Home'), entry('', { kind: 'dropdown' })] };
    const html = render({
      schema: contentConfigSchemas['block:menu'],
      value,
      issues: { 'entries.1.titles.0.title': 'Required' },
    });
    const input = tagWithId(html, 'f-entries.1.titles.0.title');
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('aria-describedby="f-entries.1.titles.0.title-error"');
    expect(html).toContain('<p id="f-entries.1.titles.0.title-error" class="sf-error">Required</p>');
    // The entry holding the error is unfolded; the one without stays folded.
    expect(html).toMatch(/<details class="sf-details"><summary>Home<\/summary>/);
    expect(html).toMatch(/<details class="sf-details" open=""><summary>Entry 2<\/summary>/);
  });

  test('labels every control, keeps ids unique and uses no positive tabindex', () => {
    const forms = [
      render({
        schema: contentConfigSchemas['setting:branding'],
        value: { ...branding, flags: { categoriesMapper: { a: 'b' } } },
      }),
      render({ schema: contentConfigSchemas['block:menu'], value: menu }),
      render({
        schema: contentConfigSchemas['setting:locale'],
        value: { messages: { en: { 'cart.title': 'Basket' } } },
      }),
      render({
        schema: contentConfigSchemas['block:footer'],
        value: { columns: [{ header: 'Help', items: [{ label: 'FAQ', url: 'i:faq' }] }], social: [] },
      }),
    ];
    for (const html of forms) {
      const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(ids).size).toBe(ids.length);
      expect(html).not.toMatch(/tabindex="[1-9]/i);
      for (const [control] of html.matchAll(/<(input|select|textarea) [^>]*>/g)) {
        const id = control.match(/ id="([^"]+)"/)?.[1];
        expect(control.includes('aria-label=') || html.includes(`for="${id}"`), control).toBe(true);
      }
    }
  });

  test('shows a swatch beside a hex colour and a key/value row per message', () => {
    const bar = render({
      schema: contentConfigSchemas['block:notification-bar'],
      value: { backgroundColor: '#0a5cad', iconColor: 'red' },
    });
    expect(bar).toContain('<span class="sf-swatch" aria-hidden="true" style="background:#0a5cad"></span>');
    expect(bar).toContain('<span class="sf-swatch" aria-hidden="true"></span>');
    expect(tagWithId(bar, 'f-backgroundColor')).toContain('type="text"');
    const locale = render({
      schema: contentConfigSchemas['setting:locale'],
      value: { messages: { en: { 'cart.title': 'Basket' } } },
    });
    expect(tagWithId(locale, 'f-messages.en-key-0')).toContain('value="cart.title"');
    expect(tagWithId(locale, 'f-messages.en.cart.title')).toMatch(/^<textarea /);
    expect(locale).toContain('aria-label="Remove entry 1 (cart.title)"');
  });
});
