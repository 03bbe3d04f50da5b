// The one way islands talk to the integration layer: an operation contract in, its typed answer out.
// Failures arrive as ApiClientError carrying the server's { code, message, status }; a network
// failure is NETWORK_ERROR, an answer without the error shape HTTP_ERROR.
import { minDelay, trackRequest } from '../shell/progress.ts';
import { ERROR_STATUS, errorBodySchema, type ErrorCode, type ErrorOf, type Operation, type RequestOf, type ResponseOf } from './contract.ts';

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
  /** For calls behind a visible loading state: the answer comes no sooner than MIN_FETCH_DELAY_MS. */
  minDelay?: boolean | undefined;
}

/** Every call counts for the page's progress bar while it is in flight. */
export function call<O extends Operation>(op: O, input: RequestOf<O>, options: CallOptions = {}): Promise<ResponseOf<O>> {
  const request = trackRequest(send(op, input, options));
  return options.minDelay ? minDelay(request) : request;
}

async function send<O extends Operation>(op: O, input: RequestOf<O>, options: CallOptions): Promise<ResponseOf<O>> {
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

/** The server's error body when it is the one error shape (a code it does not know is HTTP_ERROR); else the response's status. */
function toClientError(payload: unknown, response: Response): ApiClientError {
  const body = errorBodySchema.safeParse(payload);
  if (!body.success) return new ApiClientError('HTTP_ERROR', response.statusText, response.status || 500);
  const { code, message, status, details } = body.data;
  return new ApiClientError(isErrorCode(code) ? code : 'HTTP_ERROR', message, status, details);
}

const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_STATUS, code);
