import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  plugins: [react()],
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
