import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import type { WorkerFixtures } from './tests/fixtures.js';

/**
 * The production build on embedded databases with demo data: the global setup seeds one once, and each worker
 * starts its own server on a copy of it (tests/fixtures.ts), so workers share nothing. The 'idle' project's
 * servers run with short idle times and 10-second browser tokens (refreshed several times in a journey) for the
 * session time-out journeys.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/**
 * Debian's browser binary itself, not its `/usr/bin/chromium` shell wrapper, which adds flags of its own (GPU
 * rasterization, done in software here, and its extensions): the same journeys took a tenth less CPU without them.
 */
const CHROMIUM = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((path) => fs.existsSync(path));

export default defineConfig<object, WorkerFixtures>({
  testDir: './tests',
  // Journeys of several windows and sign-ins take 20-50 s on a 2-core machine of the slower kind with two workers
  // (browser, server and embedded database each), where a minute failed journeys that were only slow (CI, 2026-11-27).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: WORKERS,
  // A flaky test is fixed, not retried: a retry would hide it.
  retries: 0,
  reporter: [['list']],
  use: {
    viewport: { width: 1280, height: 800 },
    // The app honours reduced motion (theme.respectReducedMotion): no dialog is caught half faded in, when axe
    // measured a button's colours blended with the overlay (a contrast of 3.97 that no user sees once it settles).
    reducedMotion: 'reduce',
    // A trace recorded for every journey (a screencast and a DOM snapshot per action) was a third of the suite's time
    // on two cores, and CI's are never read (its clone is discarded): E2E_TRACE=1 records them, kept for failures.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'app', testIgnore: /session-timeout/ },
    {
      name: 'idle',
      testMatch: /session-timeout/,
      use: { serverEnv: { CLIENT_IDLE_SECONDS: '4', CLIENT_WARNING_SECONDS: '5', ACCESS_TOKEN_SECONDS: '10' } },
    },
  ],
});
