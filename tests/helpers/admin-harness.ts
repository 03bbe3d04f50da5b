// Drives the editor workspace's route files the way Astro would, including what auth-harness's
// callRoute leaves out: route parameters (/api/admin/content/{type}/{identifier}), bearer tokens and
// raw byte bodies. Also finds the admin route files themselves, and reads the mails the shop wrote
// to DATA_DIR/outbox (no SMTP_URL: the set-password link travels that way in these tests).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIContext, APIRoute } from 'astro';
import { AstroCookies } from '../../node_modules/astro/dist/core/cookies/index.js';
import { Browser, parseSetCookie, type ApiResult } from './auth-harness.ts';
import { parseMail, type Mail } from './parse-mail.ts';
import { expect } from 'vitest';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import * as signInRoute from '../../src/pages/api/admin/sign-in.ts';
import * as tokensRoute from '../../src/pages/api/admin/tokens.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const ADMIN_DIR = join(ROOT, 'src/pages/api/admin');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'ALL'] as const;

export interface AdminRequest {
  /** POST unless told. */
  method?: string;
  /** Path and query as the browser sends it. */
  path: string;
  /** What Astro takes from the file name's [brackets]. */
  params?: Record<string, string | undefined>;
  /** A value sent as JSON. */
  body?: unknown;
  /** Sent as it is (invalid JSON, bytes that are not UTF-8). */
  rawBody?: string | Buffer;
  /** application/json unless told; null sends none. */
  contentType?: string | null;
  headers?: Record<string, string>;
  /** Sent as `Authorization: Bearer <token>`. */
  bearer?: string;
}

/**
 * One request to one handler, with `browser`'s cookies and address (its jar takes the answer's
 * Set-Cookie headers), or as a client without cookies from 127.0.0.1.
 */
export async function callAdmin(route: APIRoute, req: AdminRequest, browser?: Browser): Promise<ApiResult> {
  const method = req.method ?? 'POST';
  const headers = new Headers(req.headers ?? {});
  const contentType = req.contentType === undefined ? 'application/json' : req.contentType;
  const hasBody = method !== 'GET' && method !== 'HEAD' && (req.rawBody !== undefined || req.body !== undefined);
  if (contentType && hasBody) headers.set('content-type', contentType);
  const cookieHeader = browser?.cookieHeader();
  if (cookieHeader) headers.set('cookie', cookieHeader);
  if (req.bearer !== undefined) headers.set('authorization', `Bearer ${req.bearer}`);
  const raw = req.rawBody ?? (req.body === undefined ? undefined : JSON.stringify(req.body));
  const body = hasBody && raw !== undefined ? (typeof raw === 'string' ? raw : new Uint8Array(raw)) : null;
  const request = new Request(new URL(req.path, browser?.origin ?? 'http://localhost:4321'), { method, headers, body });
  const cookies = new AstroCookies(request, { warn() {} });
  const ip = browser?.ip ?? '127.0.0.1';
  const context = {
    request,
    cookies,
    url: new URL(request.url),
    params: req.params ?? {},
    site: undefined,
    locals: {},
    get clientAddress() {
      return ip;
    },
  } as unknown as APIContext;
  const response = await route(context);
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString('utf8');
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON: the test will say so */
  }
  const setCookies = [...cookies.headers()].map(parseSetCookie);
  browser?.apply(setCookies);
  return { status: response.status, body: parsed, bytes, headers: response.headers, setCookies };
}

/** A query string from a flat object (what a GET endpoint reads); URLSearchParams makes any string sendable. */
export function queryOf(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    params.append(key, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  const query = params.toString();
  return query ? `?${query}` : '';
}

export interface AdminRouteFile {
  /** src/pages/api/admin/… relative to the repository. */
  file: string;
  /** /api/admin/… with the file's [param] segments as they are. */
  path: string;
  params: string[];
  /** Each HTTP method the file exports, with its handler. */
  handlers: Partial<Record<(typeof METHODS)[number], APIRoute>>;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** Every route file under src/pages/api/admin and the methods it exports, found rather than listed. */
export async function adminRouteFiles(): Promise<AdminRouteFile[]> {
  const files = walk(ADMIN_DIR)
    .filter((f) => /\.(ts|js)$/.test(f))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const rel = relative(ADMIN_DIR, file)
        .replace(/\.(ts|js)$/, '')
        .replace(/(^|\/)index$/, '');
      const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      const handlers: AdminRouteFile['handlers'] = {};
      for (const method of METHODS) if (typeof mod[method] === 'function') handlers[method] = mod[method] as APIRoute;
      return {
        file: relative(ROOT, file),
        path: `/api/admin${rel ? `/${rel}` : ''}`,
        params: [...rel.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)].map((m) => m[1]!),
        handlers,
      };
    }),
  );
}

/** The handler of one method of one route file (fails when there is none). */
export function handlerOf(routes: readonly AdminRouteFile[], method: string, path: string): APIRoute {
  const handler = routes.find((r) => r.path === path)?.handlers[method as (typeof METHODS)[number]];
  if (!handler) throw new Error(`no ${method} handler for ${path} under src/pages/api/admin`);
  return handler;
}

/** Signs `browser` in to the workspace and returns the answer. */
export function staffSignIn(
  routes: readonly AdminRouteFile[],
  browser: Browser,
  email: string,
  password: string,
): Promise<ApiResult> {
  return callAdmin(
    handlerOf(routes, 'POST', '/api/admin/sign-in'),
    { path: '/api/admin/sign-in', body: { email, password } },
    browser,
  );
}

/** The mails written to DATA_DIR/outbox so far, oldest first. */
function outboxMails(dataDir: string): Mail[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseMail(readFileSync(join(dir, f), 'utf8')));
}

/** The token of the newest set-password link mailed to `email`, or null. */
export function setPasswordToken(dataDir: string, email: string): string | null {
  const mail = outboxMails(dataDir).findLast((m) => m.to.includes(email));
  const link = mail && /(https?:\/\/\S+\/admin\/set-password\?token=\S+)/.exec(mail.text)?.[1];
  return link ? new URL(link).searchParams.get('token') : null;
}

/** Signs `browser` in to the workspace as a demo staff member (the admin unless told), with the demo password. */
export async function signInDemoStaff(
  browser: Browser,
  email: string = DEMO_FIXTURES.staff.admin.email,
): Promise<void> {
  const r = await callAdmin(
    signInRoute.POST,
    { path: '/api/admin/sign-in', body: { email, password: DEMO_FIXTURES.password } },
    browser,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** A new API token with `scopes`, made by the signed-in admin `admin` as the workspace does. */
export async function apiToken(admin: Browser, scopes: string[]): Promise<string> {
  const r = await callAdmin(
    tokensRoute.POST,
    { path: '/api/admin/tokens', body: { name: scopes.join('+'), scopes } },
    admin,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.token as string;
}

/** The demo admin, signed in to the workspace in a browser of its own (to make tokens with apiToken). */
export async function signedInAdmin(): Promise<Browser> {
  const admin = new Browser();
  await signInDemoStaff(admin);
  return admin;
}
