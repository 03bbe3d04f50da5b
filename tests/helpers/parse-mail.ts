// Reads a raw RFC 5322 message the shop sent: recipient, subject and the decoded text/plain part.
// Shared by the e2e mailbox and the integration tests that run their own SMTP server.

export interface Mail {
  to: string;
  subject: string;
  text: string;
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

/** Recipient, subject and decoded text/plain part of a raw RFC 5322 message. */
export function parseMail(raw: string): Mail {
  const unfolded = raw.replace(/\r\n/g, '\n');
  const [head = ''] = unfolded.split('\n\n');
  const header = (name: string) =>
    decodeWords((new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, 'mi').exec(head)?.[1] ?? '').replace(/\n[ \t]+/g, ' '));
  const boundary = /boundary="?([^";\n]+)"?/i.exec(head)?.[1];
  const parts = boundary ? unfolded.split(`--${boundary}`) : [unfolded];
  const plain = parts.find((p) => /content-type: text\/plain/i.test(p)) ?? '';
  const [partHead = '', ...rest] = plain.replace(/^\n/, '').split('\n\n');
  const body = rest.join('\n\n').trim();
  const encoding = /content-transfer-encoding: (\S+)/i.exec(partHead)?.[1]?.toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { to: header('To'), subject: header('Subject'), text };
}
