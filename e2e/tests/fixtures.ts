/**
 * The journeys' `test`: Playwright's, with one server per worker on its own copy of the seeded database
 * (support/server.ts), and `baseURL` pointing at it. A project sets `serverEnv` for a server with other settings, or
 * `serverClockShiftMs` for one whose clock runs ahead.
 */
import fs from 'node:fs';
import { expect, test as base } from '@playwright/test';
import { copyTemplate, startServer } from '../support/server.js';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page, Request, Route } from '@playwright/test';

export interface WorkerFixtures {
  serverEnv: Record<string, string>;
  /** How far ahead of the system's clock the worker's server answers (0: its own clock). */
  serverClockShiftMs: number;
  server: { url: string };
}

export interface TestFixtures {
  gridDiagnostics: void;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverEnv: [{}, { scope: 'worker', option: true }],
  serverClockShiftMs: [0, { scope: 'worker', option: true }],
  server: [
    async ({ serverEnv, serverClockShiftMs }, use, workerInfo) => {
      const runId = process.env.E2E_RUN_ID;
      if (!runId) throw new Error('E2E_RUN_ID is set by the global setup');
      const dir = copyTemplate(runId, `${workerInfo.project.name}-${workerInfo.workerIndex}`);
      const server = await startServer(dir, serverEnv, serverClockShiftMs);
      try {
        await use({ url: server.url });
      } finally {
        await server.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  // AG Grid says in the console, not by failing, when a grid uses a feature whose module is not registered (the app
  // registers only the modules its grids use) or an option it no longer reads: any such message fails the journey.
  gridDiagnostics: [
    async ({ context }, use) => {
      const said: string[] = [];
      context.on('console', (message) => {
        if (['error', 'warning'].includes(message.type()) && message.text().includes('AG Grid'))
          said.push(message.text());
      });
      await use();
      expect(said, 'what AG Grid reported in the console').toEqual([]);
    },
    { auto: true },
  ],
});
