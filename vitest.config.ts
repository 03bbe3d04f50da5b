import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './tests/setup/slow-first-sequencer.ts';

// Unit and integration tests only; Playwright owns tests/e2e (npm run test:e2e).
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/durability/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    // One migrated PGlite and one PostgreSQL cluster with a migrated template for the whole run.
    globalSetup: ['tests/setup/template-databases.ts'],
    // Vitest's default on 2 cores is one worker. Much of an integration file's time is waiting on
    // PostgreSQL or a shop child process, so two workers overlap well even on two cores.
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 2),
    sequence: { sequencer: SlowFirstSequencer },
    // Tests call endpoints in-process, all as one client without an address: the per-client request
    // budgets would refuse them. tests/unit/client-budget.test.ts tests the budgets themselves.
    env: { RATE_LIMIT_SCALE: '0' },
    // Integration suites start a PostgreSQL cluster and migrate PGlite; both take seconds, not millis.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
