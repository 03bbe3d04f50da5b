// A bound on argon2 work in this process. Each hash or verify takes about 40 ms of a core and 19 MiB:
// without a bound, a burst of registrations or logins runs them all at once on the thread pool, and
// every request, real logins included, waits behind the burst (measured: 200 parallel password
// requests took a normal login from about 40 ms to about 900 ms). With it, a few run at a time, a
// bounded queue waits its turn, and beyond that the answer is 503 with Retry-After at once instead
// of a pile-up. The bound is per process on purpose: it protects this process's CPU; the per-IP rate
// limits (in the database) are what every instance shares.
// New passwords (what anonymous visitors can ask for in bulk: registrations, accounts at checkout) and
// sign-ins (verifying a password a customer typed) have a bound each: a flood of registrations takes
// one core at most, and customers signing in keep the other.
import { ApiError } from '../http.ts';

/** argon2 runs at once per kind of work; the shop's machines have two cores. */
const CONCURRENCY = { newPassword: 1, signIn: 2 } as const;
/** Waiting runs; at about 40 ms each, the last one waits some 400 ms. */
const HASH_QUEUE_LIMIT = 20;
const BUSY_RETRY_SECONDS = 2;

const serverBusy = () =>
  new ApiError(
    'SERVER_BUSY',
    'The shop is busy. Please try again in a moment.',
    503,
    { retryAfter: BUSY_RETRY_SECONDS },
    { 'retry-after': String(BUSY_RETRY_SECONDS) },
  );

/** A counting semaphore whose queue has a bound: `run` refuses at once when the queue is full. */
class BoundedSemaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  private readonly limit: number;
  private readonly queueLimit: number;
  private readonly refuse: () => Error;

  constructor(limit: number, queueLimit: number, refuse: () => Error) {
    this.limit = limit;
    this.queueLimit = queueLimit;
    this.refuse = refuse;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.queueLimit) throw this.refuse();
      // The slot is handed over by release(), so `running` never drops below the limit in between.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}

const gates = {
  newPassword: new BoundedSemaphore(CONCURRENCY.newPassword, HASH_QUEUE_LIMIT, serverBusy),
  signIn: new BoundedSemaphore(CONCURRENCY.signIn, HASH_QUEUE_LIMIT, serverBusy),
};

/**
 * Runs one argon2 hash of a new password, or one verify of a typed one, within its bound
 * (SERVER_BUSY when the queue is full).
 */
export function withHashSlot<T>(kind: keyof typeof gates, task: () => Promise<T>): Promise<T> {
  return gates[kind].run(task);
}
