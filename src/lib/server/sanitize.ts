// CMS HTML is sanitized before it reaches a page: editors get formatting, links and images, never
// scripts, event handlers or links and pictures that the content link rules refuse
// (src/lib/content/links.ts): a link goes to this site, a place on the page, or an https:, mailto: or
// tel: address, else it is unlinked (its text stays); a picture comes from this site or from a host
// the operator allows (CONTENT_IMAGE_HOSTS), else it is left out.
// A link may also name a category or content page by code (c:…, i:…, as menus do): what is stored
// keeps the code, so one HTML serves every language, and a page resolves it to the address in the
// language it shows (content-html.ts); where nothing resolves codes, such a link is unlinked.
import sanitizeHtml from 'sanitize-html';
import { isContentCode, isHtmlLink, isResource } from '#lib/content/links.ts';
import { resolveContentLink, type LinkResolvers } from '#lib/site/content-link.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { env } from './env.ts';

export interface SanitizeOptions {
  /** Where pictures may come from besides the shop; the operator's CONTENT_IMAGE_HOSTS unless given. */
  imageHosts?: readonly string[];
  /**
   * What becomes of links by code: 'keep' them (what editors store), resolve them for the language a
   * page shows, or, without this option, unlink them.
   */
  codes?: 'keep' | { locale: Locale; resolvers?: LinkResolvers };
}

/** The attributes without `name` when its value breaks `rule`; the others stay in their order. */
function without(
  attribs: sanitizeHtml.Attributes,
  name: string,
  rule: (value: string) => boolean,
): sanitizeHtml.Attributes {
  const value = attribs[name];
  if (value === undefined || rule(value)) return attribs;
  const { [name]: _, ...rest } = attribs;
  return rest;
}

/** The href a link by code gets, or undefined where the link goes. */
function codeHref(code: string, codes: SanitizeOptions['codes']): string | undefined {
  if (codes === undefined) return undefined;
  return codes === 'keep' ? code : resolveContentLink(code, codes.locale, codes.resolvers);
}

function withHref(attribs: sanitizeHtml.Attributes, codes: SanitizeOptions['codes']): sanitizeHtml.Attributes {
  const href = attribs.href;
  if (href === undefined || !isContentCode(href)) return without(attribs, 'href', isHtmlLink);
  const resolved = codeHref(href, codes);
  return resolved === undefined ? without(attribs, 'href', () => false) : { ...attribs, href: resolved };
}

function options(imageHosts: readonly string[], codes: SanitizeOptions['codes']): sanitizeHtml.IOptions {
  return {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'small',
      'mark',
      'span',
      'div',
      'section',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'ul',
      'ol',
      'li',
      'dl',
      'dt',
      'dd',
      'blockquote',
      'hr',
      'a',
      'img',
      'figure',
      'figcaption',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'caption',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height', 'loading'],
      th: ['scope', 'colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
      '*': ['class', 'id', 'lang'],
    },
    // The library's own scheme filter stays as a second line behind the link rules.
    // A kept code (c:…, i:…) reads as a scheme of its own.
    allowedSchemes: ['https', 'mailto', 'tel'],
    allowedSchemesByTag: { a: ['https', 'mailto', 'tel', ...(codes === 'keep' ? ['c', 'i'] : [])], img: ['https'] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => {
        const linked = withHref(attribs, codes);
        // Links that open a new tab must not hand the opener to the target page.
        return { tagName, attribs: linked.target === '_blank' ? { ...linked, rel: 'noopener noreferrer' } : linked };
      },
      img: (tagName, attribs) => ({ tagName, attribs: without(attribs, 'src', (src) => isResource(src, imageHosts)) }),
    },
    // A picture without a source it may load shows nothing: it goes.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
}

export function sanitizeCmsHtml(html: string | null | undefined, opts: SanitizeOptions = {}): string {
  return html ? sanitizeHtml(html, options(opts.imageHosts ?? env().CONTENT_IMAGE_HOSTS, opts.codes)) : '';
}
