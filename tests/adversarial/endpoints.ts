// Every endpoint of the integration layer, found rather than listed: the route files under
// src/pages/api (each method it exports) and the operations of every contract module. A new route
// file is fuzzed without anyone touching the fuzz suite, and one that is neither a contract's
// operation nor a declared raw endpoint fails the suite (unmatchedRoutes).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Operation } from '#lib/http/contract.ts';

const root = resolve(import.meta.dirname, '../..');
const API_DIR = join(root, 'src/pages/api');
const LIB_DIR = join(root, 'src/lib');

interface RouteExport {
  method: string;
  /** /api/… as the shop serves it. */
  path: string;
  file: string;
}

/** A route outside the JSON contracts: its own body format, answered with its own (documented) shape. */
interface RawEndpoint {
  method: string;
  path: string;
  /** Why it is raw, and what its fuzz bodies must carry to get past the door (a signature). */
  note: string;
}

/** Provider webhooks verify a signature over the raw body before anything else: their errors are still JSON. */
const RAW_ENDPOINTS: readonly RawEndpoint[] = [
  { method: 'POST', path: '/api/payments/stripe/webhook', note: 'Stripe event, Stripe-Signature header' },
  {
    method: 'POST',
    path: '/api/payments/paypal/webhook',
    note: 'PayPal event, verified with PayPal (the fake) from its transmission headers',
  },
  // The content API keys its entries by address and versions by ETag / If-Match, outside the JSON contracts.
  ...['GET', 'PUT', 'DELETE'].map((method) => ({
    method,
    path: '/api/admin/content/[type]/[identifier]',
    note: 'content API: bearer token or staff session',
  })),
  { method: 'PUT', path: '/api/admin/products/[sku]', note: 'content API: product texts and categories' },
  { method: 'PUT', path: '/api/admin/categories/[id]', note: 'content API: category texts' },
  // The import API (README, "Bring your catalogue"): a catalogue file as the raw body, imports by address,
  // and the ERP's deltas; a token with catalog:write or an admin session.
  { method: 'POST', path: '/api/admin/imports', note: 'import API: the catalogue file as the raw body' },
  { method: 'GET', path: '/api/admin/imports', note: 'import API: the recent imports' },
  { method: 'GET', path: '/api/admin/imports/[id]', note: 'import API: one import and its report' },
  { method: 'GET', path: '/api/admin/imports/[id]/report.csv', note: 'import API: a report as CSV' },
  { method: 'PUT', path: '/api/admin/stock', note: 'import API: stock from the ERP' },
  { method: 'PUT', path: '/api/admin/prices', note: 'import API: prices from the ERP' },
  // The order export for the ERP (docs/erp.md): query parameters, JSON or openTRANS XML by Accept.
  { method: 'GET', path: '/api/admin/orders', note: 'order export: pages of orders' },
  { method: 'GET', path: '/api/admin/orders/[id]', note: 'order export: one order, JSON or openTRANS' },
  { method: 'GET', path: '/api/admin/orders/[id]/events', note: 'ERP status: the reports on one order' },
  { method: 'POST', path: '/api/admin/orders/[id]/events', note: 'ERP status: one report, a PDF as base64' },
  { method: 'GET', path: '/api/orders/document', note: 'an order PDF as a download, query parameters' },
  {
    method: 'POST',
    path: '/api/auth/end-on-behalf',
    note: "the on-behalf banner's end button: a form post, answered 303",
  },
  { method: 'GET', path: '/api/account/item-numbers/export', note: "a company's own item numbers as a CSV download" },
  { method: 'GET', path: '/api/account/lists/export', note: 'a requisition list as a CSV download' },
  { method: 'GET', path: '/api/account/quotes/pdf', note: 'a quote as a PDF download, query parameters' },
  // The media library's uploads: a picture's bytes as the body (a new one, or a medium's new file by ?id=).
  { method: 'POST', path: '/api/admin/media', note: 'media library: a picture as the raw body' },
  { method: 'POST', path: '/api/admin/media/replace', note: "media library: a medium's new file as the raw body" },
];

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** Each method every route file under src/pages/api exports. */
function routeExports(): RouteExport[] {
  return walk(API_DIR)
    .filter((f) => /\.(ts|js)$/.test(f))
    .flatMap((file) => {
      const rel = relative(API_DIR, file)
        .replace(/\.(ts|js)$/, '')
        .replace(/(^|\/)index$/, '');
      const path = `/api${rel ? `/${rel}` : ''}`;
      const source = readFileSync(file, 'utf8');
      const methods = [
        ...source.matchAll(/export\s+(?:const|function|async function)\s+(GET|POST|PUT|PATCH|DELETE|ALL)\b/g),
      ].map((m) => m[1]!);
      return methods.map((method) => ({ method, path, file: relative(root, file) }));
    });
}

function isOperation(value: unknown): value is Operation {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'request' in value &&
    'response' in value
  );
}

/** Every operation of every contract module (src/lib/<domain>/contract.ts and *-contract.ts). */
async function contractOperations(): Promise<Operation[]> {
  const files = walk(LIB_DIR).filter((f) => /(^|[/-])contract\.ts$/.test(f) && !f.includes('/http/'));
  const found = new Map<string, Operation>();
  for (const file of files) {
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const api of Object.values(mod)) {
      if (typeof api !== 'object' || api === null) continue;
      for (const op of Object.values(api)) if (isOperation(op)) found.set(`${op.method} ${op.path}`, op);
    }
  }
  return [...found.values()];
}

export interface FuzzTarget {
  method: string;
  path: string;
  /** The contract's operation; undefined for a raw endpoint. */
  operation?: Operation;
  raw?: RawEndpoint;
}

/** The fuzz targets, and the route exports that have none (must be empty) and contract operations without a route. */
export async function fuzzTargets(): Promise<{
  targets: FuzzTarget[];
  unmatchedRoutes: RouteExport[];
  orphanOperations: string[];
}> {
  const routes = routeExports();
  const operations = await contractOperations();
  const byKey = new Map(operations.map((op) => [`${op.method} ${op.path}`, op]));
  const rawByKey = new Map(RAW_ENDPOINTS.map((r) => [`${r.method} ${r.path}`, r]));
  const targets: FuzzTarget[] = [];
  const unmatchedRoutes: RouteExport[] = [];
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    const operation = byKey.get(key);
    const raw = rawByKey.get(key);
    if (operation) targets.push({ method: route.method, path: route.path, operation });
    else if (raw) targets.push({ method: route.method, path: route.path, raw });
    else unmatchedRoutes.push(route);
  }
  const routed = new Set(routes.map((r) => `${r.method} ${r.path}`));
  const orphanOperations = [...byKey.keys()].filter((k) => !routed.has(k));
  return { targets, unmatchedRoutes, orphanOperations };
}
