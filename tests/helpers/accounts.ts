// Registration by activation link in integration tests: the mails the shop wrote to DATA_DIR/outbox
// (no SMTP_URL), the activation token in a mail, and the /activate-account page's loader as a route
// a test Browser can call (GET shows, POST with the registration's password activates and sets the
// session cookies).
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRoute } from 'astro';
import type { Db } from '#lib/server/db/client.ts';
import { activationView } from '#lib/server/auth/index.ts';
import { claimGuestOrder } from '#lib/server/orders/index.ts';
import { parseMail, type Mail } from './parse-mail.ts';

/**
 * Points DATA_DIR at a fresh temporary directory unless a suite set one: the mails that registration
 * sends after its answer then land in a private outbox, not in the working copy's .data/. Call at the
 * top of a test file, before the shop reads its environment.
 */
export function useTemporaryDataDir(): string {
  process.env.DATA_DIR ??= mkdtempSync(join(tmpdir(), 'storefront-accounts-'));
  return process.env.DATA_DIR;
}

/** Every mail in the outbox of a data directory, oldest first. */
export function outboxMails(dataDir = process.env.DATA_DIR ?? ''): Mail[] {
  const dir = join(dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((n) => n.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return names.map((n) => parseMail(readFileSync(join(dir, n), 'utf8')));
}

/** The activation token in a mail's /activate-account link, or null when the mail has none. */
export function activationToken(mail: Pick<Mail, 'text'>): string | null {
  const link = /(https?:\/\/\S+\/activate-account\?token=\S+)/.exec(mail.text)?.[1];
  return link ? new URL(link).searchParams.get('token') : null;
}

/** The newest activation token mailed to an address (outbox), or null. */
export function outboxActivationToken(email: string, dataDir?: string): string | null {
  const mails = outboxMails(dataDir).filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
  for (const mail of mails.reverse()) {
    const token = activationToken(mail);
    if (token) return token;
  }
  return null;
}

/**
 * The activation page's loader as a JSON route on a database (the process's when none is given):
 * { view, redirect }, status 303 after activating, else the view's status (and Retry-After past a rate limit).
 */
export const activateRouteOn =
  (db?: Db): APIRoute =>
  async (context) => {
    const { view, redirect, retryAfter } = await activationView(context, claimGuestOrder, db);
    const status = redirect ? 303 : 'status' in view ? view.status : 200;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...(retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) }),
    };
    return new Response(JSON.stringify({ view, redirect: redirect ?? null }), { status, headers });
  };

/** The activation page's loader on the process database. */
export const activateRoute: APIRoute = activateRouteOn();

/** The request options of the activation form's POST: the token, and the password typed into the form. */
export const activationForm = (token: string, password?: string) => ({
  rawBody: new URLSearchParams(password === undefined ? { token } : { token, password }).toString(),
  contentType: 'application/x-www-form-urlencoded',
});
