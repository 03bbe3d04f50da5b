// Loading feedback: the progress bar appears only for calls slower than the throttle and finishes
// when the last one settles; quick answers are held to the minimum fetch delay; a failed script
// chunk reloads the page at most once a minute.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { cleanStores, keepMount } from 'nanostores';
import {
  $progressBar,
  $requestsInFlight,
  MIN_FETCH_DELAY_MS,
  PROGRESS_FINISH_MS,
  PROGRESS_THROTTLE_MS,
  minDelay,
  trackRequest,
} from '#lib/shell/progress.ts';
import {
  CHUNK_RELOAD_INTERVAL_MS,
  CHUNK_RELOAD_KEY,
  isChunkLoadError,
  mayReload,
  reloadForChunk,
} from '#lib/shell/progress-chunk-reload.ts';
import { MemoryStorage } from '#tests/helpers/memory-storage.ts';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanStores($progressBar);
  $requestsInFlight.set(0);
  vi.useRealTimers();
});

describe('trackRequest', () => {
  test('counts a call in flight until it settles, failures included', async () => {
    const ok = deferred<number>();
    const bad = deferred<number>();
    const first = trackRequest(ok.promise);
    const second = trackRequest(bad.promise).catch(() => 'failed');
    expect($requestsInFlight.get()).toBe(2);
    ok.resolve(1);
    await first;
    expect($requestsInFlight.get()).toBe(1);
    bad.reject(new Error('boom'));
    expect(await second).toBe('failed');
    expect($requestsInFlight.get()).toBe(0);
  });
});

describe('$progressBar', () => {
  test('stays hidden for a call quicker than the throttle', async () => {
    keepMount($progressBar);
    const call = deferred();
    const tracked = trackRequest(call.promise);
    await vi.advanceTimersByTimeAsync(PROGRESS_THROTTLE_MS - 50);
    call.resolve();
    await tracked;
    await vi.advanceTimersByTimeAsync(PROGRESS_THROTTLE_MS * 2);
    expect($progressBar.get()).toBe('idle');
  });

  test('shows for a slow call, completes when the last call ends, then fades', async () => {
    keepMount($progressBar);
    const slow = deferred();
    const slower = deferred();
    const a = trackRequest(slow.promise);
    const b = trackRequest(slower.promise);
    await vi.advanceTimersByTimeAsync(PROGRESS_THROTTLE_MS);
    expect($progressBar.get()).toBe('running');
    slow.resolve();
    await a;
    expect($progressBar.get()).toBe('running');
    slower.resolve();
    await b;
    expect($progressBar.get()).toBe('done');
    await vi.advanceTimersByTimeAsync(PROGRESS_FINISH_MS);
    expect($progressBar.get()).toBe('idle');
  });

  test('a call starting while the bar fades waits out the throttle again', async () => {
    keepMount($progressBar);
    const first = deferred();
    const a = trackRequest(first.promise);
    await vi.advanceTimersByTimeAsync(PROGRESS_THROTTLE_MS);
    first.resolve();
    await a;
    expect($progressBar.get()).toBe('done');
    const next = deferred();
    const b = trackRequest(next.promise);
    next.resolve();
    await b;
    await vi.advanceTimersByTimeAsync(PROGRESS_FINISH_MS + PROGRESS_THROTTLE_MS);
    expect($progressBar.get()).toBe('idle');
  });
});

describe('minDelay', () => {
  test('holds a quick answer until the minimum delay has passed', async () => {
    let value: string | undefined;
    void minDelay(Promise.resolve('data')).then((v) => {
      value = v;
    });
    await vi.advanceTimersByTimeAsync(MIN_FETCH_DELAY_MS - 1);
    expect(value).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(value).toBe('data');
  });

  test('does not add to a slow answer', async () => {
    const slow = deferred<string>();
    let value: string | undefined;
    void minDelay(slow.promise).then((v) => {
      value = v;
    });
    await vi.advanceTimersByTimeAsync(MIN_FETCH_DELAY_MS * 3);
    slow.resolve('late');
    await vi.advanceTimersByTimeAsync(0);
    expect(value).toBe('late');
  });

  test('passes a failure on, after the delay', async () => {
    const outcome = minDelay(Promise.reject(new Error('down'))).catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(MIN_FETCH_DELAY_MS);
    expect(await outcome).toBe('down');
  });
});

describe('chunk-load reload', () => {
  const target = (storage: MemoryStorage) => ({
    addEventListener: vi.fn(),
    sessionStorage: storage,
    location: { reload: vi.fn() },
  });

  test("recognises the browsers' failed dynamic import messages only", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_astro/Cart.abc.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Network down'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  test('allows a reload when none happened within the last minute', () => {
    expect(mayReload(null, 1_000_000)).toBe(true);
    expect(mayReload(String(1_000_000 - CHUNK_RELOAD_INTERVAL_MS), 1_000_000)).toBe(true);
    expect(mayReload(String(1_000_000 - CHUNK_RELOAD_INTERVAL_MS + 1), 1_000_000)).toBe(false);
    expect(mayReload('garbage', 1_000_000)).toBe(true);
  });

  test('reloads once, then not again within a minute', () => {
    const storage = new MemoryStorage();
    const t = target(storage);
    expect(reloadForChunk(t, 5_000_000)).toBe(true);
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe('5000000');
    expect(reloadForChunk(t, 5_000_000 + 30_000)).toBe(false);
    expect(t.location.reload).toHaveBeenCalledTimes(1);
    expect(reloadForChunk(t, 5_000_000 + CHUNK_RELOAD_INTERVAL_MS)).toBe(true);
    expect(t.location.reload).toHaveBeenCalledTimes(2);
  });

  test('never reloads when storage is blocked (the guard could not hold)', () => {
    const storage = new MemoryStorage();
    storage.getItem = () => {
      throw new Error('blocked');
    };
    const t = target(storage);
    expect(reloadForChunk(t)).toBe(false);
    expect(t.location.reload).not.toHaveBeenCalled();
  });
});
