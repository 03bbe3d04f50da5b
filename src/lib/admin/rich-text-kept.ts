// What the rich-text editor's document model (rich-text-schema.ts) holds, as plain data: HtmlField
// checks a field's HTML against it before it offers the visual editor. Kept apart from the schema so
// that the check costs the entry form nothing: TipTap loads only with the editor itself.
/** The elements the editor's document model holds, each with the attributes it keeps (keep in step with rich-text-schema.ts). */
const KEPT: Record<string, readonly string[]> = {
  // Elements without attributes of their own; <b> and <i> become <strong> and <em>, which look the same.
  ...Object.fromEntries(
    'p br strong b em i u s h2 h3 h4 h5 h6 ul ol li blockquote hr table thead tbody tr'
      .split(' ')
      .map((tag) => [tag, []]),
  ),
  a: ['href', 'target', 'rel', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

/**
 * What of this HTML the rich editor would lose (elements and attributes it has no place for, such as a
 * <div class> the sanitizer keeps): such HTML stays in the source view, so opening it loses nothing.
 * Browser only (DOMParser).
 */
export function unkeptMarkup(html: string): string[] {
  const body = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
  const lost = new Set<string>();
  for (const el of body.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    const attributes = KEPT[tag];
    if (!attributes) lost.add(`<${tag}>`);
    else for (const { name } of el.attributes) if (!attributes.includes(name)) lost.add(`${tag}[${name}]`);
  }
  return [...lost];
}
