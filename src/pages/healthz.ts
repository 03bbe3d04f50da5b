// Liveness: the process answers. Nothing else is checked, so a slow database never gets a live
// instance restarted (readiness, /readyz, takes it out of the balancer instead).
import type { APIRoute } from 'astro';
import { json } from '#lib/server/http.ts';

export const prerender = false;

export const GET: APIRoute = () => json({ status: 'ok' });
