import { constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

/**
 * The modules the entry imports statically (what the login page runs), found once the module graph is
 * built. They form one `first` chunk: the login page then downloads a few files instead of ~35 small
 * shared chunks, each gzipped on its own (docs/decisions/097-light-login-entry.md).
 *
 * The walk does not go through the index files that re-export a whole library (antd's, the icons', the
 * contract's, rc color-picker's): what they re-export is mostly unused by the login page but used by other
 * screens, and the group would take it in. (The login page imports antd and the icons by their own paths.)
 */
const firstPaint = new Set<string>();
const NOT_FOLLOWED = [
  // index files that re-export a whole library
  /[\\/](antd[\\/]es|@ant-design[\\/]icons[\\/]es|contract[\\/]src|@rc-component[\\/]color-picker[\\/]es)[\\/]index\.[jt]s$/,
];
function firstPaintGraph(): Plugin {
  return {
    name: 'netbar-first-paint-graph',
    apply: 'build',
    buildEnd() {
      firstPaint.clear();
      const stack = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      while (stack.length) {
        const id = stack.pop() as string;
        if (firstPaint.has(id) || NOT_FOLLOWED.some((re) => re.test(id))) continue;
        firstPaint.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

/**
 * Long-cached chunks for the big libraries (Vite 8 / Rolldown code-splitting groups, the successor of
 * manualChunks), then the login page's own modules (`first`, above). antd's other components are left to
 * automatic splitting so that the login page does not download tables, menus and trees.
 */
const CHUNK_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  {
    // antd's styling engine and the rc-component basics every antd component needs (not the components)
    name: 'antd-base',
    test: /node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|@rc-component[\\/](util|motion)|stylis|@emotion)[\\/]/,
    priority: 20,
  },
  // the request client, the query client and dayjs: used by every screen after login, not by the login page
  // (zustand, which the login page does use, is left to the entry: docs/decisions/097-light-login-entry.md)
  { name: 'vendor', test: /node_modules[\\/](axios|@tanstack|dayjs)[\\/]/, priority: 10 },
  // zod only where a form or screen validates: not in the first download of the login page
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 10 },
  // antd Form's field engine, for the screens with forms: the login page renders its form without it
  // (decision 098). Only these modules (not what they import), and not rc-field-form's FormContext,
  // which antd's form context (read by every input) imports.
  {
    name: 'form-engine',
    test: (id: string) =>
      /node_modules[\\/](@rc-component[\\/](form|async-validator)|scroll-into-view-if-needed|compute-scroll-into-view)[\\/]/.test(
        id,
      ) && !/[\\/]FormContext\.js$/.test(id),
    includeDependenciesRecursively: false,
    priority: 8,
  },
  { name: 'first', test: (id: string) => firstPaint.has(id), priority: 5 },
];

/**
 * Every text asset of the build is also written precompressed (.br at quality 11 and .gz at level 9), once,
 * at build time; the server sends the variant the browser accepts (docs/decisions/070-console-compression.md).
 */
const precompress = compression({
  include: /\.(js|mjs|css|html|svg|json|txt|ico|map)$/,
  threshold: 256, // index.html is under 1 KB since the login entry shrank (decision 097); it still goes out compressed
  algorithms: [
    defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    defineAlgorithm('gzip', { level: 9 }),
  ],
  logLevel: 'silent',
});

export default defineConfig({
  plugins: [react(), firstPaintGraph(), precompress],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/businessimport': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // rc-field-form has no `sideEffects` field; its index only assigns to its own objects. Without this the
      // entry would import the form-engine chunk to run that index (decision 098).
      treeshake: {
        moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]form[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
});
