import { defineConfig } from 'vitest/config';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

const apiProject = (name: string, db: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: ['apps/api/src/**/*.test.ts'],
    globalSetup: ['apps/api/src/test/global-setup.ts'],
    env: { TEST_DB: db },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'domain', include: ['packages/*/src/**/*.test.ts', 'tools/**/*.test.ts'] } },
      // The web app's pure modules (request building, mappings); the screens themselves are covered by e2e.
      { extends: true, test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      apiProject('api-pglite', 'pglite'),
      ...(withPostgres ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
