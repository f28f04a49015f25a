import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Test files that need a module registry of their own: those that replace a module (`vi.mock`: in a
 * shared registry an earlier file may already hold the real one) and one that compares antd's markup
 * with a stand-in (it needs antd loaded by its own paths).
 */
export const OWN_MODULES = readdirSync(join(import.meta.dirname, 'src'), {
  recursive: true,
  encoding: 'utf8',
})
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => `src/${f.split('\\').join('/')}`)
  .filter(
    (f) =>
      f.endsWith('account-type-select.test.tsx') ||
      readFileSync(join(import.meta.dirname, f), 'utf8').includes('vi.mock('),
  );

export const webTest = {
  root: import.meta.dirname,
  environment: 'jsdom' as const,
  setupFiles: ['./src/test/setup.ts'],
  css: false,
  testTimeout: 20000,
};

// One module registry per worker (decision 157): importing antd, React and the app again for every
// file took half of each file's time. src/test/setup.ts resets what a file leaves in the app's
// singletons; OWN_MODULES run in vitest.own-modules.config.ts, isolated.
export default defineConfig({
  plugins: [react()],
  test: {
    ...webTest,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: OWN_MODULES,
    isolate: false,
  },
});
