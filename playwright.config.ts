// End-to-end tests against the built shop (scripts/test-server.ts: fresh seeded database, build, serve).
// Playwright's own browser download cannot work here, so the tests drive Debian's chromium.
import { defineConfig } from '@playwright/test';

// E2E_PORT lets several test servers (e.g. parallel work trees) run side by side.
const port = process.env.E2E_PORT ?? '4329';
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // Per port, so that suites running side by side do not wipe each other's traces.
  outputDir: `test-results/e2e-${port}`,
  workers: 2,
  // Journeys (a whole checkout, the address book, eight pages with their islands) took 25 to 32 s on a
  // busy 2-core machine: with Playwright's 30 s default they failed by turns, passing on retry. A
  // test's time is never what a test asserts; BENCHMARKS.md holds the figures.
  timeout: 90_000,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  use: {
    baseURL,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /\.mobile\.spec\.ts$/,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      testMatch: /\.mobile\.spec\.ts$/,
      use: { browserName: 'chromium', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
    },
  ],
  webServer: {
    command: 'npm run test:server',
    url: baseURL,
    timeout: 600_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
  },
});
