// Store tests start from a clean slate: cleanStores() drops listeners and runs onMount cleanups, and
// then every atom goes back to the value it was created with (cleanStores leaves values alone).
import { cleanStores, type ReadableAtom, type WritableAtom } from 'nanostores';

export function resetStores(atoms: WritableAtom<unknown>[], derived: ReadableAtom<unknown>[] = []): void {
  cleanStores(...derived, ...atoms);
  for (const store of atoms) store.set(store.init);
}
