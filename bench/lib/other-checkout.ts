// The shop as it was at an older commit, to measure beside today's: a git worktree of that commit
// (created when missing, its node_modules a link to this checkout's, since the dependency set must be
// the same for the comparison to mean anything), built and seeded by ITS OWN scripts, so the old code
// runs its own migrations, seed and build as it did then.
import { execFile } from 'node:child_process';
import { existsSync, realpathSync, symlinkSync } from 'node:fs';
import { resolve } from 'node:path';
import { root } from '../../scripts/lib/prepare.ts';

function run(cwd: string, command: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((done, fail) => {
    execFile(
      command,
      args,
      { cwd, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error ? fail(new Error(`${command} ${args.join(' ')} in ${cwd} failed:\n${stdout}${stderr}`)) : done(stdout),
    );
  });
}

const git = (cwd: string, ...args: string[]) => run(cwd, 'git', args).then((out) => out.trim());

/** A worktree of `commit` in `folder` (created detached when missing; an existing one must be at that commit). */
export async function checkoutAt(commit: string, folder: string): Promise<{ folder: string; commit: string }> {
  const wanted = await git(root, 'rev-parse', '--verify', `${commit}^{commit}`);
  if (!existsSync(folder)) await git(root, 'worktree', 'add', '--detach', folder, wanted);
  const head = await git(folder, 'rev-parse', 'HEAD');
  if (head !== wanted) throw new Error(`${folder} is at ${head}, not at ${commit} (${wanted})`);
  const modules = resolve(folder, 'node_modules');
  if (!existsSync(modules)) symlinkSync(realpathSync(resolve(root, 'node_modules')), modules);
  return { folder, commit: wanted.slice(0, 7) };
}

/** The checkout's server built into its own `outDir` by its own scripts/lib/prepare.ts (when its sources changed). */
export function buildCheckout(folder: string, outDir: string): Promise<string> {
  return run(folder, process.execPath, [
    '--input-type=module',
    '-e',
    'const { buildIfStale } = await import(process.argv[1]); await buildIfStale(process.argv[2]);',
    resolve(folder, 'scripts/lib/prepare.ts'),
    outDir,
  ]);
}

/**
 * The checkout's database made ready by its own bench/lib/prepare-shop.ts: migrated, seeded with
 * BENCH_PRODUCTS demo products when empty, stock raised. `env` says which database (DATA_DIR or DATABASE_URL).
 */
export function prepareCheckoutData(folder: string, env: Record<string, string>): Promise<string> {
  return run(folder, process.execPath, [resolve(folder, 'bench/lib/prepare-shop.ts')], env);
}
