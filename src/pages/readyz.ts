// Readiness (src/lib/server/health.ts): 200 when this instance can serve shoppers, else 503 with the
// reason. Varnish's backend probe and container health checks ask here.
import type { APIRoute } from 'astro';
import { readiness } from '#lib/server/health.ts';
import { json } from '#lib/server/http.ts';
import { logger } from '#lib/server/log.ts';

export const prerender = false;

export const GET: APIRoute = async () => {
  const state = await readiness();
  // Starting and stopping are expected; an instance that cannot reach its database is not.
  if (state.status === 'unavailable') logger.warn({ reason: state.reason }, 'not ready');
  return json(state, { status: state.status === 'ready' ? 200 : 503 });
};
