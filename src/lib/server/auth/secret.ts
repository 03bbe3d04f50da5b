// The key that signs user tokens and derives refresh-token successors.
//
// AUTH_SECRET wins. Without it, the embedded single-instance setup generates a secret once and keeps
// it under DATA_DIR (mode 0600) so a restart does not sign everybody out. With DATABASE_URL the shop
// may run as several instances that must verify each other's tokens, so a per-instance file would
// break sessions at random: there we refuse to run auth until AUTH_SECRET is set.
import { readFileSync, writeFileSync, mkdirSync, chmodSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { env } from '../env.ts';
import { logger } from '../log.ts';
import { hmac } from './crypto.ts';

class AuthConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuthConfigError';
  }
}

const MIN_SECRET_LENGTH = 32;
let cached: string | undefined;

function authSecretPath(dataDir = env().DATA_DIR): string {
  return join(resolve(dataDir), 'auth-secret');
}

function readSecretFile(path: string): string | undefined {
  try {
    const value = readFileSync(path, 'utf8').trim();
    if (value.length < MIN_SECRET_LENGTH)
      throw new AuthConfigError(
        `${path} holds fewer than ${MIN_SECRET_LENGTH} characters; delete it to generate a new secret.`,
      );
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function loadOrCreateSecretFile(dataDir: string): string {
  const path = authSecretPath(dataDir);
  const existing = readSecretFile(path);
  if (existing) return existing;
  mkdirSync(resolve(dataDir), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': when two processes race on first start, one creates the file and both then use its content.
    writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(path, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  logger.warn(
    { path },
    'AUTH_SECRET is not set; using the generated secret in this file. Set AUTH_SECRET (32+ characters) in production.',
  );
  return readSecretFile(path)!;
}

/** The signing secret; throws AuthConfigError when the configuration cannot give a safe one. */
function authSecret(): string {
  if (cached) return cached;
  const e = env();
  if (e.AUTH_SECRET) cached = e.AUTH_SECRET;
  else if (e.DATABASE_URL) {
    throw new AuthConfigError(
      'AUTH_SECRET must be set when DATABASE_URL is used: every instance of the shop must sign and verify ' +
        'sessions with the same secret. Set AUTH_SECRET to a random string of at least 32 characters.',
    );
  } else cached = loadOrCreateSecretFile(e.DATA_DIR);
  return cached;
}

/** Checks at server start that auth can run; start scripts call it to fail fast instead of at first login. */
export function checkAuthConfiguration(): void {
  authSecret();
}

/** One derived key per purpose, so a value signed for one use can never be replayed as another. */
export function derivedKey(purpose: 'user-token' | 'refresh-successor' | 'order-mail' | 'content-preview'): Buffer {
  return hmac(authSecret(), `vsf-auth:${purpose}`);
}
