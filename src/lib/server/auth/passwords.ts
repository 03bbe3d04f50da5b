// Password hashing with argon2id (@node-rs/argon2, OWASP parameters: 19 MiB, 2 passes, 1 lane). Every
// hash and verify takes a slot of the process's argon2 bound (hash-gate.ts); callers run them only
// after every cheaper check (schema, rate limit, password rules, cart or token), so a refused request
// never costs a hash.
import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';
import { withHashSlot } from './hash-gate.ts';

// A const enum of the package's typings; its runtime value is 2 (Argon2id).
const ARGON2ID = 2 as Algorithm;
const POLICY = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return withHashSlot('newPassword', () => hash(password, POLICY));
}

/**
 * The hash of a random, forgotten password, made with the POLICY parameters (a test keeps them in
 * step), so verifying against it costs what verifying a real account costs.
 * @internal Exported only for that test; nothing else needs the value.
 */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$ZNcLwQrwTS7o7HqRGzGlUQ$YIxU+H2fWxkGG5Pt8t48OKtrUtOWZLV+RwEVgPbcXMM';

/**
 * Verifies a password. With no stored hash (unknown user, or an account without a password yet) it
 * verifies against a dummy hash anyway, so the answer takes as long as for a real account.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  return withHashSlot('signIn', async () => {
    if (!storedHash) {
      await verify(DUMMY_HASH, password).catch(() => false);
      return false;
    }
    try {
      return await verify(storedHash, password);
    } catch {
      // A malformed stored hash is a data problem, not a reason to let anybody in.
      return false;
    }
  });
}

/** True when a stored hash was made with weaker or other parameters than today's policy. */
export function needsRehash(storedHash: string): boolean {
  try {
    const o = parseOptions(storedHash);
    return (
      o.algorithm !== POLICY.algorithm ||
      o.memoryCost < POLICY.memoryCost ||
      o.timeCost < POLICY.timeCost ||
      o.parallelism !== POLICY.parallelism
    );
  } catch {
    return true;
  }
}
