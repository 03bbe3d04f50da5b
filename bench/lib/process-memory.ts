// Memory of a process and everything it started (PostgreSQL's postmaster and its backends), from
// /proc (Linux). RSS counts shared pages in every process that maps them, so a sum over PostgreSQL's
// processes counts its shared buffers once per backend that touched them; PSS shares each page out
// among the processes that map it, so PSS sums to what the tree really holds.
import { readdirSync, readFileSync } from 'node:fs';

export interface TreeMemory {
  processes: number;
  rssMiB: number;
  pssMiB: number;
}

/** Parent pid of every process, from /proc/<pid>/stat (field 4, after the command in brackets). */
function parents(): Map<number, number> {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      /* the process ended meanwhile */
    }
  }
  return parentOf;
}

function descendantsAndSelf(pid: number): number[] {
  const parentOf = parents();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++)
    for (const [child, parent] of parentOf) if (parent === tree[i]) tree.push(child);
  return tree;
}

/** A "Field:  123 kB" line of a /proc file, in MiB (0 when the process ended meanwhile). */
function kibField(file: string, field: string): number {
  try {
    const kib = new RegExp(`^${field}:\\s*(\\d+) kB`, 'm').exec(readFileSync(file, 'utf8'))?.[1];
    return Number(kib ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** RSS and PSS of `pid` and all its descendants, summed. */
export function treeMemory(pid: number): TreeMemory {
  const pids = descendantsAndSelf(pid);
  return {
    processes: pids.length,
    rssMiB: pids.reduce((sum, p) => sum + kibField(`/proc/${p}/status`, 'VmRSS'), 0),
    pssMiB: pids.reduce((sum, p) => sum + kibField(`/proc/${p}/smaps_rollup`, 'Pss'), 0),
  };
}
