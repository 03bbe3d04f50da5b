// Where an operation lives: its method and path. Each domain's routes.ts lists them; its contract adds
// the schemas for the server, and its browser client pairs them with the contract's types only
// (`endpoints` in client.ts), so no schema library reaches the browser with an API call.
export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface Route {
  readonly method: HttpMethod;
  /** The route under src/pages, e.g. /api/cart/add. */
  readonly path: string;
}

export const route = <const M extends HttpMethod, const P extends string>(method: M, path: P) => ({ method, path });
