// The one way islands talk to the integration layer: an operation contract in, its typed answer out.
// Failures arrive as ApiClientError carrying the server's { code, message, status }; a network
// failure is NETWORK_ERROR, an answer without the error shape HTTP_ERROR.
//
// Answers are same-origin and typed by the operation's contract; they are not parsed again here, so
// the contract's schemas (and their library) stay on the server.
import { minDelay, trackRequest } from '../shell/progress.ts';
import type { ErrorBody, ErrorOf, Operation, RequestOf, ResponseOf } from './contract.ts';
import type { ErrorCode } from './errors.ts';
import type { Route } from './route.ts';

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

/** A route that knows its operation's request, answer and errors (the operation is a type only). */
export interface Endpoint<O extends Operation> extends Route {
  readonly operation?: O;
}

/** Types a domain's routes by its contract: `endpoints<typeof cartApi>(cartRoutes)`. */
export function endpoints<Api extends Record<string, Operation>>(routes: { readonly [K in keyof Api]: Route }): {
  readonly [K in keyof Api]: Endpoint<Api[K]>;
} {
  return routes;
}

/** Narrows a caught value to a failure of this operation. */
export function isFailureOf<O extends Operation>(
  _op: Endpoint<O>,
  error: unknown,
): error is ApiClientError<ErrorOf<O> | 'NETWORK_ERROR' | 'HTTP_ERROR'> {
  return error instanceof ApiClientError;
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
  /** For calls behind a visible loading state: the answer comes no sooner than MIN_FETCH_DELAY_MS. */
  minDelay?: boolean | undefined;
}

/** Every call counts for the page's progress bar while it is in flight. */
export function call<O extends Operation>(
  op: Endpoint<O>,
  input: RequestOf<O>,
  options: CallOptions = {},
): Promise<ResponseOf<O>> {
  const request = trackRequest(send(op, input, options));
  return options.minDelay ? minDelay(request) : request;
}

async function send<O extends Operation>(
  op: Endpoint<O>,
  input: RequestOf<O>,
  options: CallOptions,
): Promise<ResponseOf<O>> {
  const get = op.method === 'GET';
  const url = get ? withQuery(op.path, input as Record<string, unknown>) : op.path;
  let response: Response;
  try {
    response = await fetch(url, {
      method: op.method,
      headers: get
        ? { accept: 'application/json' }
        : { 'content-type': 'application/json', accept: 'application/json' },
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
  // A success that is not JSON came from something between us and the server (a proxy's page).
  if (payload === null) throw new ApiClientError('HTTP_ERROR', response.statusText, response.status);
  return payload as ResponseOf<O>;
}

function withQuery(path: string, input: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) if (value !== undefined) query.set(key, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The server's error body when it is the one error shape (a code it does not know is HTTP_ERROR); else
 * the response's status. Also for the few calls that cannot go through call() (an upload's raw body).
 */
export function toClientError(payload: unknown, response: Pick<Response, 'status' | 'statusText'>): ApiClientError {
  if (!isErrorBody(payload)) return new ApiClientError('HTTP_ERROR', response.statusText, response.status || 500);
  const { code, message, status, details } = payload;
  return new ApiClientError(isErrorCode(code) ? code : 'HTTP_ERROR', message, status, details);
}

function isErrorBody(payload: unknown): payload is ErrorBody {
  if (typeof payload !== 'object' || payload === null) return false;
  const { code, message, status } = payload as Record<string, unknown>;
  return typeof code === 'string' && typeof message === 'string' && Number.isInteger(status);
}

/**
 * A code in the shape of ours. The server only answers codes of its registry (ApiError takes an ErrorCode),
 * so the browser checks the shape and does not carry the registry itself: every island and the shell's
 * script load this module, and the registry's names and statuses grow with every feature.
 */
const isErrorCode = (code: string): code is ErrorCode => /^[A-Z][A-Z0-9_]{1,63}$/.test(code);
