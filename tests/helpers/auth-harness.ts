// Drives the auth endpoints' exported handlers the way Astro would: a Request, a real AstroCookies,
// the client address, and a cookie jar per "browser" that applies each response's Set-Cookie headers.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIContext, APIRoute } from 'astro';
import { AstroCookies } from '../../node_modules/astro/dist/core/cookies/index.js';
import { openDatabase } from '#lib/server/db/client.ts';
import { openFromTemplate } from './pglite-template.ts';
import { seedDemoData } from '#lib/server/demo/index.ts';
import { FIXTURE_PRODUCT_ROWS } from '#lib/server/demo/fixtures.ts';

/**
 * A fresh DATA_DIR with a migrated, seeded embedded database. Must run before the app's modules
 * first read the environment (env() is parsed once per process).
 */
export async function prepareDataDir(
  extraEnv: Record<string, string> = {},
  options: { seed?: boolean } = {},
): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-auth-'));
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  delete process.env.AUTH_SECRET;
  delete process.env.TRUST_PROXY;
  Object.assign(process.env, extraEnv);
  const database = (await openFromTemplate(dataDir)) ?? (await openDatabase({ dataDir }));
  await database.migrate();
  if (options.seed ?? true) await seedDemoData(database.db, { products: FIXTURE_PRODUCT_ROWS });
  await database.close();
  return dataDir;
}

export interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
  raw: string;
}

export function parseSetCookie(raw: string): SetCookie {
  const [pair = '', ...attrs] = raw.split(/;\s*/);
  const eq = pair.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const a of attrs) {
    const i = a.indexOf('=');
    if (i < 0) attributes[a.toLowerCase()] = true;
    else attributes[a.slice(0, i).toLowerCase()] = a.slice(i + 1);
  }
  return { name: pair.slice(0, eq), value: decodeURIComponent(pair.slice(eq + 1)), attributes, raw };
}

export interface ApiResult {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the endpoint answered
  body: any;
  headers: Headers;
  setCookies: SetCookie[];
  /** The body's bytes, for an answer that is not text (a PDF). */
  bytes?: Buffer;
}

export interface RequestOptions {
  method?: string;
  /** A value to send as JSON, or a raw string body. */
  body?: unknown;
  rawBody?: string;
  contentType?: string | null;
  headers?: Record<string, string>;
  origin?: string;
}

/** Builds the Astro context for one request and runs the handler. */
export async function callRoute(
  route: APIRoute,
  path: string,
  options: RequestOptions & { cookieHeader?: string; ip?: string } = {},
): Promise<{ result: ApiResult; cookies: AstroCookies }> {
  const method = options.method ?? 'POST';
  const headers = new Headers(options.headers ?? {});
  const contentType = options.contentType === undefined ? 'application/json' : options.contentType;
  if (contentType && method !== 'GET') headers.set('content-type', contentType);
  if (options.cookieHeader) headers.set('cookie', options.cookieHeader);
  const body =
    method === 'GET'
      ? undefined
      : (options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)));
  const request = new Request(new URL(path, options.origin ?? 'http://localhost:4321'), {
    method,
    headers,
    body: body ?? null,
  });
  const cookies = new AstroCookies(request, { warn() {} });
  const ip = options.ip ?? '127.0.0.1';
  const context = {
    request,
    cookies,
    url: new URL(request.url),
    params: {},
    site: undefined,
    locals: {},
    get clientAddress() {
      return ip;
    },
  } as unknown as APIContext;
  const response = await route(context);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON: the test will say so */
  }
  return {
    result: {
      status: response.status,
      body: parsed,
      headers: response.headers,
      setCookies: [...cookies.headers()].map(parseSetCookie),
    },
    cookies,
  };
}

/** One browser: its cookie jar and its IP address. */
export class Browser {
  readonly jar = new Map<string, string>();
  ip: string;
  origin: string;

  constructor(ip = '127.0.0.1', origin = 'http://localhost:4321') {
    this.ip = ip;
    this.origin = origin;
  }

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  }

  apply(setCookies: SetCookie[]): void {
    for (const c of setCookies) {
      const expires = typeof c.attributes.expires === 'string' ? Date.parse(c.attributes.expires) : NaN;
      const deleted = c.attributes['max-age'] === '0' || (!Number.isNaN(expires) && expires < Date.now());
      if (deleted) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
  }

  async call(route: APIRoute, path: string, options: RequestOptions = {}): Promise<ApiResult> {
    const { result } = await callRoute(route, path, {
      ...options,
      origin: options.origin ?? this.origin,
      cookieHeader: this.cookieHeader(),
      ip: this.ip,
    });
    this.apply(result.setCookies);
    return result;
  }

  /** A copy with the same cookies (another tab of the same browser, or a thief with its cookies). */
  clone(ip = this.ip): Browser {
    const other = new Browser(ip, this.origin);
    for (const [k, v] of this.jar) other.jar.set(k, v);
    return other;
  }
}
