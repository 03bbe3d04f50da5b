// A deploy replaces the hashed script chunks; a page opened before it then fails to load an island's
// code. Reloading fetches the new page and its new chunks, but a chunk that is broken for another
// reason must not reload the page in a loop: at most one reload per minute per tab.

/** @internal Exported for tests. */
export const CHUNK_RELOAD_KEY = 'chunk-reload-at';
/** @internal Exported for tests. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

/** The messages browsers give a failed dynamic import (Chromium, Safari, Firefox). */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

/** @internal Exported for tests. */
export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '';
  return CHUNK_ERROR.test(message);
}

/** @internal Exported for tests. Whether a reload is allowed now, given the stored time of the last one (null: none yet). */
export function mayReload(lastReloadAt: string | null, now: number): boolean {
  const last = Number(lastReloadAt);
  return lastReloadAt === null || !Number.isFinite(last) || now - last >= CHUNK_RELOAD_INTERVAL_MS || last > now;
}

interface ReloadTarget {
  addEventListener: Window['addEventListener'];
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
  location: Pick<Location, 'reload'>;
}

/** @internal Exported for tests. Reloads once a minute at most; returns whether it did. Storage that throws means: do not reload. */
export function reloadForChunk(target: ReloadTarget, now = Date.now()): boolean {
  try {
    if (!mayReload(target.sessionStorage.getItem(CHUNK_RELOAD_KEY), now)) return false;
    target.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // Without storage the guard cannot hold, and an unguarded reload could loop.
    return false;
  }
  target.location.reload();
  return true;
}

/** Vite's preload failure and any unhandled failed dynamic import (Astro's island loader) both count. */
export function installChunkReload(target: ReloadTarget): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunk(target)) event.preventDefault();
  });
  target.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason) && reloadForChunk(target)) event.preventDefault();
  });
}
