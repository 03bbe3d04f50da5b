// Where the e2e specs read the shop's emails. With SMTP_URL set (the test server sends there too:
// Playwright's webServer inherits the environment), a loopback SMTP server listens on that fixed
// port in the test process. Without it the shop writes every message to DATA_DIR/outbox, which is
// read instead, so a run without SMTP still follows the link the shop really emailed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { parseMail, type Mail } from '../helpers/parse-mail.ts';

export interface Mailbox {
  /** Where the messages come from, for failure messages. */
  readonly source: string;
  /** The first message to `to` (whose text matches `text`, when given) since the mailbox opened. */
  waitFor(to: string, text?: RegExp, timeoutMs?: number): Promise<Mail>;
  close(): Promise<void>;
}

async function poll(find: () => Mail | undefined, timeoutMs: number, what: string): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = find();
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail ${what} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const matches = (mail: Mail, to: string, text?: RegExp) =>
  mail.to.toLowerCase().includes(to.toLowerCase()) && (!text || text.test(mail.text));

async function smtpMailbox(smtpUrl: string): Promise<Mailbox> {
  const url = new URL(smtpUrl);
  const host = url.hostname || '127.0.0.1';
  const port = Number(url.port || 25);
  const received: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(parseMail(Buffer.concat(chunks).toString('utf8')));
        callback();
      });
    },
  });
  await new Promise<void>((ok, fail) => {
    server.server.once('error', (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'EADDRINUSE'
          ? new Error(
              `SMTP_URL is ${smtpUrl}, but ${host}:${port} is already in use: stop whatever listens there (another test run?) or pick a free port for SMTP_URL`,
            )
          : error,
      ),
    );
    server.listen(port, host, () => ok());
  });
  return {
    source: `loopback SMTP ${host}:${port}`,
    waitFor: (to, text, timeoutMs = 15_000) =>
      poll(() => received.find((m) => matches(m, to, text)), timeoutMs, `to ${to} at ${host}:${port}`),
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

function outboxMailbox(dataDir: string): Mailbox {
  const dir = join(resolve(dataDir), 'outbox');
  const openedAt = Date.now() - 1000;
  const read = (): Mail[] => {
    let files: string[];
    try {
      files = readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort();
    } catch {
      return [];
    }
    return files
      .map((f) => join(dir, f))
      .filter((path) => statSync(path).mtimeMs >= openedAt)
      .map((path) => parseMail(readFileSync(path, 'utf8')));
  };
  return {
    source: `outbox ${dir}`,
    waitFor: (to, text, timeoutMs = 15_000) =>
      poll(() => read().find((m) => matches(m, to, text)), timeoutMs, `to ${to} in ${dir}`),
    close: async () => {},
  };
}

/** Opens the mailbox the test server delivers to (see the file comment). */
export async function openMailbox(): Promise<Mailbox> {
  const smtpUrl = process.env.SMTP_URL;
  if (smtpUrl) return smtpMailbox(smtpUrl);
  return outboxMailbox(process.env.E2E_DATA_DIR ?? '.data/e2e');
}
