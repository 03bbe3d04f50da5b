// Decides whether the server build is current: a hash of the sources the last build saw. The build
// holds code only (pages render on demand), so data never makes it stale.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE_ROOTS = ['src', 'public', 'astro.config.mjs', 'package-lock.json'];

function* files(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
}

export function sourceHash(root: string): string {
  const hash = createHash('sha256');
  for (const top of SOURCE_ROOTS) {
    for (const file of files(join(root, top))) {
      hash.update(file).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

export interface BuildStamp {
  sourceHash: string;
  builtAt: string;
  durationMs: number;
}

export function readStamp(outDir: string): BuildStamp | null {
  try {
    return JSON.parse(readFileSync(join(outDir, 'build-stamp.json'), 'utf8')) as BuildStamp;
  } catch {
    return null;
  }
}

export function writeStamp(outDir: string, stamp: BuildStamp): void {
  writeFileSync(join(outDir, 'build-stamp.json'), `${JSON.stringify(stamp, null, 2)}\n`);
}
