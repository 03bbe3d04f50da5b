// Loading feedback for calls to the integration layer: a thin bar at the top of the page while calls
// are in flight, and a floor under answers that would otherwise make a spinner flash.
// - The bar appears only when calls take longer than PROGRESS_THROTTLE_MS (most answers are quicker,
//   and a bar blinking on every price batch would be noise); it then fills over
//   5000 ms (the CSS transition in ShellProgress.astro) and completes when the last call has settled.
// - minDelay(): an answer that arrives sooner than MIN_FETCH_DELAY_MS is held until then, so a
//   loading state that was drawn stays long enough to be seen as one.
import { atom, onMount } from 'nanostores';

/** @internal Exported for tests. */
export const PROGRESS_THROTTLE_MS = 200;
/** @internal Exported for tests. */
export const MIN_FETCH_DELAY_MS = 200;
/** @internal Exported for tests. How long the full bar stays before it fades, so the shopper sees the work finish. */
export const PROGRESS_FINISH_MS = 200;

/** @internal Exported for tests. Calls under way; written only through trackRequest(). */
export const $requestsInFlight = atom(0);

/** idle: no bar; running: filling up; done: full, about to fade. */
export type ProgressPhase = 'idle' | 'running' | 'done';
export const $progressBar = atom<ProgressPhase>('idle');

/** Counts the call as in flight until it settles, whatever its outcome. */
export async function trackRequest<T>(task: Promise<T>): Promise<T> {
  $requestsInFlight.set($requestsInFlight.get() + 1);
  try {
    return await task;
  } finally {
    $requestsInFlight.set($requestsInFlight.get() - 1);
  }
}

/** The task's outcome, but not before `ms` have passed since the call. */
export async function minDelay<T>(task: Promise<T>, ms = MIN_FETCH_DELAY_MS): Promise<T> {
  const floor = new Promise<void>((resolve) => setTimeout(resolve, ms));
  const [outcome] = await Promise.allSettled([task, floor]);
  if (outcome.status === 'rejected') throw outcome.reason;
  return outcome.value;
}

// The bar follows the calls only while something shows it; its timers are local to that time.
onMount($progressBar, () => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = (ms: number, then: () => void) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      then();
    }, ms);
  };
  const stop = $requestsInFlight.subscribe((count) => {
    const phase = $progressBar.get();
    if (count > 0) {
      // Already showing, or already waiting out the throttle: the new call just joins in.
      if (phase === 'running' || (phase === 'idle' && timer !== undefined)) return;
      later(PROGRESS_THROTTLE_MS, () => {
        if ($requestsInFlight.get() > 0) $progressBar.set('running');
      });
    } else if (phase === 'idle') {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    } else {
      $progressBar.set('done');
      later(PROGRESS_FINISH_MS, () => $progressBar.set('idle'));
    }
  });
  return () => {
    stop();
    if (timer !== undefined) clearTimeout(timer);
    $progressBar.set('idle');
  };
});
