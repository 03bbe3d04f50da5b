// The content link and picture rules (src/lib/content/links.ts): what an editor or a content-API token
// may make a shopper follow, and what it may make the browser fetch, on every page the shop shows.
import { describe, expect, test } from 'vitest';
import type { z } from 'astro/zod';
import {
  httpsUrl,
  isContentLink,
  isHtmlLink,
  isPageLink,
  isResource,
  isSitePath,
  isWebLink,
  ruleOf,
} from '#lib/content/links.ts';
import { contentConfigSchemas, contentSchemas } from '#lib/content/schemas.ts';
import { parseLeavingOut } from '#lib/content/leave-out.ts';

/** Ways to leave the site or run script that browsers accept (they drop tabs and line breaks, trim, ignore case). */
const HOSTILE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'javascript\n:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'vbscript:msgbox(1)',
  'http://shop.example/',
  'ftp://example.com/x',
  'file:///etc/passwd',
  '//evil.example/x',
  '/\\evil.example',
  '\\\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '\u0000/evil',
  'https:evil.example',
  'https:/evil.example',
  'https:///evil',
  'https://shop.example@evil.example/',
  'https://user:pw@evil.example/',
  'relative/path',
  '?query',
  '',
];

describe('isSitePath', () => {
  test('takes a path with one leading slash', () => {
    for (const path of ['/', '/i/agb', '/c/werkzeuge/bohren?sort=name#top', '/brand/logo.svg', '/en/my-account'])
      expect(isSitePath(path), path).toBe(true);
  });

  test('refuses everything that could leave the site', () => {
    for (const value of HOSTILE) expect(isSitePath(value), JSON.stringify(value)).toBe(false);
  });
});

describe('httpsUrl', () => {
  test('takes https addresses with a host and no credentials', () => {
    expect(httpsUrl('https://www.linkedin.com/company/example')?.hostname).toBe('www.linkedin.com');
    expect(httpsUrl('HTTPS://CDN.Example.com/a.png')?.hostname).toBe('cdn.example.com');
  });

  test('refuses other schemes, hidden characters and credentials', () => {
    for (const value of HOSTILE) expect(httpsUrl(value), JSON.stringify(value)).toBeNull();
    expect(httpsUrl('https://evil.example/\tx')).toBeNull();
  });
});

describe('isContentLink', () => {
  test('takes content targets, site paths and https, mailto and tel addresses', () => {
    for (const link of [
      'c:werkzeuge/bohren',
      'i:agb',
      '/i/kontakt',
      'https://partner.example/deal',
      'mailto:service@protool.example',
      'tel:+497110000000',
    ]) {
      expect(isContentLink(link), link).toBe(true);
    }
  });

  test('refuses scripts, data, other schemes, other hosts without https and malformed targets', () => {
    for (const value of [
      ...HOSTILE,
      'c:',
      'c://evil.example',
      'i:Agb',
      'i:../x',
      'mailto:',
      'mailto:javascript:alert(1)',
      'tel:javascript:1',
      'tel:',
    ]) {
      expect(isContentLink(value), JSON.stringify(value)).toBe(false);
    }
  });
});

describe('isHtmlLink', () => {
  test('takes codes, site paths, places on the page and https, mailto and tel addresses', () => {
    for (const link of [
      'c:werkzeuge/bohren',
      'i:agb',
      '#contact',
      '/i/agb',
      'https://partner.example/',
      'mailto:a@example.com?subject=Frage',
      'tel:+49-711-0000',
    ])
      expect(isHtmlLink(link), link).toBe(true);
    for (const value of HOSTILE) expect(isHtmlLink(value), JSON.stringify(value)).toBe(false);
  });
});

describe('isPageLink and isWebLink', () => {
  test('the registration takes a site path or https; a social link https only', () => {
    expect(isPageLink('/register')).toBe(true);
    expect(isPageLink('https://accounts.example.com/signup')).toBe(true);
    expect(isPageLink('mailto:a@example.com')).toBe(false);
    expect(isWebLink('https://www.xing.com/pages/example')).toBe(true);
    expect(isWebLink('/i/agb')).toBe(false);
    // Without https, a page link is a path on this site (the spec's rule): 'register' is /register.
    expect(isPageLink('relative/path')).toBe(true);
    expect(isPageLink('?query')).toBe(true);
    for (const value of HOSTILE) {
      if (value !== 'relative/path' && value !== '?query') expect(isPageLink(value), JSON.stringify(value)).toBe(false);
      expect(isWebLink(value), JSON.stringify(value)).toBe(false);
    }
  });
});

describe('isResource', () => {
  test("takes the shop's own paths, and https from an allowed host only", () => {
    expect(isResource('/brand/favicon.svg', [])).toBe(true);
    expect(isResource('https://cdn.example.com/logo.png', [])).toBe(false);
    expect(isResource('https://cdn.example.com/logo.png', ['cdn.example.com'])).toBe(true);
    expect(isResource('https://CDN.example.com/logo.png', ['cdn.example.com'])).toBe(true);
    expect(isResource('https://evil.cdn.example.com/x.png', ['cdn.example.com'])).toBe(false);
    expect(isResource('https://cdn.example.com.evil.example/x.png', ['cdn.example.com'])).toBe(false);
    expect(isResource('https://cdn.example.com@evil.example/x.png', ['cdn.example.com'])).toBe(false);
    expect(isResource('http://cdn.example.com/x.png', ['cdn.example.com'])).toBe(false);
    for (const value of HOSTILE)
      expect(isResource(value, ['evil.example', 'shop.example']), JSON.stringify(value)).toBe(false);
  });
});

describe('link fields', () => {
  test("report the rule they break with the field's path, so the workspace and the API can name it", () => {
    const issuesOf = (schema: z.ZodType, value: unknown) =>
      schema
        .safeParse(value)
        .error!.issues.map((i) => ({ path: i.path.join('.'), rule: ruleOf(i), message: i.message }));
    expect(
      issuesOf(contentConfigSchemas['block:footer'], {
        columns: [{ header: 'H', items: [{ label: 'x', url: 'javascript:alert(1)' }] }],
        social: [{ href: 'data:text/html,x', icon: 'x' }],
      }),
    ).toEqual([
      { path: 'columns.0.items.0.url', rule: 'link', message: expect.stringContaining('https:, mailto: or tel:') },
      { path: 'social.0.href', rule: 'webLink', message: 'must be an https:// address' },
    ]);
    expect(
      issuesOf(contentConfigSchemas['block:home-hero'], {
        image: 'https://evil.example/x.png',
        headline: 'H',
        cta: { label: 'Go', url: 'i:agb' },
      }),
    ).toEqual([{ path: 'image', rule: 'resource', message: expect.stringContaining('allowed image host') }]);
  });

  test('every content schema field that takes a link holds it to a rule', () => {
    const footer = contentConfigSchemas['block:footer'];
    expect(
      footer.safeParse({ columns: [{ header: 'H', items: [{ label: 'x', url: 'javascript:alert(1)' }] }], social: [] })
        .success,
    ).toBe(false);
    expect(footer.safeParse({ columns: [], social: [{ href: 'javascript:alert(1)', icon: 'x' }] }).success).toBe(false);
    expect(contentConfigSchemas['block:top-banner'].safeParse({ url: 'data:text/html,x' }).success).toBe(false);
    const menu = (url: string) => ({
      entries: [{ kind: 'link', titles: [{ locale: 'de', title: 'T' }], url, children: [] }],
    });
    expect(contentConfigSchemas['block:menu'].safeParse(menu('//evil.example')).success).toBe(false);
    expect(contentConfigSchemas['block:menu'].safeParse(menu('c:werkzeuge')).success).toBe(true);
    const hero = { image: '/images/hero.svg', headline: 'H', cta: { label: 'Go', url: 'javascript:alert(1)' } };
    expect(contentConfigSchemas['block:home-hero'].safeParse(hero).success).toBe(false);
    expect(
      contentConfigSchemas['block:home-hero'].safeParse({ ...hero, cta: { label: 'Go', url: 'i:agb' } }).success,
    ).toBe(true);
    expect(
      contentConfigSchemas['block:home-hero'].safeParse({
        ...hero,
        image: 'https://cdn.example.com/h.jpg',
        cta: { label: 'Go', url: 'i:agb' },
      }).success,
    ).toBe(false);
    expect(
      contentSchemas(['cdn.example.com'])['block:home-hero'].safeParse({
        ...hero,
        image: 'https://cdn.example.com/h.jpg',
        cta: { label: 'Go', url: 'i:agb' },
      }).success,
    ).toBe(true);
  });

  test('the branding takes harmless meta names and icon links only, and links held to the rules', () => {
    const branding = contentConfigSchemas['setting:branding'];
    const base = { logo: '/brand/logo.svg', title: 'Shop', description: '', favicon: '/brand/favicon.svg' };
    expect(
      branding.safeParse({
        ...base,
        meta: [{ name: 'theme-color', content: '#0a5cad' }],
        links: [{ rel: 'apple-touch-icon', href: '/brand/touch.png' }],
      }).success,
    ).toBe(true);
    for (const name of [
      'referrer',
      'Referrer',
      'refresh',
      'viewport',
      'robots',
      'description',
      'content-security-policy',
    ]) {
      expect(branding.safeParse({ ...base, meta: [{ name, content: 'x' }] }).success, name).toBe(false);
    }
    expect(
      branding.safeParse({ ...base, meta: [{ 'http-equiv': 'refresh', content: '0;url=https://evil.example/' }] })
        .success,
    ).toBe(false);
    for (const rel of ['preconnect', 'dns-prefetch', 'prefetch', 'stylesheet', 'canonical']) {
      expect(branding.safeParse({ ...base, links: [{ rel, href: '/x' }] }).success, rel).toBe(false);
    }
    expect(branding.safeParse({ ...base, links: [{ rel: 'icon', href: 'https://evil.example/i.png' }] }).success).toBe(
      false,
    );
    expect(branding.safeParse({ ...base, favicon: 'https://evil.example/f.ico' }).success).toBe(false);
    expect(branding.safeParse({ ...base, registerUrl: 'javascript:alert(1)' }).success).toBe(false);
    expect(branding.safeParse({ ...base, registerUrl: '' }).success).toBe(true);
    expect(branding.safeParse({ ...base, flags: { contactUsLink: 'javascript:alert(1)' } }).success).toBe(false);
    expect(branding.safeParse({ ...base, flags: { contactUsLink: '' } }).success).toBe(true);
    expect(branding.safeParse({ ...base, flags: { categoriesMapper: { 12: 'javascript:alert(1)' } } }).success).toBe(
      false,
    );
  });
});

describe('parseLeavingOut', () => {
  const branding = contentConfigSchemas['setting:branding'];

  test('leaves out the list items and fields that break a rule, and puts the built-in value in a required one', () => {
    const stored = {
      logo: 'https://old-cdn.example/logo.svg',
      title: 'Shop',
      description: '',
      favicon: '/brand/favicon.svg',
      meta: [
        { name: 'referrer', content: 'unsafe-url' },
        { name: 'theme-color', content: '#000000' },
      ],
      links: [{ rel: 'icon', href: 'https://evil.example/i.png' }],
      flags: { contactUsLink: 'javascript:alert(1)', categoriesMapper: { 12: 'i:deals', 13: 'data:text/html,x' } },
    };
    const read = parseLeavingOut(branding, stored, { logo: '/brand/logo.svg' });
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.data).toMatchObject({
      logo: '/brand/logo.svg',
      meta: [{ name: 'theme-color', content: '#000000' }],
      links: [],
      flags: { categoriesMapper: { 12: 'i:deals' } },
    });
    expect(read.data.flags).not.toHaveProperty('contactUsLink');
    expect(read.leftOut).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^meta\.0: /),
        expect.stringMatching(/^logo: /),
        expect.stringMatching(/^links\.0: /),
      ]),
    );
    // The stored value itself is left as it was.
    expect(stored.meta).toHaveLength(2);
  });

  test('drops a nested menu entry only, and keeps its siblings', () => {
    const entry = (title: string, url: string, children: unknown[] = []) => ({
      kind: 'link',
      titles: [{ locale: 'de', title }],
      url,
      children,
    });
    const read = parseLeavingOut(contentConfigSchemas['block:menu'], {
      entries: [
        entry('A', 'c:a', [entry('bad', 'javascript:alert(1)'), entry('ok', '/i/agb')]),
        entry('B', '//evil.example'),
      ],
    });
    expect(
      read.ok && read.data.entries.map((e) => [e.titles[0]!.title, e.children?.map((c) => c.titles[0]!.title)]),
    ).toEqual([['A', ['ok']]]);
  });

  test('any other fault still fails the entry; one that cannot stand without what breaks a rule reads as unsafe only', () => {
    expect(
      parseLeavingOut(branding, { title: 'Shop', description: '', favicon: 'https://evil.example/f' }),
    ).toMatchObject({ ok: false, unsafeOnly: false });
    const hero = { image: 'https://evil.example/h.jpg', headline: 'H', cta: { label: 'Go', url: 'i:agb' } };
    expect(parseLeavingOut(contentConfigSchemas['block:home-hero'], hero)).toMatchObject({
      ok: false,
      unsafeOnly: true,
    });
  });
});
