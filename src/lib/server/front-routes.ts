// Routes the server front (scripts/lib/serve-shop.ts) answers itself, before the request enters
// Astro, as it answers page-cache HITs. Only for the hottest calls whose answer needs nothing the
// framework adds per request: entering Astro costs a guest's price call most of its CPU, and the web
// Request Astro makes for every call carries an abort signal, whose objects the young-generation GC
// cannot free, so each call's request outlived its answer into the old generation and the pauses
// grew with the load. A route takes a request only when its headers say it may; anything else (a
// signed-in shopper, a body of unknown length) goes on to Astro as before.
//
// The endpoint module registers its route when Astro first loads it; the front, loaded outside the
// bundle, finds it on globalThis under a registered symbol.

export interface FrontRoute {
  method: 'POST';
  path: string;
  /** Whether the request is this route's (from its headers alone: its body is not read yet). */
  accepts(headers: Headers): boolean;
  /**
   * The answer, the request's body read whole (at most MAX_BODY_BYTES; a larger one goes to Astro).
   * clientAddress is the peer's address, as Astro's context would give it.
   */
  answer(request: Request, clientAddress: string): Promise<Response>;
}

const ROUTES_KEY = Symbol.for('storefront.front-routes');
const registry = globalThis as typeof globalThis & { [ROUTES_KEY]?: Map<string, FrontRoute> };

const key = (method: string, path: string) => `${method} ${path}`;

export function registerFrontRoute(route: FrontRoute): void {
  (registry[ROUTES_KEY] ??= new Map()).set(key(route.method, route.path), route);
}

export function registeredFrontRoute(method: string, path: string): FrontRoute | undefined {
  return registry[ROUTES_KEY]?.get(key(method, path));
}
