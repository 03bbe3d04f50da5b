import { describe, expect, test } from 'vitest';
import { sanitizeCmsHtml } from '#lib/server/sanitize.ts';

describe('sanitizeCmsHtml', () => {
  test('removes script elements and their code', () => {
    const out = sanitizeCmsHtml(
      '<p>Willkommen</p><script>alert("x")</script><SCRIPT src="https://evil.example/x.js"></SCRIPT>',
    );
    expect(out.toLowerCase()).not.toContain('<script');
    expect(out).not.toContain('alert');
    expect(out).toContain('<p>Willkommen</p>');
  });

  test('removes on* event handlers', () => {
    const out = sanitizeCmsHtml(
      '<p onclick="steal()">Text</p><img src="https://cdn.example/a.png" onerror="steal()" alt="A">',
    );
    expect(out.toLowerCase()).not.toMatch(/\son\w+=/);
    expect(out).not.toContain('steal');
    expect(out).toContain('Text');
  });

  test.each([
    '<a href="javascript:alert(1)">Klick</a>',
    '<a href="JaVaScRiPt:alert(1)">Klick</a>',
    '<a href=" javascript:alert(1)">Klick</a>',
    '<a href="java&#x09;script:alert(1)">Klick</a>',
  ])('drops the javascript: href of %s', (html) => {
    const out = sanitizeCmsHtml(html);
    expect(out.toLowerCase()).not.toContain('javascript');
    expect(out).not.toContain('alert');
    expect(out).toContain('Klick');
  });

  test('drops protocol-relative URLs', () => {
    const out = sanitizeCmsHtml('<a href="//evil.example/phish">Link</a><img src="//evil.example/pixel.gif" alt="p">');
    expect(out).not.toContain('evil.example');
    expect(out).toContain('Link');
  });

  test('keeps paragraphs, strong text and https links', () => {
    const html = '<p>Jetzt <strong>20 %</strong> sparen: <a href="https://shop.example/aktion">Aktion</a></p>';
    expect(sanitizeCmsHtml(html)).toBe(html);
  });

  test('keeps images from the shop and from the allowed hosts', () => {
    const out = sanitizeCmsHtml(
      '<img src="https://cdn.example/banner.jpg" alt="Banner" width="600" height="200"><img src="/images/hero.svg" alt="Hero">',
      { imageHosts: ['cdn.example'] },
    );
    expect(out).toBe(
      '<img src="https://cdn.example/banner.jpg" alt="Banner" width="600" height="200" /><img src="/images/hero.svg" alt="Hero" />',
    );
  });

  test.each([
    '<img src="https://evil.example/pixel.gif" alt="p">',
    '<img src="https://cdn.example.evil.example/pixel.gif" alt="p">',
    '<img src="https://cdn.example@evil.example/pixel.gif" alt="p">',
    '<img src="http://cdn.example/pixel.gif" alt="p">',
    '<img src="data:image/svg+xml,<svg/>" alt="p">',
    '<img src="/\tevil.example/pixel.gif" alt="p">',
    '<img alt="p">',
  ])('leaves out a picture from anywhere else: %s', (html) => {
    expect(sanitizeCmsHtml(`<p>Text</p>${html}`, { imageHosts: ['cdn.example'] })).toBe('<p>Text</p>');
  });

  test.each([
    '<a href="http://partner.example/">Partner</a>',
    '<a href="data:text/html,x">Partner</a>',
    '<a href="/\tevil.example">Partner</a>',
    '<a href="relative/page">Partner</a>',
    '<a href="https://shop.example@evil.example/">Partner</a>',
  ])('unlinks a link the content link rules refuse, keeping its text: %s', (html) => {
    expect(sanitizeCmsHtml(html)).toBe('<a>Partner</a>');
  });

  test('keeps site paths, places on the page and mailto and tel links', () => {
    const html =
      '<a href="/i/agb">AGB</a><a href="#top">Top</a><a href="mailto:service@protool.example">Mail</a><a href="tel:+497110000000">Call</a>';
    expect(sanitizeCmsHtml(html)).toBe(html);
  });

  describe('links to a category or content page by code', () => {
    const html = '<p><a href="c:werkzeuge/bohren">Bohren</a> <a href="i:agb" target="_blank">AGB</a></p>';

    test('are kept as codes where editors store them', () => {
      expect(sanitizeCmsHtml(html, { codes: 'keep' })).toBe(
        '<p><a href="c:werkzeuge/bohren">Bohren</a> <a href="i:agb" target="_blank" rel="noopener noreferrer">AGB</a></p>',
      );
    });

    test("become the addresses in the language a page shows, through the page's resolvers", () => {
      const out = sanitizeCmsHtml(html, {
        codes: {
          locale: 'en',
          resolvers: {
            category: (path, locale) => (path === 'werkzeuge/bohren' && locale === 'en' ? 'tools/drilling' : undefined),
            page: (id, locale) => (id === 'agb' && locale === 'en' ? 'terms' : undefined),
          },
        },
      });
      expect(out).toBe(
        '<p><a href="/en/c/tools/drilling">Bohren</a> <a href="/en/i/terms" target="_blank" rel="noopener noreferrer">AGB</a></p>',
      );
    });

    test('are unlinked where nothing resolves them, and a malformed code never passes as a link', () => {
      expect(sanitizeCmsHtml(html)).toBe('<p><a>Bohren</a> <a target="_blank" rel="noopener noreferrer">AGB</a></p>');
      for (const bad of ['c:', 'i:AGB', 'i:../x', 'c: x', 'c:\\evil', 'C:werkzeuge', 'x:y'])
        expect(sanitizeCmsHtml(`<a href="${bad}">L</a>`, { codes: 'keep' }), bad).toBe('<a>L</a>');
    });
  });

  test('keeps tables', () => {
    const html = '<table><thead><tr><th scope="col">Größe</th></tr></thead><tbody><tr><td>M8</td></tr></tbody></table>';
    expect(sanitizeCmsHtml(html)).toBe(html);
  });

  test('adds rel="noopener noreferrer" to links that open a new tab', () => {
    const out = sanitizeCmsHtml('<a href="https://partner.example/" target="_blank">Partner</a>');
    expect(out).toContain('target="_blank"');
    expect(out).toContain('rel="noopener noreferrer"');
  });

  test('replaces an editor rel that would hand over the opener', () => {
    const out = sanitizeCmsHtml('<a href="https://partner.example/" target="_blank" rel="opener">Partner</a>');
    expect(out).toContain('rel="noopener noreferrer"');
    expect(out).not.toContain('rel="opener"');
  });

  test('gives an empty string for missing content', () => {
    expect(sanitizeCmsHtml(null)).toBe('');
    expect(sanitizeCmsHtml(undefined)).toBe('');
    expect(sanitizeCmsHtml('')).toBe('');
  });
});
