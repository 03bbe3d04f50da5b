// Plumbing shared by the loopback payment provider fakes: node:http on 127.0.0.1, bodies, JSON replies.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

export interface Listening {
  url: string;
  stop(): Promise<void>;
}

/** Starts a loopback server; port 0 (the default) lets the OS pick a free one. */
export async function listen(handler: Handler, port = 0): Promise<Listening> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    handler(req, res, url).catch((error: unknown) => {
      // A bug in a fake must show up in the test output, not as a hanging request.
      console.error('[fake] handler failed', error);
      if (!res.headersSent) sendJson(res, 500, { error: { type: 'api_error', message: 'fake failed' } });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sendText(
  res: ServerResponse,
  status: number,
  type: string,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Ids in the providers' style: a prefix and random letters and digits. */
export function randomId(length: number, alphabet = ALPHANUMERIC): string {
  return Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A webhook a fake provider delivered: the shop's answer, status 0 when it could not be reached. */
export interface WebhookDelivery {
  eventId: string;
  status: number;
  body: string;
}

/** POSTs one webhook to the shop as the provider would, and records what the shop answered. */
export async function postWebhook(
  url: string,
  eventId: string,
  headers: Record<string, string>,
  body: string,
): Promise<WebhookDelivery> {
  try {
    const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(30_000) });
    return { eventId, status: res.status, body: await res.text() };
  } catch (error) {
    return { eventId, status: 0, body: String(error) };
  }
}
