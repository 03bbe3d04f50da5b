// The one way islands talk to the integration layer: typed requests, validated responses, and
// failures as ApiClientError carrying the server's { code, message, status } (spec section 8).
import type { z } from 'astro/zod';

export class ApiClientError extends Error {
  readonly code: string;
  readonly status: number;
  /** What the server added, e.g. the field issues of a 400 VALIDATION_FAILED ([{ path, message }]). */
  readonly details: unknown;
  constructor(code: string, message: string, status: number, details?: unknown) {
    super(message);
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

export async function apiPost<S extends z.ZodType>(path: string, body: unknown, schema: S, signal?: AbortSignal): Promise<z.infer<S>> {
  return apiRequest('POST', path, body, schema, signal);
}

export async function apiGet<S extends z.ZodType>(path: string, schema: S, signal?: AbortSignal): Promise<z.infer<S>> {
  return apiRequest('GET', path, undefined, schema, signal);
}

export async function apiDelete<S extends z.ZodType>(path: string, body: unknown, schema: S, signal?: AbortSignal): Promise<z.infer<S>> {
  return apiRequest('DELETE', path, body, schema, signal);
}

async function apiRequest<S extends z.ZodType>(
  method: 'GET' | 'POST' | 'DELETE', path: string, body: unknown, schema: S, signal?: AbortSignal,
): Promise<z.infer<S>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
      credentials: 'same-origin',
      signal: signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiClientError('NETWORK_ERROR', (error as Error).message, 0);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const p = (payload ?? {}) as { code?: string; message?: string; status?: number; details?: unknown };
    // Spec section 8: the server's message when it sent one, the status default 500.
    throw new ApiClientError(p.code ?? 'HTTP_ERROR', p.message ?? response.statusText, p.status ?? (response.status || 500), p.details);
  }
  return schema.parse(payload);
}
