// The load generator of the HTTP benches (price-call, permission-check): one POST, again and again, from
// a process of its own so it does not share the bench's event loop. Open loop: requests leave at an even
// pace whatever the answers do, and each latency is measured from the moment its request was due, so a
// stalled server cannot hide its queue (no coordinated omission). Closed loop: the most calls a second
// some keep-alive connections get answered.
//
// The bench calls pacedRun / mostAnswered; they run this file as `node paced-load.ts <json>`.
import { execFile } from 'node:child_process';
import { Agent, request } from 'node:http';

/** What the generator sends: one POST, with a JSON body and any headers beside its own (a session's cookies). */
export interface LoadTarget {
  url: string;
  body: string;
  headers?: Record<string, string>;
}

interface PacedResult {
  /** Milliseconds from each answered (200) call's due time to the end of its answer. */
  latencies: number[];
  /** Calls not answered with 200. */
  errors: number;
  /** What they got instead: status (or "network") → count. */
  outcomes: Record<string, number>;
}

type Job =
  | { mode: 'paced'; target: LoadTarget; rate: number; seconds: number }
  | { mode: 'max'; target: LoadTarget; connections: number; seconds: number };

function post(agent: Agent, target: LoadTarget): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(
      target.url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip', ...target.headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
      },
    );
    req.on('error', fail);
    req.end(target.body);
  });
}

/** Open loop at `rate` calls a second for `seconds`. */
async function paced(target: LoadTarget, rate: number, seconds: number): Promise<PacedResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  const outcomes: Record<string, number> = {};
  const failed = (outcome: string) => {
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  };
  const total = Math.round(rate * seconds);
  const start = performance.now() + 50;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    // From its due time, or from when it left if the timer fired a little early.
    const from = Math.min(due, performance.now());
    inFlight.push(
      post(agent, target).then(
        (status) => {
          if (status === 200) latencies.push(performance.now() - from);
          else failed(String(status));
        },
        () => failed('network'),
      ),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  return { latencies, errors: Object.values(outcomes).reduce((n, c) => n + c, 0), outcomes };
}

/** Closed loop: `connections` keep-alive loops for `seconds`; answered (200) calls a second. */
async function max(target: LoadTarget, connections: number, seconds: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  let answered = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) if ((await post(agent, target).catch(() => 0)) === 200) answered++;
    }),
  );
  agent.destroy();
  return answered / ((performance.now() - started) / 1000);
}

function generate<T>(job: Job): Promise<T> {
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      [import.meta.filename, JSON.stringify(job)],
      { maxBuffer: 256 * 1024 * 1024 },
      (error, stdout) => (error ? fail(error) : done(JSON.parse(stdout) as T)),
    );
  });
}

/** Open loop from the generator process: `rate` calls a second for `seconds`. */
export const pacedRun = (target: LoadTarget, rate: number, seconds: number) =>
  generate<PacedResult>({ mode: 'paced', target, rate, seconds });

/** Closed loop from the generator process: answered calls a second over `connections` keep-alive connections. */
export const mostAnswered = (target: LoadTarget, connections: number, seconds: number) =>
  generate<number>({ mode: 'max', target, connections, seconds });

if (process.argv[1] === import.meta.filename && process.argv[2]) {
  const job = JSON.parse(process.argv[2]) as Job;
  const result =
    job.mode === 'paced'
      ? await paced(job.target, job.rate, job.seconds)
      : await max(job.target, job.connections, job.seconds);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
