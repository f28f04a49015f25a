import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { OWN_MODULES, webTest } from './vitest.config.ts';

/** The web tests that need a module registry of their own (see vitest.config.ts). */
export default defineConfig({
  plugins: [react()],
  test: { ...webTest, name: 'web-own-modules', include: OWN_MODULES },
});
