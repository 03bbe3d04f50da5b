// nginx serving one saved answer (bytes and headers) as a static file: the reference a cached page's
// HIT is measured against. One worker by default, as the shop is one process with one main thread;
// the file is opened once (open_file_cache) and sent with sendfile, nginx at its best for this.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './shop.ts';
import type { SavedAnswer } from './replay.ts';

const NGINX = '/usr/sbin/nginx';

/** Headers nginx writes itself for a static file (its own date, length, type and validators). */
const OWN = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'date',
  'content-length',
  'content-type',
  'last-modified',
  'etag',
]);

const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

export async function startNginx(
  dir: string,
  answer: SavedAnswer,
  workers = Number(process.env.BENCH_NGINX_WORKERS ?? 1),
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const www = join(dir, 'www');
  mkdirSync(www, { recursive: true });
  // nginx's workers run as another user (nobody when started by root): a temporary folder is 0700.
  chmodSync(dir, 0o755);
  writeFileSync(join(www, 'page'), answer.body);
  const header = (name: string) => answer.headers.find(([n]) => n.toLowerCase() === name)?.[1];
  const added = answer.headers
    .filter(([name]) => !OWN.has(name.toLowerCase()))
    .map(([name, value]) => `      add_header ${name} ${quoted(value)} always;`)
    .join('\n');
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes ${workers};
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  open_file_cache max=16 inactive=600s;
  open_file_cache_valid 600s;
  server_tokens off;
  client_body_temp_path ${join(dir, 'tmp')};
  proxy_temp_path ${join(dir, 'tmp')};
  fastcgi_temp_path ${join(dir, 'tmp')};
  uwsgi_temp_path ${join(dir, 'tmp')};
  scgi_temp_path ${join(dir, 'tmp')};
  server {
    listen 127.0.0.1:${port};
    etag off;
    location / {
      root ${www};
      try_files /page =404;
      types { }
      default_type ${quoted(header('content-type') ?? 'text/html')};
      add_header ETag ${quoted(header('etag') ?? '')} always;
${added}
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-c', conf, '-p', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const status = await fetch(`${url}/`)
      .then(async (r) => (await r.arrayBuffer(), r.status))
      .catch(() => 0);
    if (status === 200) break;
    if (child.exitCode !== null || i > 100) {
      child.kill('SIGQUIT');
      throw new Error(`nginx did not answer 200 (last ${status}): ${errors}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGQUIT');
      }),
  };
}

export const hasNginx = () => existsSync(NGINX);
