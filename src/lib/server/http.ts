// The integration layer's HTTP conventions: one JSON error shape { code, message, status } for every
// failure, strict and size-limited request bodies, and no stack traces to clients.
import type { APIContext, APIRoute } from 'astro';
import type { z } from 'astro/zod';

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: unknown;
  constructor(code: string, message: string, status: number, details?: unknown) {
    super(message);
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

export const MAX_BODY_BYTES = 64 * 1024;

export function json(data: unknown, init: ResponseInit = {}): Response {
  return Response.json(data, { ...init, headers: { 'cache-control': 'no-store', ...init.headers } });
}

export function errorResponse(error: ApiError): Response {
  const body: Record<string, unknown> = { code: error.code, message: error.message, status: error.status };
  if (error.details !== undefined) body.details = error.details;
  return json(body, { status: error.status });
}

/** Reads and validates a JSON body: too large → 413, not JSON → 400, schema mismatch → 400 with the issues. */
export async function readBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Expected application/json', 415);
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw new ApiError('PAYLOAD_TOO_LARGE', 'Request body too large', 413);
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new ApiError('PAYLOAD_TOO_LARGE', 'Request body too large', 413);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ApiError('INVALID_JSON', 'Request body is not valid JSON', 400);
  }
  return parseInput(raw, schema);
}

export function parseInput<S extends z.ZodType>(raw: unknown, schema: S): z.infer<S> {
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw new ApiError('VALIDATION_FAILED', issues[0] ? `${issues[0].path || 'body'}: ${issues[0].message}` : 'Invalid request', 400, issues);
  }
  return result.data;
}

/** Wraps an endpoint so every failure leaves as the one error shape; unexpected ones are logged, not leaked. */
export function endpoint(handler: (context: APIContext) => Promise<Response>): APIRoute {
  return async (context) => {
    try {
      return await handler(context);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error);
      console.error(`[api] ${context.request.method} ${context.url.pathname} failed`, error);
      return errorResponse(new ApiError('INTERNAL_ERROR', 'Something went wrong. Please try again.', 500));
    }
  };
}
