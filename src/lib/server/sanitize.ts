// CMS HTML is sanitized before it reaches a page: editors get formatting, links and images,
// never scripts, event handlers or javascript: URLs.
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'mark', 'span', 'div', 'section',
    'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote', 'hr',
    'a', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    '*': ['class', 'id', 'lang'],
  },
  allowedSchemes: ['https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    // Links that open a new tab must not hand the opener to the target page.
    a: (tagName, attribs) => (attribs.target === '_blank'
      ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
      : { tagName, attribs }),
  },
};

export function sanitizeCmsHtml(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, OPTIONS) : '';
}
