import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The menu walk (every screen of every demo account, with axe) is the longest file by far (~6 min in CI).
 * Vitest orders a fresh clone's files by size, which put this short file near the end, where it ran alone
 * on one worker while the other sat idle: it goes first, the rest as Vitest orders them.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const first = (f: TestSpecification) => (f.moduleId.endsWith('menu-walk.e2e.ts') ? 0 : 1);
    return sorted.sort((a, b) => first(a) - first(b));
  }
}

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
    // expect.poll's own default is 1 s: a screen still rendering on a loaded machine (fresh-clone CI: the
    // agreement page's 第1条 after 1 s) is not a failure; a locator's wait is 30 s here too
    expect: { poll: { timeout: 15_000, interval: 100 } },
    hookTimeout: 240_000,
    pool: 'forks',
    sequence: { sequencer: LongestFirst },
  },
});
