// An account page's post that may carry an uploaded list (a company's item numbers, a requisition
// list): multipart with its CSV or XLSX file, urlencoded for the page's other forms. Its rows are read
// by the quick order's file reader (spreadsheet-rows.ts); why a file gave none is said, not thrown.
import { SpreadsheetRefused, spreadsheetRows } from './spreadsheet-rows.ts';
import type { ListRow } from '#lib/shared/list-rows.ts';
import { ApiError } from './http.ts';
import { readForm } from './http-form.ts';

/** Why an uploaded file gave no rows to import. */
export type UploadProblem = SpreadsheetRefused['reason'] | 'empty' | 'too-large';

/** The post as a form and its file (null when none was chosen), or the coded error it is no form (415, 413, 400). */
export async function readUploadPost(
  request: Request,
  maxFormBytes: number,
): Promise<{ form: URLSearchParams; file: File | null } | ApiError> {
  try {
    if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
      // The front caps the body for the page's path (body-limit.ts) before the parser sees it.
      const data = await request.formData().catch(() => {
        throw new ApiError('VALIDATION_FAILED', 'The form could not be read', 400);
      });
      const form = new URLSearchParams();
      for (const [name, value] of data) if (typeof value === 'string') form.append(name, value);
      const file = data.get('file');
      return { form, file: typeof file === 'object' && file !== null && file.size > 0 ? file : null };
    }
    return { form: await readForm(request, maxFormBytes), file: null };
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

/** The uploaded file's rows as `read` takes them, or why there are none to import. */
export async function uploadedRows<R extends { entries: readonly unknown[] }>(
  file: File | null,
  maxBytes: number,
  read: (rows: ListRow[]) => R,
): Promise<R | { problem: UploadProblem }> {
  if (!file) return { problem: 'empty' };
  if (file.size > maxBytes) return { problem: 'too-large' };
  try {
    const found = read(await spreadsheetRows(new Uint8Array(await file.arrayBuffer())));
    return found.entries.length === 0 ? { problem: 'empty' } : found;
  } catch (error) {
    if (error instanceof SpreadsheetRefused) return { problem: error.reason };
    throw error;
  }
}

/** The status a post that is no readable form answers with. */
export const unreadablePostStatus = (error: ApiError) =>
  error.status === 413 ? 413 : error.status === 400 ? 400 : 415;
