import { defineConfig } from 'vitest/config';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

const API_TESTS = 'apps/api/src/**/*.test.ts';

/**
 * With a PostgreSQL server the API suite runs on it, and on PGlite only where the two engines take different code
 * paths or behave differently (decision 045): the migrations and the embedded first start, NOTIFY (PGlite delivers
 * in-process), one connection instead of a pool (locks, leases, idempotent end-call, an import's transaction). Every
 * other statement is the same SQL on both, and every journey runs on PGlite. Without a server, PGlite runs it all.
 */
const BOTH_ENGINES = [
  'apps/api/src/db/**/*.test.ts',
  'apps/api/src/features/auth/session-cache.test.ts',
  'apps/api/src/features/supervisor-floor/**/*.test.ts',
  'apps/api/src/features/end-call/command.test.ts',
  'apps/api/src/features/end-call/end-call-lock.test.ts',
  'apps/api/src/features/mail/email-leases.test.ts',
  'apps/api/src/features/current-call/call-race.test.ts',
  'apps/api/src/features/measureit/measureit-lock.test.ts',
  'apps/api/src/features/outbound-import/outbound-import.test.ts',
  'apps/api/src/features/call-search/call-search-counts.test.ts',
];

const apiProject = (name: string, db: 'pglite' | 'postgres', include: string[]) => ({
  extends: true as const,
  test: {
    name,
    include,
    globalSetup: ['apps/api/src/test/global-setup.ts'],
    env: { TEST_DB: db },
    testTimeout: 60_000,
    // Each API test file builds its own app on its own database, and nothing in the app is kept at module level, so a
    // worker keeps the modules it has loaded for its next file: loading them anew for each of some 230 files was a
    // third of the suite's CPU (import 224 s against 22 s for the same twenty files).
    isolate: false,
    hookTimeout: 120_000,
  },
});

/**
 * Four test files at once on two cores: the API files spend most of their time waiting on the database server, timers
 * and sockets (a run used 30 % of the CPU with two), so four halve the wall time (decision 045). TEST_WORKERS changes it.
 */
const WORKERS = Number(process.env.TEST_WORKERS ?? 4);

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: WORKERS,
    projects: [
      { extends: true, test: { name: 'domain', include: ['packages/*/src/**/*.test.ts', 'tools/**/*.test.ts'] } },
      // The web app's pure modules (request building, mappings); the screens themselves are covered by e2e.
      { extends: true, test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      // The bench's own mechanisms (its load client), against local sockets only.
      { extends: true, test: { name: 'bench', include: ['bench/src/**/*.test.ts'] } },
      ...(withPostgres
        ? [apiProject('api-postgres', 'postgres', [API_TESTS]), apiProject('api-pglite', 'pglite', BOTH_ENGINES)]
        : [apiProject('api-pglite', 'pglite', [API_TESTS])]),
    ],
  },
});
