import { defineConfig } from 'vitest/config';

// Unit and integration tests only; Playwright owns tests/e2e (npm run test:e2e).
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    // Integration suites start a PostgreSQL cluster and migrate PGlite; both take seconds, not millis.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
