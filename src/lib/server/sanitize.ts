// CMS HTML is sanitized before it reaches a page: editors get formatting, links and images, never
// scripts, event handlers or links and pictures that the content link rules refuse
// (src/lib/content/links.ts): a link goes to this site, a place on the page, or an https:, mailto: or
// tel: address, else it is unlinked (its text stays); a picture comes from this site or from a host
// the operator allows (CONTENT_IMAGE_HOSTS), else it is left out.
import sanitizeHtml from 'sanitize-html';
import { isHtmlLink, isResource } from '#lib/content/links.ts';
import { env } from './env.ts';

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

function options(imageHosts: readonly string[]): sanitizeHtml.IOptions {
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
    allowedSchemes: ['https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => {
        const linked = without(attribs, 'href', isHtmlLink);
        // Links that open a new tab must not hand the opener to the target page.
        return { tagName, attribs: linked.target === '_blank' ? { ...linked, rel: 'noopener noreferrer' } : linked };
      },
      img: (tagName, attribs) => ({ tagName, attribs: without(attribs, 'src', (src) => isResource(src, imageHosts)) }),
    },
    // A picture without a source it may load shows nothing: it goes.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
}

/** `imageHosts`: where pictures may come from besides the shop; the operator's CONTENT_IMAGE_HOSTS unless given. */
export function sanitizeCmsHtml(
  html: string | null | undefined,
  imageHosts: readonly string[] = env().CONTENT_IMAGE_HOSTS,
): string {
  return html ? sanitizeHtml(html, options(imageHosts)) : '';
}
