import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const serverProject = (name: string, mode: 'pglite' | 'pg') => ({
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    env: { TEST_DB_MODE: mode },
    testTimeout: 30_000,
    // a fresh test database (migrations, PGlite start) on a loaded 2-core machine took over 60 s
    hookTimeout: 180_000,
    pool: 'forks' as const,
    // one process per worker for all its files (decision 157): the app's imports load once; the test
    // harness clears the process caches for each new app (src/test/harness.ts)
    isolate: false,
  },
});

/** Every runner of `npm test`: contract, server on PGlite (and on PostgreSQL + Redis when configured), web. */
export default defineConfig({
  test: {
    // Vitest's default in `run` is one worker fewer than the cores: a single worker on the 2-core CI
    // machine, idle while PostgreSQL or the disk works. Two files at a time keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A render React's scheduler still held when a web file's jsdom was torn down runs without a window
    // (apps/web/src/test/setup.ts drains what it can; fresh-clone CI once caught one more, after every test
    // of computer-statistics-page had passed): that render belongs to no test and is not reported. Any
    // other error, or this one from anywhere but React's scheduler, still fails the run.
    onUnhandledError(error) {
      const stack = String(error.stack ?? '');
      if (error.message === 'window is not defined' && stack.includes('performWorkUntilDeadline'))
        return false;
    },
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      serverProject('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', 'pg')] : []),
      './apps/web/vitest.config.ts',
      './apps/web/vitest.own-modules.config.ts',
    ],
  },
});
