// The export's work pools (scripts/lib/export/pool.ts): a feed worked on while it is still being
// filled (images fetched while pages render), and the fixed-list pool built on it.
import { describe, expect, test } from 'vitest';
import { feed, pool } from '../../scripts/lib/export/pool.ts';

/** A worker whose items finish when the test says so, recording how many run at once. */
function controlled() {
  const release = new Map<number, () => void>();
  const state = { running: 0, most: 0, done: [] as number[] };
  const worker = (item: number) =>
    new Promise<void>((resolve) => {
      state.running++;
      state.most = Math.max(state.most, state.running);
      release.set(item, () => {
        state.running--;
        state.done.push(item);
        resolve();
      });
    });
  return { state, worker, finish: (item: number) => release.get(item)!() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('feed', () => {
  test('works on what is pushed at most `concurrency` at a time; more once widened; drain waits for all', async () => {
    const { state, worker, finish } = controlled();
    const work = feed(2, worker);
    for (const item of [1, 2, 3, 4]) work.push(item);
    expect(state.running).toBe(2);
    expect(work.pending).toBe(4);
    finish(1);
    await tick();
    expect(state.running).toBe(2);
    work.setConcurrency(3);
    expect(state.running).toBe(3);
    let drained = false;
    const draining = work.drain().then(() => (drained = true));
    for (const item of [2, 3]) finish(item);
    await tick();
    expect(drained).toBe(false);
    finish(4);
    await draining;
    expect(state.done).toEqual([1, 2, 3, 4]);
    expect(state.most).toBe(3);
    expect(work.pending).toBe(0);
  });

  test('the first failure stops what has not started; drain rejects with it after the running items end', async () => {
    const started: number[] = [];
    let finishSlow!: () => void;
    const work = feed(2, async (item: number) => {
      started.push(item);
      if (item === 1) throw new Error('no space left');
      if (item === 2) await new Promise<void>((resolve) => (finishSlow = resolve));
    });
    for (const item of [1, 2, 3, 4]) work.push(item);
    await tick();
    let settled = false;
    const draining = work.drain().finally(() => (settled = true));
    await tick();
    expect(settled).toBe(false); // item 2 still writes
    finishSlow();
    await expect(draining).rejects.toThrow('no space left');
    expect(started).toEqual([1, 2]);
  });

  test('an abort stops what has not started and drain rejects with its reason', async () => {
    const aborting = new AbortController();
    const { worker, finish } = controlled();
    const work = feed(1, worker, aborting.signal);
    for (const item of [1, 2]) work.push(item);
    aborting.abort(new Error('SIGINT'));
    finish(1);
    await expect(work.drain()).rejects.toThrow('SIGINT');
    expect(work.pending).toBe(1);
  });
});

describe('pool', () => {
  test('runs every item of a list and resolves once all are done', async () => {
    const done: number[] = [];
    await pool([1, 2, 3, 4, 5], 2, async (item) => {
      await tick();
      done.push(item);
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
