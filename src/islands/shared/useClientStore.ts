// Stores filled from the browser (session cookie, localStorage) differ from what the server rendered.
// An island's first client render must match that HTML, or hydration fails (React error 418): this
// gives the server's value until the island has mounted, then the live one.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';

export function useClientStore<T>(store: ReadableAtom<T>, serverValue: T): T {
  const value = useStore(store);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? value : serverValue;
}
