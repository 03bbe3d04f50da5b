// The PostgreSQL error behind a failed query, whichever driver (pg, PGlite) and wrapper raised it.
export function pgError(error: unknown): { code: string; constraint?: string; message: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: string; message: string; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: candidate.constraint, message: candidate.message };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** A unique violation, optionally of one named index or constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = pgError(error);
  if (e?.code !== '23505') return false;
  return !constraint || (e.constraint ?? e.message).includes(constraint);
}
