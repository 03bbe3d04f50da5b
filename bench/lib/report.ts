// Shared by the bench scripts: percentiles, the machine line, and replacing one section of
// BENCHMARKS.md while keeping the others.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { execFileSync } from 'node:child_process';

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export function machine(): string {
  const model =
    readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.+)$/m)?.[1] ?? cpus()[0]?.model ?? 'unknown';
  let nproc = String(cpus().length);
  try {
    nproc = execFileSync('nproc', { encoding: 'utf8' }).trim();
  } catch {
    /* os.cpus() then */
  }
  return `${nproc} CPUs (${model}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}`;
}

const HEADER = `# Benchmarks

What: latency and throughput of the shop's hot paths, measured end to end in process (no HTTP server).
How: each bench script under \`bench/\` (\`npm run bench:*\`) seeds a fresh database, warms up, runs each
scenario several times and reports the median of the runs. Sections are replaced by their own script.
`;

/** Replaces the section that starts with `title` (a '## ' heading), or appends it. */
export function writeSection(title: string, section: string): void {
  const file = 'BENCHMARKS.md';
  const current = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
  const start = current.indexOf(title);
  let next: string;
  if (start === -1) {
    next = `${current.trimEnd()}\n\n${section}`;
  } else {
    const after = current.indexOf('\n## ', start + title.length);
    next = current.slice(0, start) + section + (after === -1 ? '' : `\n${current.slice(after + 1)}`);
  }
  writeFileSync(file, next.endsWith('\n') ? next : `${next}\n`);
}
