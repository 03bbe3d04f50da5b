// HTTP glue for the auth endpoints: validation messages exactly as the spec words them, and
// Retry-After on rate-limited answers. Everything else is src/lib/server/http.ts.
import type { APIContext, APIRoute } from 'astro';
import type { z } from 'astro/zod';
import { ApiError, endpoint, errorResponse, readBody } from '../http.ts';
import { TooManyAttemptsError } from './errors.ts';

/**
 * readBody, but a validation failure carries the first issue's own message ('username is required'),
 * not prefixed with its path, because the login modal shows and translates the server's message.
 */
export async function readAuthBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  try {
    return await readBody(request, schema);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && Array.isArray(error.details)) {
      const first = error.details[0] as { message?: unknown } | undefined;
      if (typeof first?.message === 'string') throw new ApiError('VALIDATION_FAILED', first.message, 400, error.details);
    }
    throw error;
  }
}

export function authEndpoint(handler: (context: APIContext) => Promise<Response>): APIRoute {
  return endpoint(async (context) => {
    try {
      return await handler(context);
    } catch (error) {
      if (!(error instanceof TooManyAttemptsError)) throw error;
      const response = errorResponse(error);
      response.headers.set('retry-after', String(error.retryAfterSeconds));
      return response;
    }
  });
}
