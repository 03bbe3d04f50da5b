// The Import page's two calls: the upload (the file's raw bytes as the body, with its byte progress)
// and one import's state while it runs and once it is done. Neither is a JSON operation of a
// contract (the body is a file, the id is in the path), so this module speaks to them itself; a
// failure is the ApiClientError every workspace island turns into words (failureText).
import { ApiClientError, toClientError } from '../http/client.ts';
import { importCounts, type ImportDetail } from './run-summary.ts';

const IMPORTS = '/api/admin/imports';

export interface UploadOptions {
  /** Check only: the server reads and reports, and changes nothing. */
  check: boolean;
  /** All or nothing. */
  strict: boolean;
  /** New customers get the mail that sets their password. */
  invite: boolean;
}

export const importReportCsvPath = (id: string): string => `${IMPORTS}/${encodeURIComponent(id)}/report.csv`;
/** The workspace page showing one import's report. */
export const importPagePath = (id: string): string => `/admin/import?id=${encodeURIComponent(id)}`;

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

const startedId = (payload: unknown): string | null => {
  const id = (payload as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id !== '' ? id : null;
};

/**
 * Sends the file; resolves with the new import's id once the server has it all (202). XMLHttpRequest
 * rather than fetch: it reports the bytes sent, which a fetch with a body does not.
 */
export function uploadImport(
  file: File,
  options: UploadOptions,
  onProgress: (sent: number, total: number) => void,
): Promise<string> {
  const query = new URLSearchParams({ name: file.name || 'upload' });
  if (options.check) query.set('check', '1');
  if (options.strict) query.set('strict', '1');
  if (options.invite) query.set('invite', '1');
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${IMPORTS}?${query}`);
    xhr.setRequestHeader('accept', 'application/json');
    // The format is told by the content, never by the type: an opaque type keeps the body a file.
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      const payload = parsed(xhr.responseText);
      const id = startedId(payload);
      if (xhr.status >= 200 && xhr.status < 300 && id) resolve(id);
      else if (xhr.status >= 200 && xhr.status < 300)
        reject(new ApiClientError('HTTP_ERROR', xhr.statusText, xhr.status));
      else reject(toClientError(payload, xhr));
    };
    xhr.onerror = () => reject(new ApiClientError('NETWORK_ERROR', 'The upload did not reach the server.', 0));
    xhr.send(file);
  });
}

/** One import: its counts while it runs, its report when it is done. */
export async function fetchImport(id: string, signal?: AbortSignal): Promise<ImportDetail> {
  let response: Response;
  try {
    response = await fetch(`${IMPORTS}/${encodeURIComponent(id)}`, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
      signal: signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiClientError('NETWORK_ERROR', (error as Error).message, 0);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toClientError(payload, response);
  if (payload === null || typeof payload !== 'object')
    throw new ApiClientError('HTTP_ERROR', response.statusText, response.status);
  const detail = payload as ImportDetail;
  return { ...detail, counts: importCounts(detail.counts), report: Array.isArray(detail.report) ? detail.report : [] };
}
