// The quick order page's two posts (src/pages/[...lang]/quick-order.astro), for buyers who order by
// item number rather than by the page:
// - "Check": typed or pasted lines, or an uploaded CSV or XLSX file, become up to MAX_BULK_LINES lines,
//   each resolved as POST /api/cart/resolve-lines resolves it (the shopper's price, order unit, stock)
//   or refused with its reason. It changes nothing, so a reload may send it again.
// - "Add to cart": the lines that passed, as text, added through the cart's own bulk state change
//   (forms.ts), which checks each line again.
// Both are plain HTML forms, so the page works before any script and without one.
import { MAX_BULK_LINES, MAX_QUICK_ORDER_FILE_BYTES } from '#lib/cart/rules.ts';
import { quickOrderFromRows, textRows, type QuickOrderLine, type QuickOrderRow } from '#lib/cart/quick-order.ts';
import type { ResolvedQuickLine } from '#lib/cart/bulk-contract.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { ApiError } from '../http.ts';
import { readForm } from '../http-form.ts';
import { spreadsheetRows, SpreadsheetRefused } from '../spreadsheet-rows.ts';
import type { CartRequest } from './handlers.ts';

/** What the page's form sent: the text box, the finder's one line, a chosen file, and which button. */
export interface QuickOrderPost {
  intent: 'check' | 'add';
  text: string;
  /** The finder's item number and quantity (a line of its own when the text box was not used for it). */
  finder: { item: string; quantity: string };
  /** null when no file was chosen. */
  file: Uint8Array | null;
  /** The "Add to cart" form's fields, as the cart's form action reads them. */
  form: URLSearchParams;
}

/** The post as a form: multipart when it carries a file, urlencoded otherwise. Unreadable bodies are 400, others 415. */
export async function readQuickOrderPost(request: Request): Promise<QuickOrderPost | ApiError> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.startsWith('multipart/form-data')) {
      // The front caps the body for this path (body-limit.ts) before the parser sees it.
      const data = await request.formData().catch(() => {
        throw new ApiError('VALIDATION_FAILED', 'The form could not be read', 400);
      });
      const file = data.get('file');
      const form = new URLSearchParams();
      for (const [name, value] of data) if (typeof value === 'string') form.append(name, value);
      return {
        ...fieldsOf(form),
        file:
          typeof file === 'object' && file !== null && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null,
      };
    }
    const form = await readForm(request, MAX_QUICK_ORDER_FILE_BYTES);
    return { ...fieldsOf(form), file: null };
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

function fieldsOf(form: URLSearchParams): Omit<QuickOrderPost, 'file'> {
  return {
    intent: form.get('intent') === 'add' ? 'add' : 'check',
    text: form.get('lines') ?? '',
    finder: { item: (form.get('item') ?? '').trim(), quantity: (form.get('quantity') ?? '').trim() },
    form,
  };
}

/** A checked line: what was typed and the server's answer (null for a line whose quantity is bad). */
interface QuickOrderResultLine extends QuickOrderLine {
  resolved: ResolvedQuickLine | null;
}

export type QuickOrderCheck =
  | { kind: 'empty' }
  | { kind: 'file'; reason: SpreadsheetRefused['reason'] }
  | {
      kind: 'lines';
      lines: QuickOrderResultLine[];
      /** Lines beyond MAX_BULK_LINES, left out. */
      dropped: number;
      /** What the text box shows again, to correct and check again (a file's lines as text). */
      text: string;
      /** The lines that can be added, as the "Add to cart" form posts them: "sku<TAB>quantity" per line. */
      ready: string;
    };

/** The rows a check reads: the chosen file's, or else the text box's with the finder's line after them. */
async function postedRows(post: QuickOrderPost): Promise<QuickOrderRow[]> {
  if (post.file) return spreadsheetRows(post.file);
  const rows = textRows(post.text);
  if (post.finder.item !== '') rows.push({ line: rows.length + 1, cells: [post.finder.item, post.finder.quantity] });
  return rows;
}

const isReady = (line: QuickOrderResultLine) => Boolean(line.resolved?.item) && line.resolved?.error === null;

type Resolve = (
  lines: { ref: string; quantity: number }[],
  req: CartRequest,
  locale: string,
) => Promise<ResolvedQuickLine[]>;

/** "Check": every line resolved for the shopper, or why nothing could be read. */
export async function checkQuickOrder(
  post: QuickOrderPost,
  req: CartRequest,
  locale: Locale,
  resolve: Resolve,
): Promise<QuickOrderCheck> {
  let rows: QuickOrderRow[];
  try {
    rows = await postedRows(post);
  } catch (error) {
    if (error instanceof SpreadsheetRefused) return { kind: 'file', reason: error.reason };
    throw error;
  }
  const { lines: parsed, dropped } = quickOrderFromRows(rows, MAX_BULK_LINES);
  if (parsed.length === 0) return { kind: 'empty' };
  const asked = parsed.flatMap((line) => (line.quantity === null ? [] : [{ ref: line.ref, quantity: line.quantity }]));
  const answers = asked.length > 0 ? await resolve(asked, req, locale) : [];
  let next = 0;
  const lines = parsed.map((line) => ({
    ...line,
    resolved: line.quantity === null ? null : (answers[next++] ?? null),
  }));
  return {
    kind: 'lines',
    lines,
    dropped,
    text: post.file
      ? parsed.map((line) => `${line.ref}\t${line.quantityText}`.trimEnd()).join('\n')
      : [post.text.trimEnd(), post.finder.item && `${post.finder.item} ${post.finder.quantity}`.trim()]
          .filter(Boolean)
          .join('\n'),
    ready: lines
      .filter(isReady)
      .map((line) => `${line.resolved!.item!.sku}\t${line.quantity}`)
      .join('\n'),
  };
}
