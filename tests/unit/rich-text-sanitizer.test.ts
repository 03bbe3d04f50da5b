// @vitest-environment happy-dom
// The rich-text editor (src/lib/admin/rich-text-schema.ts) writes only HTML the shop's sanitizer keeps
// as it is: what an editor builds with the toolbar's commands, and what it makes of pasted or loaded
// HTML, the XSS suite's payloads among them. Runs a real TipTap editor on happy-dom's document.
import { afterEach, describe, expect, test } from 'vitest';
import { Editor } from '@tiptap/core';
import { htmlHref, richTextExtensions } from '#lib/admin/rich-text-schema.ts';
import { unkeptMarkup } from '#lib/admin/rich-text-kept.ts';
import { sanitizeCmsHtml } from '#lib/server/sanitize.ts';
import { XSS_PAYLOADS } from '#tests/adversarial/xss-payloads.ts';

const HOSTS = ['cdn.example'];
let editor: Editor | null = null;
const open = (content = '') => (editor = new Editor({ extensions: richTextExtensions(HOSTS), content }));
afterEach(() => editor?.destroy());

/** The HTML as a browser serializes it: `<img …>` and the sanitizer's `<img … />` are the same element. */
const parsed = (html: string) => new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
/** What the workspace's save stores: links by code kept for each language's page to resolve. */
const saved = (html: string) => sanitizeCmsHtml(html, { imageHosts: HOSTS, codes: 'keep' });
const kept = (html: string) => parsed(saved(html)).innerHTML === parsed(html).innerHTML;

/** Markup that would run (text that shows a payload is fine): a script, an event handler, a frame, a script URL. */
function runs(html: string): string[] {
  return [...parsed(html).querySelectorAll('*')].flatMap((el) => {
    const tag = el.tagName.toLowerCase();
    const bad = /^(?:script|iframe|object|embed|svg|math|style|base|meta|form|link)$/.test(tag) ? [tag] : [];
    for (const { name, value } of el.attributes)
      if (/^on/i.test(name) || /^\s*(?:javascript|vbscript|data):/i.test(value)) bad.push(`${tag}[${name}]`);
    return bad;
  });
}

describe('rich-text editor output and the sanitizer', () => {
  test('headings, marks, lists, links, a table and a library picture survive sanitizing unchanged', () => {
    const lines = ['Title', 'Sub', 'Bold', 'Ital', 'one', 'two', 'first', 'site', 'web', 'mail', 'category'];
    const e = open(lines.map((line) => `<p>${line}</p>`).join(''));
    /** Selects a line's text, as an editor would before pressing a toolbar button. */
    const on = (text: string) => {
      let range = { from: 0, to: 0 };
      e.state.doc.descendants((node, pos) => {
        if (node.isText && node.text === text) range = { from: pos, to: pos + text.length };
      });
      return e.chain().focus().setTextSelection(range);
    };
    expect(on('Title').setHeading({ level: 2 }).run()).toBe(true);
    expect(on('Sub').setHeading({ level: 3 }).run()).toBe(true);
    expect(on('Bold').toggleBold().run()).toBe(true);
    expect(on('Ital').toggleItalic().run()).toBe(true);
    expect(on('one').toggleBulletList().run()).toBe(true);
    expect(on('two').toggleBulletList().run()).toBe(true);
    expect(on('first').toggleOrderedList().run()).toBe(true);
    const links = {
      site: '/i/agb',
      web: 'https://example.com/x',
      mail: 'mailto:a@example.com',
      category: 'c:werkzeuge',
    };
    for (const [text, typed] of Object.entries(links))
      expect(
        on(text)
          .setLink({ href: htmlHref(typed)! })
          .run(),
      ).toBe(true);
    const table = e.chain().focus('end').insertTable({ rows: 3, cols: 3, withHeaderRow: true });
    expect(table.insertContent('head').run()).toBe(true);
    for (const step of ['addRowAfter', 'addColumnAfter'] as const) expect(e.commands[step](), step).toBe(true);
    for (const step of ['deleteRow', 'deleteColumn'] as const) expect(e.chain().focus('end')[step]().run()).toBe(true);
    // A picture goes in after the line the caret is on, as the toolbar's picture button puts it.
    const pictures: [string, string][] = [
      ['Bold', '/images/lib/7'],
      ['Ital', 'https://cdn.example/a.png'],
    ];
    for (const [text, src] of pictures)
      expect(on(text).setTextSelection(e.state.selection.to).setImage({ src, alt: '' }).run()).toBe(true);
    const html = e.getHTML();
    for (const tag of [
      '<h2>Title',
      '<h3>Sub',
      '<strong>',
      '<em>',
      '<ul><li><p>one',
      '<ol><li><p>first',
      '<a href="c:werkzeuge">',
      '<table>',
      '<tr><th><p>head</p></th><th><p></p></th><th><p></p></th></tr><tr><td>',
      '<img src="/images/lib/7"',
    ])
      expect(html).toContain(tag);
    expect(kept(html), html).toBe(true);
  });

  test('links in a new tab get the rel the sanitizer writes; refused links and pictures are not kept', () => {
    const e = open(
      '<p><a href="/i/agb" target="_blank" title="T">tab</a> <a href="http://plain.example">http</a> <img src="https://evil.example/p.png" alt=""><img src="/images/lib/2" alt="" title="x"></p><ol start="4"><li>four</li></ol><pre><code>x</code></pre>',
    );
    const html = e.getHTML();
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).not.toContain('http://plain.example');
    expect(html).not.toContain('evil.example');
    expect(kept(html), html).toBe(true);
  });

  test('every XSS payload, pasted into the editor, comes out as HTML the sanitizer leaves alone and that runs nothing', () => {
    const e = open();
    const changed: string[] = [];
    for (const { id, text } of XSS_PAYLOADS) {
      e.commands.setContent(`<p>before</p>${text}`, { emitUpdate: false });
      const html = e.getHTML();
      if (!kept(html)) changed.push(`${id}: ${html}`);
      expect(runs(html), String(id)).toEqual([]);
    }
    expect(changed).toEqual([]);
  });

  test('every XSS payload, set as source, is saved sanitized (the save path runs sanitizeCmsHtml)', () => {
    for (const { id, text } of XSS_PAYLOADS) expect(runs(saved(text)), String(id)).toEqual([]);
  });

  test('the link dialog takes what the content link rules take, and keeps codes for each language to resolve', () => {
    expect(htmlHref('i:agb')).toBe('i:agb');
    expect(htmlHref(' c:werkzeuge/bohren ')).toBe('c:werkzeuge/bohren');
    expect(htmlHref('#top')).toBe('#top');
    expect(htmlHref(' https://example.com ')).toBe('https://example.com');
    for (const bad of ['javascript:alert(1)', 'http://example.com', '//evil.example', 'c:', 'data:text/html,x'])
      expect(htmlHref(bad), bad).toBeNull();
  });
});

describe('HTML the rich editor cannot hold', () => {
  test('is named, so the field stays in the source view instead of losing it', () => {
    expect(
      unkeptMarkup('<h2>T</h2><p><a href="/x" title="t">l</a></p><table><tr><td colspan="2">x</td></tr></table>'),
    ).toEqual([]);
    expect(unkeptMarkup('<div class="note"><p lang="en">x</p><dl><dt>a</dt></dl></div>')).toEqual([
      '<div>',
      'p[lang]',
      '<dl>',
      '<dt>',
    ]);
  });

  test('holds what the list of kept markup says it holds (the two stay in step)', () => {
    const html =
      '<h4>a</h4><h5>b</h5><h6>c</h6><blockquote><p>q</p></blockquote><hr><p><u>u</u><s>s</s><br>x</p>' +
      '<table><tbody><tr><th colspan="2">h</th></tr><tr><td rowspan="2">c</td><td>d</td></tr></tbody></table>' +
      '<p><a href="/x" title="t">l</a></p><img src="/images/lib/1" alt="a" width="10" height="20">';
    expect(unkeptMarkup(html)).toEqual([]);
    const out = open(html).getHTML();
    for (const part of [
      '<h4>',
      '<h5>',
      '<h6>',
      '<blockquote>',
      '<hr>',
      '<u>',
      '<s>',
      '<br>',
      'colspan="2"',
      'rowspan="2"',
    ])
      expect(out).toContain(part);
    expect(out).toContain('<a href="/x" title="t">');
    expect(out).toContain('<img src="/images/lib/1" alt="a" width="10" height="20">');
  });
});
