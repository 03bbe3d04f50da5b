// The one way islands talk to the integration layer: an operation contract in, its typed answer out.
// Failures arrive as ApiClientError carrying the server's { code, message, status }; a network
// failure is NETWORK_ERROR, an answer without the error shape HTTP_ERROR.
import type { ErrorCode, ErrorOf, Operation, RequestOf, ResponseOf } from './contract.ts';

export type ClientErrorCode = ErrorCode | 'NETWORK_ERROR' | 'HTTP_ERROR';

export class ApiClientError<Code extends ClientErrorCode = ClientErrorCode> extends Error {
  readonly code: Code;
  readonly status: number;
  /** What the server added, e.g. the field issues of a 400 VALIDATION_FAILED ([{ path, message }]). */
  readonly details: unknown;
  constructor(code: Code, message: string, status: number, details?: unknown) {
    super(message);
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

/** Narrows a caught value to a failure of this operation. */
export function isFailureOf<O extends Operation>(
  _op: O, error: unknown,
): error is ApiClientError<ErrorOf<O> | 'NETWORK_ERROR' | 'HTTP_ERROR'> {
  return error instanceof ApiClientError;
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
}

export async function call<O extends Operation>(op: O, input: RequestOf<O>, options: CallOptions = {}): Promise<ResponseOf<O>> {
  const get = op.method === 'GET';
  const url = get ? withQuery(op.path, input as Record<string, unknown>) : op.path;
  let response: Response;
  try {
    response = await fetch(url, {
      method: op.method,
      headers: get ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: get ? null : JSON.stringify(input),
      credentials: 'same-origin',
      signal: options.signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiClientError('NETWORK_ERROR', (error as Error).message, 0);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toClientError(payload, response);
  return op.response.parse(payload) as ResponseOf<O>;
}

function withQuery(path: string, input: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) if (value !== undefined) query.set(key, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The server's message when it sent one; its status, else the response's, else 500. */
function toClientError(payload: unknown, response: Response): ApiClientError {
  const body = (payload && typeof payload === 'object' ? payload : {}) as Partial<Record<'code' | 'message' | 'status' | 'details', unknown>>;
  const code = typeof body.code === 'string' ? (body.code as ErrorCode) : 'HTTP_ERROR';
  const message = typeof body.message === 'string' ? body.message : response.statusText;
  const status = typeof body.status === 'number' ? body.status : response.status || 500;
  return new ApiClientError(code, message, status, body.details);
}
