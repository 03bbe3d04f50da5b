import { describe, expect, test } from 'vitest';
import { sanitizeCmsHtml } from '#lib/server/sanitize.ts';

describe('sanitizeCmsHtml', () => {
  test('removes script elements and their code', () => {
    const out = sanitizeCmsHtml('<p>Willkommen</p><script>alert("x")</script><SCRIPT src="https://evil.example/x.js"></SCRIPT>');
    expect(out.toLowerCase()).not.toContain('<script');
    expect(out).not.toContain('alert');
    expect(out).toContain('<p>Willkommen</p>');
  });

  test('removes on* event handlers', () => {
    const out = sanitizeCmsHtml('<p onclick="steal()">Text</p><img src="https://cdn.example/a.png" onerror="steal()" alt="A">');
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

  test('keeps https images', () => {
    const out = sanitizeCmsHtml('<img src="https://cdn.example/banner.jpg" alt="Banner" width="600" height="200">');
    expect(out).toContain('src="https://cdn.example/banner.jpg"');
    expect(out).toContain('alt="Banner"');
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
