import { defineConfig } from 'vitest/config';

// Unit and integration tests only; Playwright owns tests/e2e (npm run test:e2e).
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/durability/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    // Tests call endpoints in-process, all as one client without an address: the per-client request
    // budgets would refuse them. tests/unit/client-budget.test.ts tests the budgets themselves.
    env: { RATE_LIMIT_SCALE: '0' },
    // Integration suites start a PostgreSQL cluster and migrate PGlite; both take seconds, not millis.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
