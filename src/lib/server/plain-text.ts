// Plain text of stored HTML for meta descriptions and JSON-LD (product texts, content pages).
import sanitizeHtml from 'sanitize-html';

// sanitize-html escapes text; meta and JSON-LD are escaped again where they are written.
const ENTITIES: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' };

/** Plain text of HTML; block ends become spaces, or paragraphs would run into each other. */
export const htmlToText = (html: string): string =>
  sanitizeHtml(html.replace(/<\/(p|div|li|h[1-6]|td|th|dd|dt)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&(nbsp|lt|gt|quot|#39|amp);/g, (_, e: string) => ENTITIES[e] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
