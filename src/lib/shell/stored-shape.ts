// Shape checks for values read back from browser storage, which the shopper can edit: a value that
// does not match is dropped by its store. Plain checks instead of a schema library, which would
// otherwise be the largest download of every page (stores are part of the shell).

/** An object with these keys only (`extra`: other keys are allowed too), each present. */
export function hasOnlyKeys<K extends string>(
  value: unknown,
  keys: readonly K[],
  { extra = false } = {},
): value is Record<K, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const own = Object.keys(value);
  return keys.every((k) => own.includes(k)) && (extra || own.length === keys.length);
}

export const isPositiveInteger = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
