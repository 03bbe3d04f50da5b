// A raw HTTP client for fuzzing: node:http on kept-alive connections, so thousands of requests cost
// no handshakes, with full control over what fetch() refuses to send: any Content-Type, bodies sent
// chunked without a length, and (over a bare socket) a Content-Length that lies.
import { Agent, request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface SendOptions {
  method: string;
  /** Path and query. */
  path: string;
  headers?: OutgoingHttpHeaders;
  /** Sent with its Content-Length. */
  body?: string | Buffer;
  /** Sent chunked (no Content-Length): `chunks` writes of `chunkBytes` bytes each. */
  chunked?: { chunkBytes: number; chunks: number };
  /** Over a socket of its own, written in slices until the server answers (for bodies it should refuse early). */
  ownSocket?: boolean;
  /** The request fails as "no answer" after this long (a hung server is a finding, not a slow test). */
  timeoutMs?: number;
}

/** What the server did instead of answering: it closed the connection, or said nothing in time. */
export class NoAnswer extends Error {}

export class FuzzClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 8 });
  readonly baseUrl: string;
  readonly host: string;
  readonly port: number;
  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port);
  }

  send(opts: SendOptions): Promise<Answer> {
    if (opts.chunked || opts.ownSocket) return this.sendOverSocket(opts);
    return new Promise((resolvePromise, reject) => {
      const headers: OutgoingHttpHeaders = { origin: this.baseUrl, ...opts.headers };
      if (opts.body !== undefined) headers['content-length'] = Buffer.byteLength(opts.body);
      const req = httpRequest(
        {
          host: this.host === 'localhost' ? '127.0.0.1' : this.host,
          port: this.port,
          method: opts.method,
          path: opts.path,
          headers: { host: `${this.host}:${this.port}`, ...headers },
          agent: this.agent,
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (chunk: Buffer) => parts.push(chunk));
          res.on('end', () =>
            resolvePromise({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(parts).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      req.setTimeout(opts.timeoutMs ?? 15_000, () =>
        req.destroy(new NoAnswer(`no answer within ${opts.timeoutMs ?? 15_000} ms`)),
      );
      req.on('error', (error) =>
        reject(error instanceof NoAnswer ? error : new NoAnswer(`connection failed: ${error.message}`)),
      );
      req.end(opts.body);
    });
  }

  /**
   * A body sent over a socket of its own, chunked or with its length, written until the server
   * answers: a server that refuses early (413) and closes would make an http client lose the answer
   * to EPIPE.
   */
  private async sendOverSocket(opts: SendOptions): Promise<Answer> {
    // The pause is not a measurement: a slower writer only gives the answer more time to be read.
    for (const pauseMs of [2, 20]) {
      try {
        return await this.sendOverSocketOnce(opts, pauseMs);
      } catch (error) {
        if (!(error instanceof NoAnswer) || !/EPIPE|ECONNRESET/.test(error.message)) throw error;
      }
    }
    return this.sendOverSocketOnce(opts, 200);
  }

  private sendOverSocketOnce(opts: SendOptions, pauseMs: number): Promise<Answer> {
    return new Promise((resolvePromise, reject) => {
      const socket = connect(this.port, this.host === 'localhost' ? '127.0.0.1' : this.host);
      const body = Buffer.from(opts.body ?? '');
      const framing = opts.chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) };
      const headers = {
        host: `${this.host}:${this.port}`,
        origin: this.baseUrl,
        ...opts.headers,
        ...framing,
        connection: 'close',
      };
      const head = `${opts.method} ${opts.path} HTTP/1.1\r\n${Object.entries(headers)
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join('\r\n')}\r\n\r\n`;
      const slices: Buffer[] = opts.chunked
        ? Array<Buffer>(opts.chunked.chunks).fill(
            Buffer.concat([
              Buffer.from(`${opts.chunked.chunkBytes.toString(16)}\r\n`),
              Buffer.alloc(opts.chunked.chunkBytes, 'a'),
              Buffer.from('\r\n'),
            ]),
          )
        : Array.from({ length: Math.ceil(body.length / 65_536) }, (_, i) =>
            body.subarray(i * 65_536, (i + 1) * 65_536),
          );
      if (opts.chunked) slices.push(Buffer.from('0\r\n\r\n'));
      let received = Buffer.alloc(0);
      let answered = false;
      let settled = false;
      const finish = (error?: Error) => {
        if (settled) return;
        settled = true;
        socket.destroy();
        const answer = parseAnswer(received);
        if (answer) resolvePromise(answer);
        else reject(new NoAnswer(error ? `connection failed: ${error.message}` : 'closed without an answer'));
      };
      socket.setTimeout(opts.timeoutMs ?? 15_000, () =>
        finish(new Error(`no answer within ${opts.timeoutMs ?? 15_000} ms`)),
      );
      socket.on('data', (data: Buffer) => {
        answered = true;
        received = Buffer.concat([received, data]);
        const answer = parseAnswer(received);
        if (answer && answer.complete) finish();
      });
      socket.on('end', () => finish());
      socket.on('close', () => finish());
      socket.on('error', (error) => finish(error));
      // One slice at a time with a pause, reading in between: an answer that came is read before the
      // next write can fail on the reset that follows it (Node drops unread data on EPIPE; curl does not).
      let written = 0;
      const pump = () => {
        if (answered || socket.destroyed || written >= slices.length) return;
        socket.write(slices[written++]!, () => setTimeout(pump, pauseMs));
      };
      socket.write(head, () => setTimeout(pump, pauseMs));
    });
  }

  /** Writes `raw` (a whole request, head and body) on a new socket and reads the status of the first answer. */
  sendRaw(raw: string | Buffer, timeoutMs = 5_000): Promise<{ status: number | null; text: string }> {
    return new Promise((resolvePromise) => {
      const socket = connect(this.port, this.host === 'localhost' ? '127.0.0.1' : this.host);
      let text = '';
      const done = () => {
        socket.destroy();
        const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
        resolvePromise({ status: status ? Number(status) : null, text });
      };
      socket.setTimeout(timeoutMs, done);
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        // The first answer's head and body are in once the length it declares has arrived.
        const head = text.indexOf('\r\n\r\n');
        const length = /content-length: *(\d+)/i.exec(text)?.[1];
        if (head >= 0 && length !== undefined && Buffer.byteLength(text.slice(head + 4)) >= Number(length)) done();
      });
      socket.on('end', done);
      socket.on('error', done);
      socket.write(raw);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The first answer in raw bytes, once its head is in; `complete` once its body's declared length is too. */
function parseAnswer(raw: Buffer): (Answer & { complete: boolean }) | null {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine, ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1];
  if (!status) return null;
  const headers: Record<string, string> = {};
  for (const line of lines)
    headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
  const body = raw.subarray(end + 4);
  const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
  const complete = length !== undefined && body.length >= length;
  return { status: Number(status), headers, text: body.subarray(0, length).toString('utf8'), complete };
}

/** Cookies the server set (name=value pairs), merged into a Cookie header value. */
export function mergeCookies(previous: string, setCookie: string | string[] | undefined): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((c) => [c.slice(0, c.indexOf('=')), c] as const),
  );
  for (const line of [setCookie ?? []].flat()) {
    const pair = line.split(';')[0]!;
    const name = pair.slice(0, pair.indexOf('='));
    if (/max-age=0|expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}
