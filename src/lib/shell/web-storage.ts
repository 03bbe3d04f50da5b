// The Web Storage behind every persistent store (@nanostores/persistent). The library keeps all its
// stores in one engine, localStorage by default; some values must last only as long as the browser
// tab (recently viewed products, the category view), so a store whose key starts with `session:`
// lives in sessionStorage under the rest of its key, and every other key stays in localStorage.
// Storage the browser blocks (privacy settings, sandboxed frames) or that is full never breaks a
// store: the value is kept in memory for the page, as the library does without storage.
import { setPersistentEngine, windowPersistentEvents, type PersistentEvents } from '@nanostores/persistent';

const SESSION = 'session:';

/** The key of a persistent store that lasts for the browser tab only. */
export const sessionKey = (key: string): string => `${SESSION}${key}`;

interface Slot {
  storage: Storage;
  key: string;
}

/** Values no storage would take, for this page only (the library's own fallback is such an object too). */
const unsaved = new Map<string, string>();

function slot(name: string | symbol): Slot | null {
  if (typeof name !== 'string') return null;
  try {
    // Reading either property throws where the browser blocks storage; on the server both are missing.
    const storage = name.startsWith(SESSION) ? globalThis.sessionStorage : globalThis.localStorage;
    return storage ? { storage, key: name.startsWith(SESSION) ? name.slice(SESSION.length) : name } : null;
  } catch {
    return null;
  }
}

function read(name: string | symbol): string | undefined {
  if (typeof name === 'string' && unsaved.has(name)) return unsaved.get(name);
  const s = slot(name);
  try {
    return s?.storage.getItem(s.key) ?? undefined;
  } catch {
    return undefined;
  }
}

function keysOf(storage: () => Storage | undefined, prefix: string): string[] {
  try {
    const area = storage();
    if (!area) return [];
    return Array.from({ length: area.length }, (_, i) => area.key(i))
      .filter((k) => k !== null)
      .map((k) => `${prefix}${k}`);
  } catch {
    return [];
  }
}

/** A key-value view of both storages, as the library reads it (get, in, set, delete, for…in). */
const engine = new Proxy<Record<string, string>>(
  {},
  {
    get: (_target, name) => read(name),
    has: (_target, name) => read(name) !== undefined,
    set(_target, name, value: string) {
      if (typeof name !== 'string') return true;
      const s = slot(name);
      try {
        if (!s) throw new Error('no storage');
        s.storage.setItem(s.key, value);
        unsaved.delete(name);
      } catch {
        unsaved.set(name, value);
      }
      return true;
    },
    deleteProperty(_target, name) {
      if (typeof name === 'string') unsaved.delete(name);
      const s = slot(name);
      try {
        s?.storage.removeItem(s.key);
      } catch {
        // Blocked storage has nothing to remove.
      }
      return true;
    },
    ownKeys: () => [
      ...new Set([
        ...keysOf(() => globalThis.localStorage, ''),
        ...keysOf(() => globalThis.sessionStorage, SESSION),
        ...unsaved.keys(),
      ]),
    ],
    getOwnPropertyDescriptor: (_target, name) => {
      const value = read(name);
      return value === undefined ? undefined : { value, enumerable: true, configurable: true, writable: true };
    },
  },
);

const noEvents: PersistentEvents = { addEventListener() {}, removeEventListener() {} };

// Installed when the first store module that needs it loads, before that module creates its stores.
// Keys without the session prefix behave exactly as with the library's default engine.
setPersistentEngine(engine, typeof window === 'undefined' ? noEvents : windowPersistentEvents);
