import { constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

/**
 * Long-cached chunks for the big libraries (Vite 8 / Rolldown code-splitting groups, the successor of
 * manualChunks). antd's components are left to automatic splitting so that the login page does not
 * download tables, menus and trees; only its styling core is grouped.
 */
const CHUNK_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  {
    // antd's styling engine and the rc-component basics every antd component needs (not the components)
    name: 'antd-base',
    test: /node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|@rc-component[\\/](util|motion)|stylis|@emotion)[\\/]/,
    priority: 20,
  },
  { name: 'vendor', test: /node_modules[\\/](axios|zustand|@tanstack|dayjs)[\\/]/, priority: 10 },
  // zod only where a form or screen validates: not in the first download of the login page
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 10 },
];

/**
 * Every text asset of the build is also written precompressed (.br at quality 11 and .gz at level 9), once,
 * at build time; the server sends the variant the browser accepts (docs/decisions/070-console-compression.md).
 */
const precompress = compression({
  include: /\.(js|mjs|css|html|svg|json|txt|ico|map)$/,
  threshold: 1024,
  algorithms: [
    defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    defineAlgorithm('gzip', { level: 9 }),
  ],
  logLevel: 'silent',
});

export default defineConfig({
  plugins: [react(), precompress],
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
      output: {
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
});
