// Readiness (src/lib/server/health.ts): 200 when this instance can serve shoppers, else 503 with the
// reason. Varnish's backend probe and container health checks ask here.
import type { APIRoute } from 'astro';
import { readiness } from '#lib/server/health.ts';
import { json } from '#lib/server/http.ts';

export const prerender = false;

export const GET: APIRoute = async () => {
  const state = await readiness();
  return json(state, { status: state.status === 'ready' ? 200 : 503 });
};
