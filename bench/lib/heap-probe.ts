// The server's V8 heap, read from outside: a bench loads this module into the shop's process with
// `--import` (NODE_OPTIONS, see heapProbeEnv) and it writes the heap figures to a file once a
// second. /proc has the RSS but not the heap, and an inspector session would cost the server more.
import { readFileSync, writeFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';

const VARIABLE = 'BENCH_HEAP_PROBE_FILE';

interface HeapSample {
  usedMiB: number;
  totalMiB: number;
}

/** The environment that loads the probe into a child node process, writing to `file`. */
export function heapProbeEnv(file: string): Record<string, string> {
  const preload = `--import=${import.meta.filename}`;
  return { NODE_OPTIONS: [process.env.NODE_OPTIONS, preload].filter(Boolean).join(' '), [VARIABLE]: file };
}

/** The last figures the probe wrote, or undefined before its first write. */
export function readHeapProbe(file: string): HeapSample | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as HeapSample;
  } catch {
    return undefined;
  }
}

// In the probed process only: the bench itself imports this module without the variable set.
const target = process.env[VARIABLE];
if (target) {
  const write = () => {
    const heap = getHeapStatistics();
    const sample: HeapSample = { usedMiB: heap.used_heap_size / 2 ** 20, totalMiB: heap.total_heap_size / 2 ** 20 };
    try {
      writeFileSync(target, JSON.stringify(sample));
    } catch {
      /* the bench reads the previous sample */
    }
  };
  write();
  setInterval(write, 1000).unref();
}
