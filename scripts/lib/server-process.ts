// `npm start`'s server in a process of its own, started as the deployment's recipes start theirs
// (./node-flags.ts): glibc reads MALLOC_ARENA_MAX only when a process starts, so the launcher, which
// migrates, seeds and builds first, cannot set it for itself; and the server starts without whatever
// that work left in the launcher's memory. The launcher stays the server's parent: it hands on every
// stop signal it gets and exits as the server did.
import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { shopServerCommand } from './node-flags.ts';

/** Handed on to the server: a stop (graceful-stop.ts), and a closed terminal. */
const HANDED_ON = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Serves the build in `outDir` from a child process; this process exits when it does, with its code. */
export function serveInChildProcess(outDir: string): ChildProcess {
  const { args, env } = shopServerCommand(outDir);
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

/** Resolves once the server at `origin` answers /healthz (it is then listening). */
export async function answering(origin: string, pollMs = 100): Promise<void> {
  for (;;) {
    const ok = await fetch(new URL('/healthz', origin), { signal: AbortSignal.timeout(5_000) }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.ok;
      },
      () => false,
    );
    if (ok) return;
    await sleep(pollMs);
  }
}
