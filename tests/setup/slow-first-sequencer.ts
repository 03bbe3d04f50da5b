// Files that run the built shop as child processes (tests/durability: a kill -9 loop of about three
// minutes, backup and restore) are the run's long poles: started last, they would keep the run going
// long after the other worker ran out of files. They go first; the rest keeps Vitest's own order
// (longest first from the last run's timings, else largest file first).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONG_POLES = /\/tests\/durability\//;

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [
      ...sorted.filter((f) => LONG_POLES.test(f.moduleId)),
      ...sorted.filter((f) => !LONG_POLES.test(f.moduleId)),
    ];
  }
}
