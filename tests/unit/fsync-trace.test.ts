// The strace reader behind tests/durability/fsync.test.ts, on trace shapes strace really prints:
// calls split by another thread ("<unfinished ...>" with two spaces, "<... read resumed>").
import { describe, expect, test } from 'vitest';
import { orderAcks } from '../durability/fsync-trace.ts';

const trace = (lines: string[]) => lines.join('\n');

describe('orderAcks', () => {
  test('pairs a request and its answer with the WAL syncs in between', () => {
    const acks = orderAcks(
      trace([
        '100 openat(AT_FDCWD, "/d/pglite/pg_wal/0001", O_RDWR|O_CLOEXEC) = 30',
        '100 read(22, "POST /api/orders/create HTTP/1.1\\r\\nhost: x\\r\\n"..., 65536) = 516',
        '100 fsync(30)                       = 0',
        '100 writev(22, [{iov_base="HTTP/1.1 200 OK\\r\\n"..., iov_len=300}], 2) = 900',
      ]),
      '/api/orders/create',
    );
    expect(acks).toEqual([{ requestLine: 1, answerLine: 3, status: 200, synced: ['/d/pglite/pg_wal/0001'] }]);
  });

  test('joins calls another thread interrupted, whatever the spacing strace leaves', () => {
    const acks = orderAcks(
      trace([
        '100 openat(AT_FDCWD, "/d/pglite/pg_wal/0002", O_RDWR|O_CLOEXEC <unfinished ...>',
        '101 write(19, "\\1\\0\\0\\0\\0\\0\\0\\0", 8 <unfinished ...>',
        '100 <... openat resumed>)          = 31',
        '100 read(23,  <unfinished ...>',
        '101 <... write resumed>)           = 8',
        '100 <... read resumed>"POST /api/orders/create HTTP/1.1\\r\\nhost: x"..., 65536) = 516',
        '100 fsync(31 <unfinished ...>',
        '101 read(19, "\\1\\0\\0\\0\\0\\0\\0\\0", 1024) = 8',
        '100 <... fsync resumed>)           = 0',
        '100 write(23, "HTTP/1.1 409 Conflict\\r\\n"..., 400 <unfinished ...>',
        '100 <... write resumed>)           = 400',
      ]),
      '/api/orders/create',
    );
    expect(acks.map(({ status, synced }) => ({ status, synced }))).toEqual([
      { status: 409, synced: ['/d/pglite/pg_wal/0002'] },
    ]);
  });

  test('ignores other paths and answers to requests it did not see', () => {
    const acks = orderAcks(
      trace([
        '100 read(22, "POST /api/cart HTTP/1.1\\r\\n"..., 65536) = 200',
        '100 write(22, "HTTP/1.1 200 OK\\r\\n"..., 100) = 100',
      ]),
      '/api/orders/create',
    );
    expect(acks).toEqual([]);
  });
});
