// What every start script needs first and cheaply: the repository's root, the log line, the settings.
// Apart from ./prepare.ts, whose modules (the database, the demo shop) take ~190 MB when loaded: the
// launcher of `npm start` (scripts/start.ts) stays small with these alone.
import { resolve } from 'node:path';
import { EnvError, parseEnv, type Env } from '#lib/server/env.ts';

export const root = resolve(import.meta.dirname, '../..');

export function log(message: string): void {
  console.log(`[storefront] ${message}`);
}

export function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
