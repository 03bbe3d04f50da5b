// The integration layer's HTTP conventions: one JSON error shape { code, message, status } for every
// failure, strict and size-limited request bodies, and no stack traces to clients. An endpoint is
// declared from its operation contract (src/lib/<domain>/contract.ts), which gives it its parsing,
// its error codes and the type of its answer.
import type { APIContext, APIRoute } from 'astro';
import type { z } from 'astro/zod';
import type { ErrorBody, ErrorCode, Operation, ParsedRequestOf, ResponseOf } from '#lib/http/contract.ts';
import { logger } from './log.ts';
import { pgError } from './db/errors.ts';

/** SQLSTATE of a statement cancelled by statement_timeout (src/lib/server/db/index.ts, withStatementTimeout). */
const QUERY_CANCELED = '57014';
import { COMPRESS_FROM_BYTES, chooseCoding, encodeWhole } from './http-encoding.ts';
import { MAX_BODY_BYTES } from './body-limit.ts';
import { spend, type Budget } from './client-budget.ts';
import type { ClientContext } from './client-ip.ts';
import { markRead } from './request-reads.ts';

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;
  /** Headers the error answer carries, e.g. Retry-After on a rate limit. */
  readonly headers: Record<string, string>;
  constructor(
    code: ErrorCode,
    message: string,
    status: number,
    details?: unknown,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.code = code;
    this.status = status;
    this.details = details;
    this.headers = headers;
  }
}

export function json(data: unknown, init: ResponseInit = {}): Response {
  const body = JSON.stringify(data);
  // The length lets the server front leave small answers uncompressed (the coding would cost more than it saves).
  return new Response(body, {
    ...init,
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'private, no-store',
      ...init.headers,
    },
  });
}

/**
 * An endpoint's answer, compressed here for the coding the request takes (the server front passes an
 * encoded answer as it is): answers are whole before they are sent, and one call costs a third of
 * streaming them through the front's compression (src/lib/server/http-encoding.ts).
 */
function encodedJson(request: Request, data: unknown, status: number): Response {
  const body = Buffer.from(JSON.stringify(data));
  const coding = body.length < COMPRESS_FROM_BYTES ? 'identity' : chooseCoding(request.headers.get('accept-encoding'));
  const encoded = encodeWhole(body, coding);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'content-length': String(encoded.length),
    'cache-control': 'private, no-store',
    vary: 'Accept-Encoding',
  };
  if (coding !== 'identity') headers['content-encoding'] = coding;
  return new Response(new Uint8Array(encoded), { status, headers });
}

function errorResponse(error: ApiError): Response {
  const body: ErrorBody = { code: error.code, message: error.message, status: error.status };
  if (error.details !== undefined) body.details = error.details;
  return json(body, { status: error.status, headers: error.headers });
}

const tooLarge = () => new ApiError('PAYLOAD_TOO_LARGE', 'Request body too large', 413);

/**
 * Reads a body as text, counting bytes as they arrive: past maxBytes it stops reading and answers 413
 * at once, whether the length was declared or the body comes chunked (the server front refuses bodies
 * over MAX_BODY_BYTES before they reach here; this is the lower limit an endpoint sets for itself).
 */
export async function readText(request: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The adapter's own cap ends the stream with an error (a client that went away mid-body does too,
      // and reads no answer).
      throw tooLarge();
    }
    if (chunk.done) return text + decoder.decode();
    received += chunk.value.byteLength;
    if (received > maxBytes) {
      reader.cancel().catch(() => {});
      throw tooLarge();
    }
    text += decoder.decode(chunk.value, { stream: true });
  }
}

/** Reads a JSON body: not JSON → 415 or 400, too large → 413. */
export async function readJson(request: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.includes('application/json'))
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Expected application/json', 415);
  return parseJson(await readText(request, maxBytes));
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('INVALID_JSON', 'Request body is not valid JSON', 400);
  }
}

export interface FieldIssue {
  path: string;
  message: string;
}

export function validationFailed(issues: FieldIssue[]): ApiError {
  const first = issues[0];
  return new ApiError(
    'VALIDATION_FAILED',
    first ? `${first.path || 'body'}: ${first.message}` : 'Invalid request',
    400,
    issues,
  );
}

export function parseInput<S extends z.ZodType>(
  raw: unknown,
  schema: S,
  invalid: (issues: FieldIssue[]) => ApiError = validationFailed,
): z.infer<S> {
  const result = schema.safeParse(raw);
  if (!result.success) throw invalid(result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  return result.data;
}

/** Any failure leaves as the one error shape; unexpected ones are logged with the request, not leaked. */
async function answering(request: Request, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    if (pgError(error)?.code === QUERY_CANCELED) {
      logger.warn({ err: error, method: request.method, path: new URL(request.url).pathname }, 'statement timeout');
      return errorResponse(
        new ApiError('SERVER_BUSY', 'The shop is busy. Please try again in a moment.', 503, undefined, {
          'retry-after': '5',
        }),
      );
    }
    logger.error({ err: error, method: request.method, path: new URL(request.url).pathname }, 'endpoint failed');
    return errorResponse(new ApiError('INTERNAL_ERROR', 'Something went wrong. Please try again.', 500));
  }
}

export interface EndpointOptions<Caller = undefined, Context = APIContext> {
  /** Turns the field issues of a request that fails its schema into the error to answer with. */
  invalid?: (issues: FieldIssue[]) => ApiError;
  /** The client's request budget the operation spends from, before its body is read: 429 beyond it. */
  budget?: Budget;
  /**
   * Who is calling, established before the request is read: a caller it refuses gets that answer (401,
   * 403) whatever the request holds, so a malformed one tells an anonymous caller nothing about the
   * operation. What it returns is the handler's third argument.
   */
  caller?: (context: Context) => Promise<Caller>;
}

/** 429 with Retry-After once the request's client has spent the budget. */
function spendOrRefuse(budget: Budget | undefined, context: ClientContext): void {
  const wait = budget ? spend(budget, context) : 0;
  if (wait > 0) {
    throw new ApiError('TOO_MANY_REQUESTS', 'Too many requests. Please wait a moment and try again.', 429, undefined, {
      'retry-after': String(wait),
    });
  }
}

/** What an operation does with its validated input; a Response only when it must (a redirect, a raw body). */
export type Handler<O extends Operation, Context = APIContext, Caller = undefined> = (
  input: ParsedRequestOf<O>,
  context: Context,
  caller: Caller,
) => Promise<ResponseOf<O> | Response>;

/**
 * One state change, defined once: its operation (schema, error codes), what it does, and how it reads
 * the caller and its failures. endpoint() serves it as the JSON call, submitForm() (http-form.ts) as the
 * plain HTML form a page posts without JavaScript, so both take exactly the same requests. A handler
 * states the part of the request context it reads (cookies, url), which both an endpoint's context and
 * a page's Astro global have.
 */
export interface StateChange<O extends Operation = Operation, Context = APIContext, Caller = undefined> {
  readonly op: O;
  readonly handler: Handler<O, Context, Caller>;
  readonly options: EndpointOptions<Caller, Context>;
}

export function stateChange<O extends Operation, Context = unknown, Caller = undefined>(
  op: O,
  handler: Handler<O, Context, Caller>,
  options: EndpointOptions<Caller, NoInfer<Context>> = {},
): StateChange<O, Context, Caller> {
  return { op, handler, options };
}

/** Spends the budget and establishes the caller: what every way into a state change does before reading it. */
export async function admit<Context, Caller>(
  options: EndpointOptions<Caller, Context>,
  context: Context & ClientContext,
): Promise<Caller> {
  spendOrRefuse(options.budget, context);
  return options.caller ? await options.caller(context) : (undefined as Caller);
}

/**
 * The endpoint of one operation: reads its input (the JSON body, or the query for GET), validates it
 * against the contract and answers with what the handler returns. A handler returns a Response itself
 * only when it must (a redirect, a raw body).
 */
export function endpoint<O extends Operation, Caller = undefined>(change: StateChange<O, APIContext, Caller>): APIRoute;
export function endpoint<O extends Operation, Caller = undefined>(
  op: O,
  handler: Handler<O, APIContext, Caller>,
  options?: EndpointOptions<Caller>,
): APIRoute;
export function endpoint<O extends Operation, Caller = undefined>(
  opOrChange: O | StateChange<O, APIContext, Caller>,
  handler?: Handler<O, APIContext, Caller>,
  options: EndpointOptions<Caller> = {},
): APIRoute {
  const change = 'handler' in opOrChange ? opOrChange : stateChange(opOrChange, handler!, options);
  const { op } = change;
  return (context) =>
    answering(context.request, async () => {
      if (op.reads) markRead(context.request);
      const caller = await admit(change.options, context);
      const raw =
        op.method === 'GET'
          ? Object.fromEntries(context.url.searchParams)
          : await readJson(context.request, op.maxBodyBytes);
      const input = parseInput(raw, op.request, change.options.invalid) as ParsedRequestOf<O>;
      const result = await change.handler(input, context, caller);
      return result instanceof Response ? result : encodedJson(context.request, result, op.status ?? 200);
    });
}

/** An endpoint outside the JSON contract (provider webhooks, browser redirects), with the same error shape. */
export function rawEndpoint(handler: (context: APIContext) => Promise<Response>): APIRoute {
  return (context) => answering(context.request, () => handler(context));
}

/**
 * A JSON-bodied operation answered outside Astro, by a route of the server front
 * (src/lib/server/front-routes.ts): the same reading, validation, error shape and encoding as endpoint().
 */
export function answerInFront<O extends Operation>(
  op: O,
  client: ClientContext,
  handler: (input: ParsedRequestOf<O>) => Promise<ResponseOf<O>>,
  options: Pick<EndpointOptions, 'budget'> = {},
): Promise<Response> {
  const { request } = client;
  return answering(request, async () => {
    spendOrRefuse(options.budget, client);
    const input = parseInput(await readJson(request, op.maxBodyBytes), op.request) as ParsedRequestOf<O>;
    return encodedJson(request, await handler(input), op.status ?? 200);
  });
}
