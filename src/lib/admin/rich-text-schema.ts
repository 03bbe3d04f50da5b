// The rich-text editor's document model (TipTap extensions), shared by the workspace island and the
// tests that hold it to the shop's sanitizer (src/lib/server/sanitize.ts): the editor may only write
// HTML the sanitizer keeps as it is, or what an editor sees would differ from what the shop shows.
// So: no code or code blocks (the sanitizer drops <code>/<pre>), no title on pictures, no start/type
// on numbered lists, tables without the colgroup and inline widths TipTap adds, links only where the
// content link rules allow them (isHtmlLink), pictures only from where the shop loads them (isResource).
import { mergeAttributes, type Extensions } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { OrderedList } from '@tiptap/extension-list';
import { isHtmlLink, isResource } from '#lib/content/links.ts';

const PlainTable = Table.extend({
  // The shop's stylesheet sizes tables; TipTap's <colgroup> and min-width style would be stripped.
  renderHTML({ HTMLAttributes }) {
    const { style: _, ...rest } = HTMLAttributes;
    return ['table', mergeAttributes(this.options.HTMLAttributes, rest), ['tbody', 0]];
  },
});

const PlainOrderedList = OrderedList.extend({
  // The sanitizer keeps no start or type on <ol>: a list always counts from 1.
  renderHTML({ HTMLAttributes }) {
    const { start: _s, type: _t, ...rest } = HTMLAttributes;
    return ['ol', mergeAttributes(this.options.HTMLAttributes, rest), 0];
  },
});

const libraryImage = (imageHosts: readonly string[]) =>
  Image.extend({
    addAttributes() {
      return { src: { default: null }, alt: { default: null }, width: { default: null }, height: { default: null } };
    },
    parseHTML() {
      return [
        { tag: 'img[src]', getAttrs: (el) => (isResource(el.getAttribute('src') ?? '', imageHosts) ? null : false) },
      ];
    },
  });

/** The editor's extensions; `imageHosts` as the server's CONTENT_IMAGE_HOSTS. */
export function richTextExtensions(imageHosts: readonly string[]): Extensions {
  return [
    StarterKit.configure({
      // h2/h3 are on the toolbar; h4-h6 stay so that HTML written in source keeps them.
      heading: { levels: [2, 3, 4, 5, 6] },
      code: false,
      codeBlock: false,
      link: false,
      orderedList: false,
      trailingNode: false,
    }),
    PlainOrderedList,
    Link.extend({
      // A link into a new tab must not hand the opener over: the sanitizer writes this rel, so the editor does too.
      renderHTML({ HTMLAttributes }) {
        const attrs =
          HTMLAttributes.target === '_blank' ? { ...HTMLAttributes, rel: 'noopener noreferrer' } : HTMLAttributes;
        return this.parent!({ HTMLAttributes: attrs, mark: undefined as never });
      },
    }).configure({
      openOnClick: false,
      autolink: false,
      linkOnPaste: false,
      isAllowedUri: (url) => isHtmlLink(url),
      HTMLAttributes: { target: null, rel: null, class: null },
    }),
    libraryImage(imageHosts),
    PlainTable.configure({ resizable: false }),
    TableRow,
    TableHeader,
    TableCell,
  ];
}

/**
 * What a link typed in the link dialog becomes in the HTML, or null when the link rules refuse it.
 * A category or page stays a code (c:…, i:…): each language's page resolves it to its own address.
 */
export function htmlHref(value: string): string | null {
  const href = value.trim();
  return isHtmlLink(href) ? href : null;
}
