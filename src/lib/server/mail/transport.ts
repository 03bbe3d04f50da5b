// Where mail goes. With SMTP_URL: that SMTP server (smtp:// or smtps://; nodemailer reads options
// such as ?ignoreTLS=true from the URL). Without: each message becomes an .eml file in
// DATA_DIR/outbox/, so a fresh clone "sends" mail that a developer can open in any mail client.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { env } from '../env.ts';
import { logger } from '../log.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface SentMail {
  messageId: string;
  /** The .eml file, when written to the outbox instead of sent. */
  path?: string;
}

type Transporter = ReturnType<typeof nodemailer.createTransport>;
let transport: { key: string; transporter: Transporter } | undefined;

function outboxDir(dataDir = env().DATA_DIR): string {
  return join(resolve(dataDir), 'outbox');
}

/** One line for the server log at start: where this process delivers mail. */
export function describeMailDelivery(): string {
  const e = env();
  if (e.SMTP_URL) {
    const url = new URL(e.SMTP_URL);
    return `[mail] sending through ${url.protocol}//${url.host}`;
  }
  return `[mail] SMTP_URL is not set; messages are written to ${outboxDir()}`;
}

function transporter(): Transporter {
  const e = env();
  const key = e.SMTP_URL ?? `outbox:${e.DATA_DIR}`;
  if (transport?.key !== key) {
    transport = {
      key,
      transporter: e.SMTP_URL
        ? nodemailer.createTransport(e.SMTP_URL)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    };
  }
  return transport.transporter;
}

export async function sendMail(mail: OutgoingMail): Promise<SentMail> {
  const e = env();
  const info = await transporter().sendMail({ from: e.MAIL_FROM, ...mail });
  if (e.SMTP_URL) return { messageId: info.messageId };
  const dir = outboxDir(e.DATA_DIR);
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const path = join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
  writeFileSync(path, (info as unknown as { message: Buffer }).message);
  logger.info({ subject: mail.subject, to: mail.to, path }, 'mail written to the outbox');
  return { messageId: info.messageId, path };
}
