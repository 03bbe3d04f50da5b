// Reads a raw RFC 5322 message the shop sent: recipient, subject and the decoded text/plain part.
// Shared by the e2e mailbox and the integration tests that run their own SMTP server.

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The file names of its attachments, in order. */
  attachments: string[];
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => `%${h}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

function decodeWords(header: string): string {
  return header.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** The decoded text/plain part of a MIME entity (head and body), searched through nested multiparts. */
function plainText(entity: string): string | null {
  const [head = '', ...rest] = entity.replace(/^\n/, '').split('\n\n');
  const body = rest.join('\n\n');
  const boundary = /boundary="?([^";\n]+)"?/i.exec(head)?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`)) {
      const found = part.trim() && !part.startsWith('--') ? plainText(part) : null;
      if (found !== null) return found;
    }
    return null;
  }
  const type = /content-type: ([^;\n]+)/i.exec(head)?.[1]?.trim().toLowerCase() ?? 'text/plain';
  if (type !== 'text/plain') return null;
  const encoding = /content-transfer-encoding: (\S+)/i.exec(head)?.[1]?.toLowerCase();
  const trimmed = body.trim();
  return encoding === 'quoted-printable'
    ? decodeQuotedPrintable(trimmed)
    : encoding === 'base64'
      ? Buffer.from(trimmed, 'base64').toString('utf8')
      : trimmed;
}

/**
 * The filename parameter of a Content-Disposition header's parameters: plain (`filename="a.pdf"`) or, for
 * a name beyond ASCII or a long one, in RFC 2231 pieces (`filename*0*=utf-8''Best%C3%A4tigung.pdf`), as
 * nodemailer writes it.
 */
function fileName(parameters: string): string {
  const pieces = [...parameters.matchAll(/filename(?:\*(\d+))?(\*)?=(?:"([^"]*)"|([^";\s]*))/gi)]
    .map((m) => ({ index: Number(m[1] ?? 0), extended: m[2] === '*', value: m[3] ?? m[4]! }))
    .sort((a, b) => a.index - b.index);
  return pieces
    .map(({ extended, value }, i) => {
      const encoded = i === 0 && extended ? value.replace(/^[\w-]*'[\w-]*'/, '') : value;
      return extended ? decodeURIComponent(encoded) : encoded;
    })
    .join('');
}

/** Recipient, subject and decoded text/plain part of a raw RFC 5322 message (an attachment or not). */
export function parseMail(raw: string): Mail {
  const unfolded = raw.replace(/\r\n/g, '\n');
  const [head = ''] = unfolded.split('\n\n');
  const header = (name: string) =>
    decodeWords((new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, 'mi').exec(head)?.[1] ?? '').replace(/\n[ \t]+/g, ' '));
  const attachments = [...unfolded.matchAll(/^Content-Disposition: attachment;(.*(?:\n[ \t].*)*)/gim)].map((match) =>
    fileName(match[1]!),
  );
  return { to: header('To'), subject: header('Subject'), text: plainText(unfolded) ?? '', attachments };
}
