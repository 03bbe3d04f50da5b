// `npm start`'s server in a process of its own, started as the deployment's recipes start theirs
// (./node-flags.ts): glibc reads MALLOC_ARENA_MAX only when a process starts, so the launcher cannot
// set it for itself; and the server starts without whatever the preparation left in memory. The
// launcher stays the server's parent: it hands on every stop signal it gets and exits as the server did.
import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import { shopServerCommand } from './node-flags.ts';

/** Handed on to the server: a stop (graceful-stop.ts), and a closed terminal. */
const HANDED_ON = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Serves the build in `outDir` from a child process (scripts/serve.ts with `serveArgs`); this process exits when it does, with its code. */
export function serveInChildProcess(outDir: string, serveArgs: string[] = []): ChildProcess {
  const { args, env } = shopServerCommand(outDir, serveArgs);
  const child = spawn(process.execPath, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
    // A process group of its own: Ctrl-C signals a terminal's whole foreground group, so the server
    // would get SIGINT from the terminal and again from here, and a second stop signal means "exit
    // now" to it. It gets each signal once, from here.
    detached: true,
  });
  for (const signal of HANDED_ON) process.on(signal, () => child.kill(signal));
  child.once('exit', (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)));
  return child;
}
