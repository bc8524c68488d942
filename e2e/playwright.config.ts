import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

/**
 * The production build on fresh embedded databases with demo data. Two servers: the normal one, and
 * one with short idle times and 10-second browser tokens (refreshed several times in a journey) for the
 * session time-out journeys.
 */
const PORT = Number(process.env.E2E_PORT ?? 3310);
const IDLE_PORT = PORT + 1;
const dataDir = (name: string) => path.join(os.tmpdir(), `cc-e2e-${name}-${process.pid}`);
const server = (name: string, port: number, env: string) => ({
  command: `rm -rf ${dataDir(name)} && ${env} DATA_DIR=${dataDir(name)} PORT=${port} LOG_LEVEL=warn node ../apps/api/dist/server.js`,
  url: `http://localhost:${port}/api/client-config`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // A flaky test is fixed, not retried: a retry would hide it.
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 1280, height: 800 },
    // The app honours reduced motion (theme.respectReducedMotion): no dialog is caught half faded in, when axe
    // measured a button's colours blended with the overlay (a contrast of 3.97 that no user sees once it settles).
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
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
    { name: 'idle', testMatch: /session-timeout/, use: { baseURL: `http://localhost:${IDLE_PORT}` } },
  ],
  webServer: [
    server('app', PORT, ''),
    server('idle', IDLE_PORT, 'CLIENT_IDLE_SECONDS=4 CLIENT_WARNING_SECONDS=5 ACCESS_TOKEN_SECONDS=10'),
  ],
});
