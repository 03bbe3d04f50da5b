// Reads an strace log of the shop (strace -f -e trace=openat,read,write,writev,fsync,fdatasync) and
// pairs every order the shop answered with the WAL syncs between its request and its answer.

export interface OrderAck {
  /** Line numbers in the trace: the request read from the socket, the answer written to it. */
  requestLine: number;
  answerLine: number;
  status: number;
  /** The files synced in between (fsync or fdatasync), as opened. */
  synced: string[];
}

/**
 * strace splits a call another thread interrupted: `read(23,  <unfinished ...>`, later
 * `<... read resumed>"POST …`. The joined call may therefore carry extra spaces after a comma, which
 * the patterns below allow (a request read this way was once missed under load).
 */
function joinedCalls(trace: string): string[] {
  const open = new Map<string, string>();
  const calls: string[] = [];
  for (const raw of trace.split('\n')) {
    const match = /^(\d+)\s+(.*)$/.exec(raw);
    if (!match) continue;
    const [, pid, rest] = match as unknown as [string, string, string];
    if (rest.endsWith('<unfinished ...>')) {
      open.set(pid, rest.slice(0, -'<unfinished ...>'.length));
      continue;
    }
    const resumed = /^<\.\.\. \w+ resumed>(.*)$/.exec(rest);
    if (resumed) {
      calls.push(`${open.get(pid) ?? ''}${resumed[1]}`);
      open.delete(pid);
    } else calls.push(rest);
  }
  return calls;
}

/** Every answer to `POST <path>`, with what was synced while it was being handled. */
export function orderAcks(trace: string, path: string): OrderAck[] {
  const files = new Map<number, string>();
  const pending = new Map<number, { line: number; synced: string[] }>();
  const acks: OrderAck[] = [];
  const calls = joinedCalls(trace);
  calls.forEach((call, line) => {
    const opened = /^openat\([^,]+,\s*"([^"]+)",.*\)\s+=\s+(\d+)$/.exec(call);
    if (opened) return void files.set(Number(opened[2]), opened[1]!);
    const synced = /^f(?:data)?sync\((\d+)\s*\)\s+=\s+0$/.exec(call);
    if (synced) {
      const file = files.get(Number(synced[1])) ?? `fd ${synced[1]}`;
      for (const request of pending.values()) request.synced.push(file);
      return;
    }
    const request = /^read\((\d+),\s*"([A-Z]+) (\S+) HTTP\/1\.1/.exec(call);
    if (request && request[2] === 'POST' && request[3] === path)
      return void pending.set(Number(request[1]), { line, synced: [] });
    const answer = /^writev?\((\d+),\s*(?:\[\{iov_base=)?"HTTP\/1\.1 (\d{3})/.exec(call);
    const open = answer ? pending.get(Number(answer[1])) : undefined;
    if (answer && open) {
      acks.push({ requestLine: open.line, answerLine: line, status: Number(answer[2]), synced: open.synced });
      pending.delete(Number(answer[1]));
    }
  });
  return acks;
}
