import { defineConfig } from 'vitest/config';

/** Browser flows in Debian Chromium against the built product (see e2e/README.md). */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // one server per worker (support/global-setup.ts): a worker's files run one after another on its own data
    maxWorkers: Math.max(1, Number(process.env.E2E_WORKERS) || 2),
    testTimeout: 90_000,
    hookTimeout: 240_000,
    pool: 'forks',
  },
});
